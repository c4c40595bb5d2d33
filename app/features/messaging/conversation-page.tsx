import { useEffect, useRef, useState } from "react";
import { ErrorSummary } from "~/ui/form";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { useToast } from "~/ui/notifications";
import { PageTitle } from "~/ui/page-title";
import { useCsrfToken } from "~/ui/root-data";
import { MessageForm, summaryOf, useMessageErrors } from "./message-form";
import { MESSAGE_FIELDS, type ConversationPage as PageData, type FormAnswer, type ThreadView } from "./message-view";
import { MaintenanceNotice } from "./notices";
import { useThreadPolling, type PollResult, type ThreadPageData } from "./thread-polling";
import { AbsenceNotices, ParticipantsSummary, ThreadMessages } from "./thread-view";

/** Spec part 2 §9: the conversation-closed toast stays 15 seconds. */
const CLOSED_TOAST_MS = 15_000;
/** A thread opens at its newest message, scrolled to a moment after it is shown (spec part 2 §9: 100 ms). */
const LAST_MESSAGE_SCROLL_MS = 100;

/** The thread page: the thread, or the spec's error when it could not be read. */
export function ConversationPage({ page, answer }: { page: PageData; answer?: FormAnswer }) {
  const t = useT();
  if (page.state === "maintenance") {
    const title = t("messaging.thread.fallbackTitle");
    return (
      <div className="narrow-wide thread">
        <PageTitle title={title} />
        <h1>{title}</h1>
        <MaintenanceNotice />
        <BackLink />
      </div>
    );
  }
  if (page.state === "error") {
    const title = t("messaging.thread.fallbackTitle");
    return (
      <div className="narrow-wide thread">
        <PageTitle title={title} />
        <h1>{title}</h1>
        <div className="banner banner--error" role="alert">
          <p className="banner__title">{t("common.notice.error")}</p>
          <div className="banner__content">
            <p>{t("messaging.thread.loadFailed")}</p>
          </div>
        </div>
        <BackLink />
      </div>
    );
  }
  return <ThreadPage page={page} answer={answer} />;
}

function BackLink() {
  const t = useT();
  return (
    <p className="back-link">
      <LocalizedLink to="conversations">{t("messaging.common.backToList")}</LocalizedLink>
    </p>
  );
}

function ThreadPage({ page, answer }: { page: ThreadPageData; answer?: FormAnswer }) {
  const { thread: loaded, now } = page;
  const t = useT();
  const csrfToken = useCsrfToken();
  const { show } = useToast();
  const { errors, setClientErrors } = useMessageErrors(answer);
  const summary = summaryOf(errors, t);
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
    csrfToken,
    onChange({ thread, added, closed }: PollResult) {
      setPolled({ since: loaded, thread });
      if (added) {
        // Emptied first, so the same words ("1 new message") are announced again the next time.
        setAnnouncement("");
        window.clearTimeout(announceTimer.current);
        announceTimer.current = window.setTimeout(
          () => setAnnouncement(t("messaging.thread.newMessages", { count: added })),
          100,
        );
      }
      if (closed) show({ type: "info", message: t("messaging.thread.closedToast"), timeoutMs: CLOSED_TOAST_MS });
    },
  });

  const thread = polled?.since === loaded ? polled.thread : loaded;
  const closed = !thread.isActive || answer?.failure === "closed";
  const maintenance = answer?.failure === "maintenance";
  // After a reply (post/redirect/get) focus goes to the message just written: the loader's last one.
  const focusMessageId = answer ? null : (loaded.messages.at(-1)?.id ?? null);

  return (
    <div className="narrow-wide thread">
      <PageTitle title={thread.title} hasErrors={summary.length > 0} />
      <ErrorSummary errors={summary} fieldOrder={MESSAGE_FIELDS} />
      <BackLink />
      <h1>
        {thread.title}
        {closed ? <span className="tag thread__closed-tag">{t("messaging.thread.closedTag")}</span> : null}
      </h1>
      <ParticipantsSummary thread={thread} />
      <AbsenceNotices thread={thread} />
      <ThreadMessages messages={thread.messages} now={now} focusMessageId={focusMessageId} />
      {/* Present from the start, so that a change is announced. */}
      <p className="visually-hidden thread__announcement" role="status">
        {announcement}
      </p>
      {failed ? (
        <div className="banner banner--error" role="alert">
          <p className="banner__title">{t("common.notice.error")}</p>
          <div className="banner__content">
            <p>{t("messaging.thread.loadFailed")}</p>
          </div>
        </div>
      ) : null}
      {maintenance ? (
        <MaintenanceNotice />
      ) : closed ? (
        <div className="banner thread__closed" role={answer?.failure === "closed" ? "alert" : undefined}>
          <p className="banner__title">{t("messaging.thread.closedTitle")}</p>
          <div className="banner__content">
            <p>{t("messaging.thread.closedBody")}</p>
            <p>
              <LocalizedLink to="newConversation">{t("messaging.thread.startNew")}</LocalizedLink>
            </p>
          </div>
        </div>
      ) : (
        <section className="thread__reply" aria-labelledby="reply-heading">
          <h2 id="reply-heading">{t("messaging.thread.replyHeading")}</h2>
          <MessageForm
            // A new form (empty fields) once the reply is in the thread.
            key={loaded.messages.at(-1)?.id ?? "empty"}
            mode="reply"
            threadId={thread.id}
            answer={answer}
            errors={errors}
            onClientErrors={setClientErrors}
          />
        </section>
      )}
      <BackLink />
    </div>
  );
}
