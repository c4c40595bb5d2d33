import { data, redirect, type RouterContextProvider } from "react-router";
import { sessionState } from "~/.server/context";
import type { Person, SessionState } from "~/.server/session";
import { href } from "~/route-table";
import type { Lang } from "~/lib/lang";

export type UserSession = Extract<SessionState, { status: "valid" }> & { user: Person; actingPerson: Person };

/**
 * A page for logged-in customers: an expired session goes to the expired-session page, no session to login,
 * an identified person without a patient record to registration. Returns the session with its acting person.
 */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request, lang: Lang): UserSession {
  const session = sessionState(context);
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  if (session.status === "expired") throw redirect(href("expiredSession", lang, {}, { next: here }));
  if (session.status === "none") throw redirect(href("login", lang, {}, { nextPath: here }));
  if (session.status === "secondFactor") throw redirect(href("authentication", lang, {}, { next: here }));
  if (!session.user) throw redirect(href("registration", lang, {}, { next: here }));
  if (!session.actingPerson) throw redirect(href("login", lang, {}, { nextPath: here }));
  return session as UserSession;
}

/** The logged-in session of a call, or 401 as JSON. */
export function apiUser(context: Readonly<RouterContextProvider>): UserSession {
  const session = sessionState(context);
  if (session.status !== "valid" || !session.user || !session.actingPerson)
    throw data({ type: "Unauthorized" }, { status: 401 });
  return session as UserSession;
}
