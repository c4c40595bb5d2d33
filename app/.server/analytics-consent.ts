import { acrValues } from "~/lib/login-options";
import { readCookie, serializeCookie } from "./cookies";

/** Not a `__Host-` cookie on purpose: it is a preference, readable for a year, holding no identifier. */
export const ANALYTICS_CONSENT_COOKIE = "analytics_consent";
const ONE_YEAR = 365 * 24 * 60 * 60;

export function readAnalyticsConsent(cookieHeader: string | null): boolean | null {
  const value = readCookie(cookieHeader, ANALYTICS_CONSENT_COOKIE);
  return value === "granted" ? true : value === "denied" ? false : null;
}

export function analyticsConsentCookie(granted: boolean): string {
  return serializeCookie(ANALYTICS_CONSENT_COOKIE, granted ? "granted" : "denied", { maxAge: ONE_YEAR });
}

// One-time markers for the analytics events that happen on the server (spec part 1 §7): the page after the
// redirect reads the marker once, the root middleware clears it, and the browser pushes the event after hydration.
// Short-lived, so a marker that no page read (a closed tab) does not surface much later.
const MARKER_MAX_AGE = 5 * 60;

/** Set with an accepted answer: the next page records "consent saved". */
export const CONSENT_SAVED_COOKIE = "analytics_consent_saved";
/** Set when a login completes: holds the login type only (never who logged in). */
export const AUTH_SUCCESS_COOKIE = "auth_success";

export function consentSavedCookie(): string {
  return serializeCookie(CONSENT_SAVED_COOKIE, "1", { maxAge: MARKER_MAX_AGE });
}

export function readConsentSaved(cookieHeader: string | null): boolean {
  return readCookie(cookieHeader, CONSENT_SAVED_COOKIE) === "1";
}

/** A login type is a short word: an identification option's id (`nordea`, `mobiilivarmenne`) or `sms`. */
const LOGIN_TYPE = /^[a-z0-9-]{1,40}$/;

/** The login type of a successful login, for the analytics event of the page it lands on. */
export function authSuccessCookie(loginType: string): string {
  return serializeCookie(AUTH_SUCCESS_COOKIE, LOGIN_TYPE.test(loginType) ? loginType : "other", {
    maxAge: MARKER_MAX_AGE,
  });
}

export function readAuthSuccess(cookieHeader: string | null): string | null {
  const value = readCookie(cookieHeader, AUTH_SUCCESS_COOKIE);
  return value && LOGIN_TYPE.test(value) ? value : null;
}

/** Clears a one-time marker once a page has read it. */
export function clearMarkerCookie(name: typeof CONSENT_SAVED_COOKIE | typeof AUTH_SUCCESS_COOKIE): string {
  return serializeCookie(name, "", { maxAge: 0 });
}

/** The login type of a strong identification: the chosen option's id (`nordea`), from the broker's `acr`. */
export function loginTypeOfAcr(acr: string | null | undefined): string {
  return acrValues().find((o) => o.acr === acr)?.id ?? "other";
}
