/**
 * Finnish personal identity code (henkilötunnus, HETU): validation, parsing and helpers.
 *
 * Format: DDMMYYCZZZQ (11 characters)
 * - DDMMYY  date of birth; must be a real calendar date
 * - C       century sign: "+" = 1800s; "-", "Y", "X", "W", "V", "U" = 1900s;
 *           "A", "B", "C", "D", "E", "F" = 2000s (the additional signs came with the 2023 reform)
 * - ZZZ     individual number: 002-899 for real people, 900-999 for test codes; 000 and 001
 *           are never issued
 * - Q       check character: the nine digits DDMMYYZZZ read as one integer, modulo 31, used as
 *           an index into CHECK_CHARACTERS
 *
 * A "development-form" code has two capital letters and a digit as the individual part
 * (e.g. "010190-AB1X"). Such codes are only accepted with `allowDevelopmentCodes`, and their
 * check character is not verified (it cannot be computed from letters).
 *
 * Runs in the browser as well as on the server (no Node-only APIs).
 */
import { helsinkiDateParts } from "./format";

export type IdentityCodeError =
  "empty" | "tooLong" | "format" | "date" | "individualNumber" | "checkCharacter" | "developmentCode";

export type ParsedIdentityCode = {
  /** The normalised code: trimmed and upper-cased. */
  code: string;
  birthDate: { year: number; month: number; day: number };
  /** The three-character individual part, e.g. "308" (or "AB1" for a development code). */
  individualNumber: string;
  gender: "female" | "male";
  /** Individual number 900-999. */
  isTestCode: boolean;
  isDevelopmentCode: boolean;
};

export type IdentityCodeOptions = {
  allowDevelopmentCodes?: boolean;
  /** Test codes (individual number 900–999) are valid by default; production refuses them. */
  allowTestCodes?: boolean;
};

/** What an environment accepts: development takes both development forms, production neither. */
export function identityCodeOptions(environment: "development" | "production"): IdentityCodeOptions {
  const development = environment === "development";
  return { allowDevelopmentCodes: development, allowTestCodes: development };
}

export type ParseIdentityCodeResult = { ok: true; value: ParsedIdentityCode } | { ok: false; error: IdentityCodeError };

/** Index = (DDMMYYZZZ mod 31). The letters G, I, O, Q and Z are left out to avoid confusion. */
export const CHECK_CHARACTERS = "0123456789ABCDEFHJKLMNPRSTUVWXY";

export const IDENTITY_CODE_LENGTH = 11;

const CENTURY_BY_SIGN: Record<string, number> = {
  "+": 1800,
  "-": 1900,
  Y: 1900,
  X: 1900,
  W: 1900,
  V: 1900,
  U: 1900,
  A: 2000,
  B: 2000,
  C: 2000,
  D: 2000,
  E: 2000,
  F: 2000,
};

/**
 * Overall shape only; the ranges of the date fields, the individual number and the check
 * character are validated separately so that each failure gets its own error code.
 * Groups: day, month, two-digit year, century sign, individual part, check character.
 */
const SHAPE = /^(\d{2})(\d{2})(\d{2})([-+YXWVUABCDEF])(\d{3}|[A-Z]{2}\d)([0-9A-Z])$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isValidDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** The check character for the nine digits DDMMYYZZZ, e.g. "131052308" -> "T". */
export function checkCharacter(nineDigits: string): string {
  if (!/^\d{9}$/.test(nineDigits)) {
    throw new RangeError(`Expected nine digits, got "${nineDigits}"`);
  }
  // At most 999 999 999, well within the range of exactly representable integers.
  return CHECK_CHARACTERS[Number(nineDigits) % 31];
}

function normalise(input: string): string {
  return String(input ?? "")
    .trim()
    .toUpperCase();
}

export function parseIdentityCode(input: string, options: IdentityCodeOptions = {}): ParseIdentityCodeResult {
  const code = normalise(input);
  if (code === "") return { ok: false, error: "empty" };
  if (code.length > IDENTITY_CODE_LENGTH) return { ok: false, error: "tooLong" };

  const match = SHAPE.exec(code);
  if (!match) return { ok: false, error: "format" };
  const [, dd, mm, yy, sign, individualNumber, check] = match;

  const birthDate = {
    year: CENTURY_BY_SIGN[sign] + Number(yy),
    month: Number(mm),
    day: Number(dd),
  };
  if (!isValidDate(birthDate.year, birthDate.month, birthDate.day)) {
    return { ok: false, error: "date" };
  }

  const isDevelopmentCode = !/^\d{3}$/.test(individualNumber);
  if (isDevelopmentCode) {
    if (!options.allowDevelopmentCodes) return { ok: false, error: "developmentCode" };
  } else {
    if (Number(individualNumber) < 2) return { ok: false, error: "individualNumber" };
    if (checkCharacter(dd + mm + yy + individualNumber) !== check) {
      return { ok: false, error: "checkCharacter" };
    }
    if (options.allowTestCodes === false && Number(individualNumber) >= 900)
      return { ok: false, error: "developmentCode" };
  }

  // Parity of the individual number gives the gender; a development code has only its last
  // character as a digit, so that is used.
  const lastDigit = Number(individualNumber[2]);
  return {
    ok: true,
    value: {
      code,
      birthDate,
      individualNumber,
      gender: lastDigit % 2 === 0 ? "female" : "male",
      isTestCode: !isDevelopmentCode && Number(individualNumber) >= 900,
      isDevelopmentCode,
    },
  };
}

export function isValidIdentityCode(input: string, options?: IdentityCodeOptions): boolean {
  return parseIdentityCode(input, options).ok;
}

/**
 * Age in whole years on the Helsinki calendar date of `now`. The age goes up on the birthday
 * itself. Someone born on 29 February has their birthday on 1 March in common years (the
 * comparison is by month and day). A birth date after `now` gives a negative number.
 */
export function ageOn(birthDate: { year: number; month: number; day: number }, now: Date): number {
  const today = helsinkiDateParts(now);
  let age = today.year - birthDate.year;
  const birthdayReached =
    today.month > birthDate.month || (today.month === birthDate.month && today.day >= birthDate.day);
  if (!birthdayReached) age -= 1;
  return age;
}

/**
 * Hides the individual number and check character for display: "010190-9012" -> "010190-****".
 * Anything that does not look like an identity code is masked completely, so that a malformed
 * value never leaks into the page.
 */
export function maskIdentityCode(code: string): string {
  const normalised = normalise(code);
  if (/^\d{6}[-+YXWVUABCDEF][0-9A-Z]{4}$/.test(normalised)) {
    return `${normalised.slice(0, 7)}****`;
  }
  return "*".repeat(IDENTITY_CODE_LENGTH);
}

/**
 * Builds a valid identity code for the given birth date and individual number (2-999; use
 * 900-999 for test people). The century sign is "+" for 1800-1899, "-" for 1900-1999 and "A"
 * for 2000-2099. Throws a RangeError for an impossible date or individual number.
 */
export function makeTestIdentityCode(
  birth: { year: number; month: number; day: number },
  individualNumber: number,
): string {
  const { year, month, day } = birth;
  if (!isValidDate(year, month, day) || year < 1800 || year > 2099) {
    throw new RangeError(`Invalid birth date ${year}-${month}-${day}`);
  }
  if (!Number.isInteger(individualNumber) || individualNumber < 2 || individualNumber > 999) {
    throw new RangeError(`Invalid individual number ${individualNumber}`);
  }
  const sign = year < 1900 ? "+" : year < 2000 ? "-" : "A";
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  const datePart = pad(day, 2) + pad(month, 2) + pad(year % 100, 2);
  const individual = pad(individualNumber, 3);
  return `${datePart}${sign}${individual}${checkCharacter(datePart + individual)}`;
}
