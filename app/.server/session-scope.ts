import { readCookie, serializeCookie } from "./cookies";

/**
 * The in-app booking session scope (spec part 1 §3 "Session scope", part 2 §6): the mobile app opens a portal page
 * with `?sessionScope=in-app-booking`, and from then on, for the rest of the browser session, the portal shows no
 * header, footer or chat/phone promos. A session cookie (no Max-Age) keeps it; logging out ends it.
 */
export const SESSION_SCOPES = ["in-app-booking"] as const;
export type SessionScope = (typeof SESSION_SCOPES)[number];

export const SESSION_SCOPE_PARAM = "sessionScope";
/** A preference holding no identifier, like the analytics answer: a plain name. */
export const SESSION_SCOPE_COOKIE = "session_scope";

const isScope = (value: string | null): value is SessionScope =>
  value !== null && (SESSION_SCOPES as readonly string[]).includes(value);

/**
 * The scope of a request: the query's (which starts it) or the cookie's. `start` says the query asked for a scope
 * the cookie does not hold yet, so the response sets the cookie. Any other value of the query is ignored.
 */
export function readSessionScope(
  cookieHeader: string | null,
  query: URLSearchParams,
): { scope: SessionScope | null; start: boolean } {
  const fromQuery = query.get(SESSION_SCOPE_PARAM);
  const fromCookie = readCookie(cookieHeader, SESSION_SCOPE_COOKIE);
  const cookieScope = isScope(fromCookie) ? fromCookie : null;
  if (isScope(fromQuery)) return { scope: fromQuery, start: fromQuery !== cookieScope };
  return { scope: cookieScope, start: false };
}

/** Starts the scope for the browser session: no Max-Age, so the browser drops it when it closes. */
export function sessionScopeCookie(scope: SessionScope): string {
  return serializeCookie(SESSION_SCOPE_COOKIE, scope);
}

/** Ends the scope (at logout). */
export function clearSessionScopeCookie(): string {
  return serializeCookie(SESSION_SCOPE_COOKIE, "", { maxAge: 0 });
}
