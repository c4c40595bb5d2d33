import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { cookieName, readCookie, serializeCookie } from "./cookies";
import { env } from "./env";

/**
 * CSRF tokens: a random cookie per browser, and a form token that is its HMAC, bound to the session once there
 * is one. A cross-site page can neither read the cookie nor compute the token, and a cookie planted from a
 * sibling subdomain (where `__Host-` is off) is worthless without the victim's session. The cookie is replaced
 * at login and logout.
 */
export const CSRF_COOKIE = () => cookieName("csrf");
export const CSRF_FIELD = "csrfToken";

export function newCsrfCookieValue(): string {
  return randomBytes(24).toString("base64url");
}

export function csrfCookieHeader(value: string): string {
  return serializeCookie(CSRF_COOKIE(), value);
}

export function readCsrfCookie(request: Request): string | null {
  return readCsrfCookieHeader(request.headers.get("Cookie"));
}

export function readCsrfCookieHeader(cookieHeader: string | null): string | null {
  const v = readCookie(cookieHeader, CSRF_COOKIE());
  return v && v.length <= 64 ? v : null;
}

/** `sessionIdHash`: the session the token is bound to (null before there is one). */
export function csrfTokenFor(cookieValue: string, sessionIdHash: string | null = null): string {
  const binding = sessionIdHash ? `:${sessionIdHash}` : "";
  return createHmac("sha256", env().sessionSecret).update(`csrf:${cookieValue}${binding}`).digest("base64url");
}

/**
 * Cross-site requests are refused outright where the browser says where they come from: `Sec-Fetch-Site` must be
 * same-origin (or none: typed by the user), and `Origin`, when sent, must be the brand's own origin.
 */
export function isSameOriginRequest(request: Request, brandOrigin: string): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.get("Origin");
  if (origin && origin !== new URL(brandOrigin).origin) return false;
  return true;
}

/**
 * The token a request carries: `csrfToken` in the query (the spec's API), the X-CSRF-Token header, or the form —
 * `form` when the body was read already (a form that takes files, form-body.ts), else the request's own.
 */
async function presentedToken(request: Request, form?: FormData): Promise<string | null> {
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get(CSRF_FIELD);
  if (fromQuery) return fromQuery;
  const fromHeader = request.headers.get("X-CSRF-Token");
  if (fromHeader) return fromHeader;
  if (form) {
    const v = form.get(CSRF_FIELD);
    return typeof v === "string" ? v : null;
  }
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
    try {
      const form = await request.clone().formData();
      const v = form.get(CSRF_FIELD);
      return typeof v === "string" ? v : null;
    } catch {
      return null;
    }
  }
  return null;
}

export async function isValidCsrf(
  request: Request,
  cookieValue: string | null,
  sessionIdHash: string | null = null,
  form?: FormData,
): Promise<boolean> {
  if (!cookieValue) return false;
  const token = await presentedToken(request, form);
  if (!token) return false;
  const expected = Buffer.from(csrfTokenFor(cookieValue, sessionIdHash));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
