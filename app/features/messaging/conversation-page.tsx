import { useEffect, useRef, useState } from "react";
import { ErrorSummary } from "~/ui/form";
import { useT } from "~/ui/i18n";
import { lazyPart } from "~/ui/lazy-part";
import { useToast } from "~/ui/notifications";
import { PageTitle } from "~/ui/page-title";
import { useCsrfToken } from "~/ui/root-data";
import { BackLink } from "./back-link";
import { MessageForm, summaryOf, useMessageErrors } from "./message-form";
import { AbsenceNotices as AbsencesOnServer } from "./absence-notices";
import { MESSAGE_FIELDS, type ConversationPage as PageData, type FormAnswer, type ThreadView } from "./message-view";
import { ThreadNotice as NoticeOnServer } from "./thread-notices";
import { useThreadPolling, type ThreadPageData } from "./thread-polling";
import { ThreadMessages } from "./thread-view";

// Parts few see (maintenance, a failed read, a closed thread, absences): their code is loaded when shown.
const ThreadNotice = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? NoticeOnServer : null, () =>
  import("./thread-notices").then((m) => m.ThreadNotice),
);
const AbsenceNotices = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? AbsencesOnServer : null, () =>
  import("./absence-notices").then((m) => m.AbsenceNotices),
);

/** A thread opens at its newest message, scrolled to a moment after it is shown (spec part 2 §9: 100 ms). */
const LAST_MESSAGE_SCROLL_MS = 100;

/** The thread page: the thread, or the spec's error when it could not be read. */
export function ConversationPage({ page, answer }: { page: PageData; answer?: FormAnswer }) {
  const t = useT();
  if (page.state === "ok") return <ThreadPage page={page} answer={answer} />;
  const title = t("messaging.thread.fallbackTitle");
  return (
    <div className="narrow-wide thread">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <ThreadNotice kind={page.state === "maintenance" ? "maintenance" : "loadFailed"} />
      <BackLink />
    </div>
  );
}

function ThreadPage({ page, answer }: { page: ThreadPageData; answer?: FormAnswer }) {
  const { thread: loaded } = page;
  const t = useT();
  const csrfToken = useCsrfToken();
  const { show } = useToast();
  const { errors, setClientErrors } = useMessageErrors(answer);
  const summary = summaryOf(errors, t, page.limits);
  // What polling found since the page's data was loaded; the loader's thread (after a reply) replaces it.
  const [polled, setPolled] = useState<{ since: ThreadView; thread: ThreadView } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const announceTimer = useRef(0);
  useEffect(() => () => window.clearTimeout(announceTimer.current), []);
  // Opened from the list: the newest message is brought into view (not focused, so reading still starts at the
  // top). Not after a reply, whose message takes focus, nor when the address names a place of its own.
  const openedWithAnswer = useRef(Boolean(answer));
  useEffect(() => {
    if (openedWithAnswer.current || window.location.hash) return;
    const timer = window.setTimeout(() => {
      const messages = document.querySelectorAll(".thread__messages .message");
      messages[messages.length - 1]?.scrollIntoView({ block: "start" });
    }, LAST_MESSAGE_SCROLL_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const { failed } = useThreadPolling({
    page,
    onPolled(shown, next) {
      // What changed, and what the page does about it, loads with the first poll that answers.
      void import("./thread-poll-result").then((poll) =>
        poll.takePoll({
          shown,
          next,
          csrfToken,
          t,
          show: (thread) => setPolled({ since: loaded, thread }),
          setAnnouncement,
          announceTimer,
          toast: show,
        }),
      );
    },
  });

  const thread = polled?.since === loaded ? polled.thread : loaded;
  const closed = !thread.isActive || answer?.failure === "closed";
  const maintenance = answer?.failure === "maintenance";
  // After a reply (post/redirect/get) focus goes to the message just written: the loader's last one.
  const lastId = loaded.days.at(-1)?.messages.at(-1)?.id;
  const focusMessageId = answer ? null : (lastId ?? null);

  return (
    <div className="narrow-wide thread">
      <PageTitle title={thread.title} hasErrors={summary.length > 0} />
      <ErrorSummary errors={summary} fieldOrder={MESSAGE_FIELDS} />
      <BackLink />
      <h1>
        {thread.title}
        {closed ? <span className="tag thread__closed-tag">{t("messaging.thread.closedTag")}</span> : null}
      </h1>
      <p className="thread__participants">{thread.participants}</p>
      {thread.absences.length ? <AbsenceNotices thread={thread} /> : null}
      <ThreadMessages days={thread.days} focusMessageId={focusMessageId} />
      {/* Present from the start, so that a change is announced. */}
      <p className="visually-hidden thread__announcement" role="status">
        {announcement}
      </p>
      {failed ? <ThreadNotice kind="loadFailed" /> : null}
      {maintenance ? (
        <ThreadNotice kind="maintenance" />
      ) : closed ? (
        <ThreadNotice kind={answer?.failure === "closed" ? "closedAlert" : "closed"} />
      ) : (
        <section className="thread__reply" aria-labelledby="reply-heading">
          <h2 id="reply-heading">{t("messaging.thread.replyHeading")}</h2>
          <MessageForm
            // A new form (empty fields) once the reply is in the thread.
            key={lastId ?? "empty"}
            mode="reply"
            threadId={thread.id}
            answer={answer}
            errors={errors}
            onClientErrors={setClientErrors}
            limits={page.limits}
          />
        </section>
      )}
      <BackLink />
    </div>
  );
}
