import { ATTACHMENTS_MAX_BYTES, attachmentContentType } from "~/lib/attachment-file";
import { pageNumber } from "~/lib/id";

/**
 * Messaging rules of spec part 2 §4, §5 and §9, shared by the pages, the GraphQL calls and the browser's checks.
 */

export const SUBJECT_MAX_LENGTH = 70;
/** Long enough for any real message, short enough that one post cannot fill the database. */
export const CONTENT_MAX_LENGTH = 10_000;
export const THREADS_PER_PAGE = 10;
/** The conversation list and an open thread are polled every two minutes (spec part 2 §7). */
export const POLL_INTERVAL_MS = 120_000;
export {
  ATTACHMENTS_MAX_BYTES,
  ATTACHMENTS_MAX_MEGABYTES,
  ATTACHMENT_ACCEPT,
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENT_EXTENSIONS,
  FILE_NAME_MAX_LENGTH,
  attachmentContentType,
  bytesMatchExtension,
  cleanFileName,
} from "~/lib/attachment-file";
/** More files than this in one message is not a real use; it keeps one message's work bounded. */
export const ATTACHMENTS_MAX_COUNT = 10;
/** The thread title shown when a thread has none. */
export const FALLBACK_THREAD_TITLE = "Keskustelu";

export type AttachmentProblem = "type" | "tooLarge" | "tooMany" | "empty";

/** Where the message forms' error texts are (i18n). Here, with the rules, for the browser's checks to load alike. */
export const FORM_ERRORS = "messaging.form.errors";

/** A problem with the attachments as its error key. */
export function attachmentErrorKey(problem: AttachmentProblem): string {
  return `${FORM_ERRORS}.attachments.${problem}`;
}

/** Checks the names and sizes of a message's attachments before any byte is stored. */
export function checkAttachments(files: { fileName: string; size: number }[]): AttachmentProblem | null {
  if (files.length > ATTACHMENTS_MAX_COUNT) return "tooMany";
  if (files.some((f) => !attachmentContentType(f.fileName))) return "type";
  if (files.some((f) => f.size === 0)) return "empty";
  if (files.reduce((sum, f) => sum + f.size, 0) > ATTACHMENTS_MAX_BYTES) return "tooLarge";
  return null;
}

/**
 * The read rule of spec part 2 §4: a thread is read by a user when their read time is not before the latest of the
 * last message's time, the thread's professional timestamp and the time of the user's current assignment. A thread
 * without messages counts as read.
 */
export function isThreadRead(input: {
  readAt: Date | null;
  lastMessageAt: Date | null;
  professionalTimestamp: Date | null;
  assignedAt: Date | null;
}): boolean {
  if (!input.lastMessageAt) return true;
  const latest = Math.max(
    input.lastMessageAt.getTime(),
    input.professionalTimestamp?.getTime() ?? 0,
    input.assignedAt?.getTime() ?? 0,
  );
  return !!input.readAt && input.readAt.getTime() >= latest;
}

/** Pages of the conversation list (1-based); out-of-range numbers fall back to the nearest page. */
export function pageOf(requested: string | null, totalCount: number): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(totalCount / THREADS_PER_PAGE));
  const page = Math.min(pageNumber(requested), pages);
  return { page, pages };
}
