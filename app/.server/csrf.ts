import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { cookieName, readCookie, serializeCookie } from "./cookies";
import { env } from "./env";

/**
 * CSRF tokens: a random cookie per browser, and a form token that is its HMAC. A cross-site page can neither
 * read the cookie nor compute the token. The cookie is replaced at login and logout.
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

export function csrfTokenFor(cookieValue: string): string {
  return createHmac("sha256", env().sessionSecret).update(`csrf:${cookieValue}`).digest("base64url");
}

/** The token a request carries: `csrfToken` in the query (the spec's API), the X-CSRF-Token header, or the form. */
async function presentedToken(request: Request): Promise<string | null> {
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get(CSRF_FIELD);
  if (fromQuery) return fromQuery;
  const fromHeader = request.headers.get("X-CSRF-Token");
  if (fromHeader) return fromHeader;
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

export async function isValidCsrf(request: Request, cookieValue: string | null): Promise<boolean> {
  if (!cookieValue) return false;
  const token = await presentedToken(request);
  if (!token) return false;
  const expected = Buffer.from(csrfTokenFor(cookieValue));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
