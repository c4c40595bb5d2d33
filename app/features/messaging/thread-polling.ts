import { useEffect, useRef } from "react";
import type { ConversationPage, ThreadView } from "./message-view";
import { usePagePolling } from "./page-polling";

/** The thread page's data when the thread could be read. */
export type ThreadPageData = Extract<ConversationPage, { state: "ok" }>;

/**
 * Polls the open thread (spec part 2 §2: every two minutes) by loading its page's data again as a poll
 * (usePagePolling: `?background=1`, which neither extends the session, nor adds a "who viewed my data" row, nor
 * marks the thread read), and hands each thread it answers to `onPolled` with the one it found before (what changed
 * is for thread-poll-result.ts to say). The page's own load (after a reply) starts the comparison again. A failed
 * read (the loader's error state: the service failed, the session ended, the thread is no longer there) ends the
 * polling and is reported as `failed`; maintenance, in which the loader shows no thread, changes nothing and the
 * polling goes on.
 */
export function useThreadPolling({
  page,
  onPolled,
}: {
  page: ThreadPageData;
  onPolled(shown: ThreadView, next: ThreadView): void;
}): { failed: boolean } {
  const polled = usePagePolling<ConversationPage>({
    key: `conversation:${page.thread.id}:${page.now}`,
    href: page.pollHref,
    intervalMs: page.pollMs,
    continues: (answer) => answer.state !== "error",
  });
  const latest = useRef(page.thread);
  const report = useRef(onPolled);
  useEffect(() => {
    latest.current = page.thread;
  }, [page.thread]);
  useEffect(() => {
    report.current = onPolled;
  });

  useEffect(() => {
    if (polled?.state !== "ok") return;
    const shown = latest.current;
    latest.current = polled.thread;
    report.current(shown, polled.thread);
  }, [polled]);

  return { failed: polled?.state === "error" };
}
