import { useEffect, useRef } from "react";
import type { ConversationPage, MessageView, ThreadView } from "./message-view";
import { usePagePolling } from "./page-polling";

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
  const added = newMessages(shown.messages, next.messages).length;
  const closed = shown.isActive && !next.isActive;
  const changed = added > 0 || closed || JSON.stringify(shown) !== JSON.stringify(next);
  return changed ? { thread: next, added, closed } : null;
}

/** The thread page's data when the thread could be read. */
export type ThreadPageData = Extract<ConversationPage, { state: "ok" }>;

/**
 * Polls the open thread (spec part 2 §2: every two minutes) by loading its page's data again as a poll
 * (usePagePolling: `?background=1`, which neither extends the session, nor adds a "who viewed my data" row, nor
 * marks the thread read), and hands each change to `onChange`. The page's own load (after a reply) starts the
 * comparison again. A failed read (the loader's error state: the service failed, the session ended, the thread is no
 * longer there) ends the polling and is reported as `failed`; maintenance, in which the loader shows no thread,
 * changes nothing and the polling goes on.
 */
export function useThreadPolling({
  page,
  csrfToken,
  onChange,
}: {
  page: ThreadPageData;
  csrfToken: string;
  onChange(result: PollResult): void;
}): { failed: boolean } {
  const polled = usePagePolling<ConversationPage>({
    key: `conversation:${page.thread.id}:${page.now}`,
    intervalMs: page.pollMs,
    continues: (answer) => answer.state !== "error",
  });
  const latest = useRef(page.thread);
  const report = useRef(onChange);
  useEffect(() => {
    latest.current = page.thread;
  }, [page.thread]);
  useEffect(() => {
    report.current = onChange;
  });

  useEffect(() => {
    if (polled?.state !== "ok") return;
    const result = pollResult(latest.current, polled.thread);
    latest.current = polled.thread;
    if (!result) return;
    // What arrives on a page in view is read: the thread is not left unread for the list and the menu. In a
    // background tab nobody has read it yet. (The poll itself never marks the thread read: only the page knows.)
    // The client (./client.ts) loads with the first such call, not with the page.
    if (result.added && document.visibilityState === "visible")
      void import("./client")
        .then(({ MARK_AS_READ, messagingRequest }) =>
          messagingRequest(MARK_AS_READ, { threadId: polled.thread.id }, { csrfToken, background: true }),
        )
        .catch(() => {});
    report.current(result);
  }, [polled, csrfToken]);

  return { failed: polled?.state === "error" };
}
