/**
 * SMS login (the second factor, spec part 1 §4–§5, §7): the rules the browser and the server share. Messages are
 * i18n keys.
 */

/** How long a code counts after it was sent. */
export const SMS_CODE_TTL_SECONDS = 5 * 60;
/** Wrong tries one code allows; the next wrong one ends it ("too-many-mfa-attempts"). */
export const SMS_CODE_MAX_TRIES = 3;
/** Codes one person may have sent in an hour, whatever the purpose (each costs an SMS and gives 3 tries). */
export const SMS_CODES_PER_HOUR = 5;

/** The code check's result types (spec part 1 §4). */
export type CodeCheckResult = "mfa-ok" | "mfa-challenge-failed" | "too-many-mfa-attempts";

/** The multi-factor status types (spec part 1 §3). */
export type MfaStatus =
  | { type: "environment-has-mfa-disabled" }
  | { type: "too-many-onboarding-attempts"; nextAttempt: string }
  | { type: "user-wants-to-enable-mfa"; phoneNumber: string }
  | { type: "user-has-no-verified-mfa-device" }
  | { type: "enabled"; verifiedPhoneNumber: string };

/**
 * The SMS-login phone (spec part 1 §5): after trimming and removing spaces, an optional leading plus and at least
 * 6 digits; a leading 0 becomes +358 (the default country prefix). Null when it is not one.
 */
export function smsLoginPhone(input: string): string | null {
  const compact = input.trim().replace(/\s/g, "");
  if (!/^\+?\d{6,19}$/.test(compact)) return null;
  return compact.startsWith("0") ? `+358${compact.slice(1)}` : compact;
}

/** Four digits, nothing else (spaces a phone keyboard may add are ignored). */
export function smsCode(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const compact = input.replace(/\s/g, "");
  return /^\d{4}$/.test(compact) ? compact : null;
}

/** The last two digits of a phone number, the only part a page shows of it where it asks for the code. */
export function phoneEnding(phone: string): string {
  return phone.replace(/\D/g, "").slice(-2);
}
