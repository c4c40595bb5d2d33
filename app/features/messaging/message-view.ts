import type { FormErrors } from "~/ui/form";
import {
  ATTACHMENTS_MAX_COUNT,
  ATTACHMENTS_MAX_MEGABYTES,
  ATTACHMENT_EXTENSIONS,
  CONTENT_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
  type AttachmentProblem,
} from "./rules";

/**
 * What the messaging pages show and what their forms answer: plain, serialisable views (times as ISO strings), the
 * same from the loader and from polling, and the forms' fields and error keys. No zod here: the list and thread
 * pages load this without the form schemas (message.schema.ts), which the browser loads only when a form is sent.
 */

export const MESSAGE_FIELDS = ["subject", "message", "attachments"] as const;
export type MessageField = (typeof MESSAGE_FIELDS)[number];
/** Field errors by field: an i18n key each. The field's id is its name, with and without JavaScript. */
export type MessageErrors = FormErrors<MessageField>;

export const FORM_ERRORS = "messaging.form.errors";
const K = FORM_ERRORS;

/** Line breaks as the database keeps them: a form posts a textarea's lines with CR LF. */
export const normaliseLineBreaks = (text: string) => text.replace(/\r\n?/g, "\n");

export function attachmentErrorKey(problem: AttachmentProblem): string {
  return `${K}.attachments.${problem}`;
}

/** A reply needs text or at least one attachment (spec part 2 §5). */
export function replyProblem(message: string | undefined, attachmentCount: number): string | null {
  return !message?.trim() && attachmentCount === 0 ? `${K}.replyEmpty` : null;
}

/** The first error of each field of a zod result, as i18n keys. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): MessageErrors {
  const errors: MessageErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as MessageField;
    if (MESSAGE_FIELDS.includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** The allowed file types as the customer reads them ("PDF, RTF, …"). */
export const ALLOWED_TYPES_TEXT = ATTACHMENT_EXTENSIONS.map((e) => e.toUpperCase()).join(", ");

/** What every error text may need filled in. */
export const ERROR_TEXT_VALUES = {
  max: SUBJECT_MAX_LENGTH,
  contentMax: CONTENT_MAX_LENGTH,
  megabytes: ATTACHMENTS_MAX_MEGABYTES,
  types: ALLOWED_TYPES_TEXT,
  count: ATTACHMENTS_MAX_COUNT,
};

// ---------------------------------------------------------------------------------------------------------------
// What the pages show: plain, serialisable views (times as ISO strings), the same from the loader and from polling.

export type MessageView = {
  id: string;
  /** ISO 8601. */
  created: string;
  /** Null when deleted. */
  content: string | null;
  deleted: boolean;
  authorName: string;
  authorTitle: string | null;
  fromCustomer: boolean;
  attachments: { id: string; fileName: string }[];
  questionnaireInvitations: { id: string; title: string }[];
};

export type ThreadView = {
  id: string;
  title: string;
  isActive: boolean;
  participants: { id: string; name: string; title: string | null; isCustomer: boolean }[];
  absences: {
    name: string;
    startDate: string;
    endDate: string;
    substitute: { name: string; title: string | null } | null;
  }[];
  messages: MessageView[];
};

/** How much of the latest message the list shows. */
export const EXCERPT_LENGTH = 120;

/** The start of a message as one line, cut at a word boundary with an ellipsis. */
export function excerpt(content: string, max = EXCERPT_LENGTH): string {
  const line = content.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}

/** A thread in the list: only what the list shows of its latest message (the page carries no more). */
export type ThreadListItem = {
  id: string;
  title: string;
  isActive: boolean;
  isRead: boolean;
  latestMessage: {
    authorName: string;
    /** ISO 8601. */
    created: string;
    /** When it was written, as the list says it ("3 t sitten", "Eilen"): formatted by the loader at its `now`. */
    when: string;
    deleted: boolean;
    excerpt: string;
    attachmentCount: number;
  } | null;
};

/** What a refused form shows again: the typed text, the errors (i18n keys), and a failure of the whole send. */
export type FormAnswer = {
  values: { subject?: string; message?: string };
  errors: MessageErrors;
  failure?: "send" | "closed" | "maintenance";
};

/** Where "your health care team" leads on the new-conversation page. */
export type RecipientLink = { to: "occupationalHealthTeam" } | { to: "home"; hash: string };

/** The thread page's data: the thread, or the error that it could not be read. */
export type ConversationPage =
  | { state: "error"; threadId: string; pollMs: number }
  | { state: "maintenance" }
  | { state: "ok"; thread: ThreadView; now: string; pollMs: number };
