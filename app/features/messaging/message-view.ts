import type { FormErrors } from "~/ui/form";

/**
 * What the messaging pages show and what their forms answer: plain, serialisable views (times as ISO strings), the
 * same from the loader and from polling, and the forms' fields. No zod here: the list and thread
 * pages load this without the form schemas (message.schema.ts), which the browser loads only when a form is sent.
 */

export const MESSAGE_FIELDS = ["subject", "message", "attachments"] as const;
export type MessageField = (typeof MESSAGE_FIELDS)[number];
/** Field errors by field: an i18n key each. The field's id is its name, with and without JavaScript. */
export type MessageErrors = FormErrors<MessageField>;

/**
 * What the message forms show of the rules: the file field's `accept`, and what every error text may need filled
 * in (the subject's and the text's most characters, the attachments' most megabytes and files, the allowed types as
 * the customer reads them). The loaders give it (form-limits.ts).
 */
export type FormLimits = {
  accept: string;
  values: { max: number; contentMax: number; megabytes: number; types: string; count: number };
};

// ---------------------------------------------------------------------------------------------------------------
// What the pages show: plain, serialisable views (times as ISO strings), the same from the loader and from polling.

export type MessageView = {
  id: string;
  /** ISO 8601. */
  created: string;
  /** Its time as the page shows it ("14.05"), written by the loader. */
  time: string;
  /**
   * Its text as the page shows it (written by the loader): paragraphs at blank lines, each as its lines. None when
   * deleted or without text.
   */
  paragraphs: string[][];
  deleted: boolean;
  /** Who wrote it, with their title: "Anna Aho, Lääkäri" (written by the loader). */
  author: string;
  fromCustomer: boolean;
  /** Each file's name and the address it downloads from (written by the loader). */
  attachments: { href: string; fileName: string }[];
  questionnaireInvitations: { id: string; title: string }[];
};

/** The messages of one Helsinki calendar day, oldest first (the thread's order). */
export type ThreadDay = {
  /** YYYY-MM-DD. */
  day: string;
  /** The day as its section's heading says it ("Tänään", "Torstai, 19.11.2026"), written by the loader. */
  label: string;
  messages: MessageView[];
};

export type ThreadView = {
  id: string;
  title: string;
  isActive: boolean;
  /** Who takes part, as the page says it: "Participants: Maija Meikäläinen (you); Anna Aho, Lääkäri". */
  participants: string;
  absences: {
    name: string;
    /** The first and last day, as the page's language writes a date (written by the loader). */
    start: string;
    end: string;
    /** The substitute's name with their title, if there is one. */
    substitute: string | null;
  }[];
  /** The messages by their Helsinki calendar day, the oldest first. */
  days: ThreadDay[];
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

/** The thread page's data: the thread, or the error that it could not be read. */
export type ConversationPage =
  | { state: "error"; threadId: string; pollMs: number }
  | { state: "maintenance" }
  | {
      state: "ok";
      thread: ThreadView;
      now: string;
      pollMs: number;
      pollHref: string;
      limits: FormLimits;
      /** Where the reply form posts: the thread's own address. */
      formAction: string;
    };
