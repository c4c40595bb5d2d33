/**
 * Text the portal stores or passes on must be plain: no NUL (PostgreSQL refuses it in text) and no other control
 * characters, which no keyboard types and which only confuse the clinic systems and logs. Tab, line feed and
 * carriage return are allowed (multi-line fields); so is every printable character of any script.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Half of a surrogate pair without the other half: not a character at all. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Line breaks as the database keeps them and the pages split them: a form posts a textarea's lines with CR LF. */
export const normaliseLineBreaks = (text: string) => text.replace(/\r\n?/g, "\n");

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
  // Iterative, so a deeply nested body cannot exhaust the stack (see MAX_JSON_DEPTH); each entry links to its
  // parent instead of copying the path, so a long chain costs linear time, and the path is built only when found.
  type Step = { key: string; parent: Step | null };
  const pathOf = (step: Step | null) => {
    const keys: string[] = [];
    for (let s = step; s; s = s.parent) keys.push(s.key);
    return [...path, ...keys.reverse()].join(".");
  };
  const pending: { value: unknown; step: Step | null }[] = [{ value, step: null }];
  while (pending.length) {
    const next = pending.pop()!;
    if (typeof next.value === "string") {
      if (!isPlainText(next.value)) return pathOf(next.step);
      continue;
    }
    if (next.value === null || typeof next.value !== "object") continue;
    const entries = Object.entries(next.value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i];
      const step: Step = { key, parent: next.step };
      if (!isPlainText(key)) return pathOf(step);
      pending.push({ value: item, step });
    }
  }
  return null;
}

/** No call of this portal takes JSON nested deeper than this; deeper bodies are refused. */
export const MAX_JSON_DEPTH = 16;

/** Whether a parsed JSON value nests objects or arrays deeper than `max` (iterative). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length) {
    const next = pending.pop()!;
    if (next.value === null || typeof next.value !== "object") continue;
    if (next.depth >= max) return true;
    for (const item of Object.values(next.value)) pending.push({ value: item, depth: next.depth + 1 });
  }
  return false;
}
