import { INVALID_CHARACTERS } from "~/lib/text";
import type { T } from "~/lib/translate";
import { ANSWER_MAX_LENGTH, type RenewalFieldError } from "./renewal.schema";

/** The renewal page's texts (prescriptions.renewal). */
export const K = "prescriptions.renewal";

/** A field's error as its field and the error summary show it. */
export const fieldErrorText = (t: T, error: RenewalFieldError) =>
  error === "missing"
    ? t(`${K}.errors.missing`)
    : error === "tooLong"
      ? t(`${K}.errors.tooLong`, { max: ANSWER_MAX_LENGTH })
      : t(INVALID_CHARACTERS);
