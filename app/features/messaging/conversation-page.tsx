import { useEffect, useRef, useState } from "react";
import { ErrorSummary, Field } from "~/ui/form";
import { useT } from "~/ui/i18n";
import { lazyPart } from "~/ui/lazy-part";
import { useToast } from "~/ui/notifications";
import { PageTitle } from "~/ui/page-title";
import { useCsrfToken } from "~/ui/root-data";
import { BackLink } from "./back-link";
import { MessageForm, errorText, summaryOf, useMessageErrors } from "./message-form";
import { MESSAGE_FIELDS, type ConversationPage as PageData, type FormAnswer, type ThreadView } from "./message-view";
import { AbsenceNotices as AbsencesOnServer, ThreadNotice as NoticeOnServer } from "./thread-notices";
import { usePagePolling } from "./page-polling";
import { ThreadMessages } from "./thread-view";

// Parts few see (maintenance, a failed read, a closed thread, absences): their code is loaded when first shown.
const ThreadNotice = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? NoticeOnServer : null, () =>
  import("./thread-notices").then((m) => m.ThreadNotice),
);
const AbsenceNotices = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? AbsencesOnServer : null, () =>
  import("./thread-notices").then((m) => m.AbsenceNotices),
);

/** The thread page's data when the thread could be read. */
type ThreadPageData = Extract<PageData, { state: "ok" }>;

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

  // The open thread is polled (spec part 2 §2: every two minutes) as its page's data loaded again as a poll (see
  // page-polling.ts). A failed read (the loader's error state: the service failed, the session ended, the thread is
  // no longer there) ends the polling and says so; maintenance, in which the loader shows no thread, changes nothing.
  const answered = usePagePolling<PageData>({
    key: `conversation:${loaded.id}:${page.now}`,
    href: page.pollHref,
    intervalMs: page.pollMs,
    continues: (next) => next.state !== "error",
  });
  // The thread the last poll found (or the page's own load, which starts the comparison again), to compare with
  // the next one's.
  const latest = useRef(loaded);
  useEffect(() => {
    latest.current = loaded;
  }, [loaded]);
  useEffect(() => {
    if (answered?.state !== "ok") return;
    const shown = latest.current;
    const next = (latest.current = answered.thread);
    // What changed, and what the page does about it, loads with the first poll that answers.
    void import("./thread-poll-result").then((poll) =>
      poll.takePoll({
        shown,
        next,
        csrfToken,
        t,
        show: (thread) => setPolled({ since: loaded, thread }),
        setAnnouncement,
        toast: show,
      }),
    );
  }, [answered, loaded, csrfToken, t, show]);
  const failed = answered?.state === "error";

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
            action={page.formAction}
            answer={answer}
            errors={errors}
            onClientErrors={setClientErrors}
            limits={page.limits}
            fieldsBefore={
              <ReplyField
                answer={answer}
                error={errors.message ? errorText(t, errors.message, page.limits) : undefined}
              />
            }
          />
        </section>
      )}
      <BackLink />
    </div>
  );
}

/**
 * The reply's text. The field of ~/ui/form's Textarea, written out: that module comes with the character count of
 * counted fields, which a reply has none of, and would be one more script for the thread page.
 */
function ReplyField({ answer, error }: { answer?: FormAnswer; error?: string }) {
  const t = useT();
  return (
    <Field id="message" label={t("messaging.form.reply")} error={error}>
      {(describedBy) => (
        <textarea
          id="message"
          name="message"
          className="input textarea"
          rows={5}
          defaultValue={answer?.values.message}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
        />
      )}
    </Field>
  );
}
