import type { FormLimits } from "./message-view";
import {
  ATTACHMENTS_MAX_COUNT,
  ATTACHMENTS_MAX_MEGABYTES,
  ATTACHMENT_ACCEPT,
  ATTACHMENT_EXTENSIONS,
  CONTENT_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
} from "./rules";

/** The allowed file types as the customer reads them ("PDF, RTF, …"). */
const ALLOWED_TYPES_TEXT = ATTACHMENT_EXTENSIONS.map((e) => e.toUpperCase()).join(", ");

/**
 * What the message forms show of the rules (rules.ts): given to the pages by their loaders, so that the browser
 * loads the rules themselves only to check chosen files or a form being sent.
 */
export const FORM_LIMITS: FormLimits = {
  accept: ATTACHMENT_ACCEPT,
  values: {
    max: SUBJECT_MAX_LENGTH,
    contentMax: CONTENT_MAX_LENGTH,
    megabytes: ATTACHMENTS_MAX_MEGABYTES,
    types: ALLOWED_TYPES_TEXT,
    count: ATTACHMENTS_MAX_COUNT,
  },
};
