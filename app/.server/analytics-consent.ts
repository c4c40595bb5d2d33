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
