import type { T } from "~/lib/translate";
import type { useToast } from "~/ui/notifications";
import type { MessageView, ThreadView } from "./message-view";

/**
 * What the thread page does with what a poll found (conversation-page.tsx): loaded with the first poll that
 * answers, not with the page.
 */

/** Spec part 2 §9: the conversation-closed toast stays 15 seconds. */
const CLOSED_TOAST_MS = 15_000;

/** The announcement's pending text (one thread page is open at a time). */
let announceTimer = 0;

const messagesOf = (thread: ThreadView) => thread.days.flatMap((d) => d.messages);

/** Messages of `next` that `known` does not have. */
export function newMessages(known: readonly MessageView[], next: readonly MessageView[]): MessageView[] {
  const ids = new Set(known.map((m) => m.id));
  return next.filter((m) => !ids.has(m.id));
}

export type PollResult = { thread: ThreadView; added: number; closed: boolean };

/**
 * What a poll found against the thread shown: the fresh thread, how many messages are new and whether it was
 * closed meanwhile; null when nothing changed at all (anything else, e.g. a deleted message, is a change too).
 */
export function pollResult(shown: ThreadView, next: ThreadView): PollResult | null {
  const added = newMessages(messagesOf(shown), messagesOf(next)).length;
  const closed = shown.isActive && !next.isActive;
  const changed = added > 0 || closed || JSON.stringify(shown) !== JSON.stringify(next);
  return changed ? { thread: next, added, closed } : null;
}

/**
 * A poll's thread on the page: any change replaces the thread shown (`show`); new messages are announced (the
 * announcement emptied first, so the same words, "1 new message", are announced again the next time) and, on a page
 * in view, marked read; a thread closed meanwhile is said in a toast.
 */
export function takePoll({
  shown,
  next,
  csrfToken,
  t,
  show,
  setAnnouncement,
  toast,
}: {
  shown: ThreadView;
  next: ThreadView;
  csrfToken: string;
  t: T;
  show(thread: ThreadView): void;
  setAnnouncement(text: string): void;
  toast: ReturnType<typeof useToast>["show"];
}) {
  const result = pollResult(shown, next);
  if (!result) return;
  const { added, closed } = result;
  // What arrives on a page in view is read: the thread is not left unread for the list and the menu. In a
  // background tab nobody has read it yet. (The poll itself never marks the thread read: only the page knows.)
  // The client (./client.ts) loads with the first such call, not with the page.
  if (added && document.visibilityState === "visible")
    void import("./client")
      .then((client) =>
        client.messagingRequest(client.MARK_AS_READ, { threadId: next.id }, { csrfToken, background: true }),
      )
      .catch(() => {});
  show(next);
  if (added) {
    setAnnouncement("");
    window.clearTimeout(announceTimer);
    announceTimer = window.setTimeout(() => setAnnouncement(t("messaging.thread.newMessages", { count: added })), 100);
  }
  if (closed) toast({ type: "info", message: t("messaging.thread.closedToast"), timeoutMs: CLOSED_TOAST_MS });
}
