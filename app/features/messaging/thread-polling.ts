import { useEffect, useRef, useState } from "react";
import { MARK_AS_READ, fetchThread, messagingRequest, type ApiThread, type ApiUser } from "./client";
import type { MessageView, ThreadView } from "./message-view";

const name = (u: ApiUser) => `${u.firstName} ${u.lastName}`;

/** The API's thread as the page's view (the same shape the loader gives). */
export function threadFromApi(thread: ApiThread): ThreadView {
  return {
    id: String(thread.id),
    title: thread.title,
    isActive: thread.isActive,
    participants: thread.participants.map((p) => ({
      id: p.id,
      name: name(p),
      title: p.title ?? null,
      isCustomer: p.type === "CustomerUser",
    })),
    absences: thread.assignments.flatMap((a) =>
      a.absences.map((absence) => ({
        name: name(a.assignee),
        startDate: absence.startDate,
        endDate: absence.endDate,
        substitute: absence.substitute
          ? { name: name(absence.substitute), title: absence.substitute.title ?? null }
          : null,
      })),
    ),
    messages: thread.messages.map((m): MessageView => ({
      id: String(m.id),
      // The API's times are ISO strings; normalised so they compare with the loader's.
      created: new Date(m.created).toISOString(),
      content: m.deleted ? null : (m.content ?? null),
      deleted: m.deleted,
      authorName: m.author.name,
      authorTitle: m.author.title ?? null,
      fromCustomer: m.author.type === "CustomerUser",
      attachments: m.attachments.map((a) => ({ id: a.id, fileName: a.fileName })),
      questionnaireInvitations: m.questionnaireInvitations.map((q) => ({ id: String(q.id), title: q.title })),
    })),
  };
}

/** Messages of `next` that `known` does not have. */
export function newMessages(known: readonly MessageView[], next: readonly MessageView[]): MessageView[] {
  const ids = new Set(known.map((m) => m.id));
  return next.filter((m) => !ids.has(m.id));
}

export type PollResult = { thread: ThreadView; added: number; closed: boolean };

/**
 * Polls the open thread every `intervalMs` once hydrated (spec part 2 §2: every two minutes) and hands each
 * change to `onChange`: the fresh thread, how many messages are new and whether it was closed meanwhile. The
 * loader's thread (after a reply) starts the comparison again. Stops at the first error and reports it.
 */
export function useThreadPolling({
  thread,
  intervalMs,
  csrfToken,
  onChange,
}: {
  thread: ThreadView;
  intervalMs: number;
  csrfToken: string;
  onChange(result: PollResult): void;
}): { failed: boolean } {
  const [failed, setFailed] = useState(false);
  const latest = useRef(thread);
  const report = useRef(onChange);
  useEffect(() => {
    latest.current = thread;
  }, [thread]);
  useEffect(() => {
    report.current = onChange;
  });

  useEffect(() => {
    if (failed) return;
    let stopped = false;
    let timer = 0;
    const tick = async () => {
      try {
        const answer = await fetchThread(thread.id, csrfToken);
        if (stopped) return;
        if (!answer) throw new Error("the thread is no longer there");
        const next = threadFromApi(answer);
        const before = latest.current;
        const added = newMessages(before.messages, next.messages).length;
        const closed = before.isActive && !next.isActive;
        latest.current = next;
        // What arrives on a page in view is read: the thread is not left unread for the list and the menu. In a
        // background tab nobody has read it yet.
        if (added && document.visibilityState === "visible")
          void messagingRequest(MARK_AS_READ, { threadId: thread.id }, { csrfToken, background: true }).catch(() => {});
        if (added || closed || JSON.stringify(before) !== JSON.stringify(next))
          report.current({ thread: next, added, closed });
        timer = window.setTimeout(tick, intervalMs);
      } catch {
        if (!stopped) setFailed(true);
      }
    };
    timer = window.setTimeout(tick, intervalMs);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [thread.id, intervalMs, csrfToken, failed]);

  return { failed };
}
