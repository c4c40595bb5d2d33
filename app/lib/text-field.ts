import { z } from "zod";
import { INVALID_CHARACTERS, isPlainText } from "./text";

/**
 * A text field for the zod schemas of forms and calls: a string (else `message`) of plain text (else the
 * invalid-characters error). Chain `.trim()`, `.min()`, `.max()` and the like after it.
 */
export function textField(message: string) {
  return z.string({ error: message }).refine(isPlainText, { message: INVALID_CHARACTERS, abort: true });
}
