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
import {
  ClosedNotice as ClosedOnServer,
  LoadFailedNotice as LoadFailedOnServer,
  MaintenanceNotice as MaintenanceOnServer,
} from "./thread-notices";
import { useThreadPolling, type PollResult, type ThreadPageData } from "./thread-polling";
import { ParticipantsSummary, ThreadMessages } from "./thread-view";

// Parts few see (maintenance, a failed read, a closed thread, absences): their code is loaded when shown.
const LoadFailedNotice = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? LoadFailedOnServer : null, () =>
  import("./thread-notices").then((m) => m.LoadFailedNotice),
);
const ClosedNotice = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? ClosedOnServer : null, () =>
  import("./thread-notices").then((m) => m.ClosedNotice),
);
const MaintenanceNotice = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? MaintenanceOnServer : null, () =>
  import("./thread-notices").then((m) => m.MaintenanceNotice),
);
const AbsenceNotices = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? AbsencesOnServer : null, () =>
  import("./absence-notices").then((m) => m.AbsenceNotices),
);

/** Spec part 2 §9: the conversation-closed toast stays 15 seconds. */
const CLOSED_TOAST_MS = 15_000;
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
      {page.state === "maintenance" ? <MaintenanceNotice /> : <LoadFailedNotice />}
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
      {thread.absences.length ? <AbsenceNotices thread={thread} /> : null}
      <ThreadMessages messages={thread.messages} focusMessageId={focusMessageId} />
      {/* Present from the start, so that a change is announced. */}
      <p className="visually-hidden thread__announcement" role="status">
        {announcement}
      </p>
      {failed ? <LoadFailedNotice /> : null}
      {maintenance ? (
        <MaintenanceNotice />
      ) : closed ? (
        <ClosedNotice alert={answer?.failure === "closed"} />
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
            limits={page.limits}
          />
        </section>
      )}
      <BackLink />
    </div>
  );
}
