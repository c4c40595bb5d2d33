/**
 * Database ids (PostgreSQL `integer`/`serial`) as the portal accepts them from outside: a positive integer up to
 * 2 147 483 647, written canonically. Anything `Number()` would also have taken — `true`, `[37]`, `"0x25"`,
 * `" 37 "`, `"37.0"`, `"037"`, `"1e3"` — is refused, so one id has exactly one spelling.
 */
export const MAX_ID = 2_147_483_647;

const DIGITS = /^[1-9][0-9]{0,9}$/;

/**
 * An id from a path parameter, form field or JSON body: a JSON number that is a safe positive integer, or a string
 * of decimal digits without a leading zero; either within the int4 range. Null for anything else.
 */
export function parseId(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 && value <= MAX_ID ? value : null;
  if (typeof value !== "string" || !DIGITS.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** `1` or `1,2,3` from a URL: canonical ids, at most `max`, duplicates removed; null when any part is malformed. */
export function parseIdList(raw: string | undefined | null, max = 20): number[] | null {
  if (!raw) return null;
  const parts = raw.split(",");
  if (parts.length > max) return null;
  const ids: number[] = [];
  for (const part of parts) {
    const id = parseId(part);
    if (id === null) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The page number of a `?page=` query: a canonical whole number from 1 (at most six digits), else the first page. */
export function pageNumber(raw: string | null): number {
  return raw && /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : 1;
}
