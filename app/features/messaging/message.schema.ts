import { z } from "zod";
import { normaliseLineBreaks } from "~/lib/text";
import { textField } from "~/lib/text-field";
import {
  CONTENT_MAX_LENGTH,
  FORM_ERRORS as K,
  SUBJECT_MAX_LENGTH,
  attachmentErrorKey,
  checkAttachments,
} from "./rules";
import type { MessageErrors, MessageField } from "./message-view";

/** A reply needs text or at least one attachment (spec part 2 §5). */
export function replyProblem(message: string | undefined, attachmentCount: number): string | null {
  return !message?.trim() && attachmentCount === 0 ? `${K}.replyEmpty` : null;
}

/**
 * The first error of each of the form's `fields` in a zod result, as i18n keys. (The fields are given, so that the
 * browser's checks load without the pages' message-view.ts.)
 */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly MessageField[],
): MessageErrors {
  const errors: MessageErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as MessageField;
    if (fields.includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The message forms of the new-conversation and thread pages, shared by the server (the action) and the browser
 * (checks before anything is uploaded). Messages are i18n keys.
 */

export const newConversationSchema = z.object({
  subject: textField(`${K}.subjectRequired`)
    .trim()
    .min(1, `${K}.subjectRequired`)
    .max(SUBJECT_MAX_LENGTH, `${K}.subjectTooLong`),
  message: textField(`${K}.messageRequired`)
    .trim()
    .min(1, `${K}.messageRequired`)
    .max(CONTENT_MAX_LENGTH, `${K}.messageTooLong`)
    .transform(normaliseLineBreaks),
});

/** A reply may be only attachments, so its text is optional here (see `replyProblem`). */
export const replySchema = z.object({
  message: textField(`${K}.replyEmpty`)
    .max(CONTENT_MAX_LENGTH, `${K}.messageTooLong`)
    .transform(normaliseLineBreaks)
    .optional(),
});

/** Checks a form's values and its files' names and sizes, as the server will. */
export function checkMessageForm(
  mode: "new" | "reply",
  values: { subject?: string; message?: string },
  files: { fileName: string; size: number }[],
): MessageErrors {
  const errors: MessageErrors = {};
  if (mode === "new") {
    const parsed = newConversationSchema.safeParse({
      subject: values.subject || undefined,
      message: values.message || undefined,
    });
    if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error.issues, ["subject", "message"]));
  } else {
    const parsed = replySchema.safeParse({ message: values.message || undefined });
    if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error.issues, ["message"]));
    else {
      const empty = replyProblem(values.message, files.length);
      if (empty) errors.message = empty;
    }
  }
  const problem = files.length ? checkAttachments(files) : null;
  if (problem) errors.attachments = attachmentErrorKey(problem);
  return errors;
}
