import { z } from "zod";

/**
 * Text the portal stores or passes on must be plain: no NUL (PostgreSQL refuses it in text) and no other control
 * characters, which no keyboard types and which only confuse the clinic systems and logs. Tab, line feed and
 * carriage return are allowed (multi-line fields); so is every printable character of any script.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Half of a surrogate pair without the other half: not a character at all. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The i18n key of the field error (namespace `common`, which every page has). */
export const INVALID_CHARACTERS = "common.form.errors.invalidCharacters";

/** True when the text has no control characters and no unpaired UTF-16 surrogates. */
export function isPlainText(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * The first string in a parsed JSON value (keys included) that is not plain text, as a dotted path
 * (`"arrivalReason"`, `"items.0.name"`); null when everything is plain.
 */
export function firstUnplainPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return isPlainText(value) ? null : path.join(".");
  if (value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, key];
    if (!isPlainText(key)) return at.join(".");
    const found = firstUnplainPath(item, at);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A text field for the zod schemas of forms and calls: a string (else `message`) of plain text (else the
 * invalid-characters error). Chain `.trim()`, `.min()`, `.max()` and the like after it.
 */
export function textField(message: string) {
  return z.string({ error: message }).refine(isPlainText, { message: INVALID_CHARACTERS, abort: true });
}
