import { Fragment } from "react";
import { API_PATHS } from "~/route-table/api-paths";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { withTitle, type MessageView, type ThreadView } from "./message-view";

/** Messages by their Helsinki calendar day (`day`, given by the loader), oldest first (the thread's order). */
export function groupByDay(messages: readonly MessageView[]): { day: string; messages: MessageView[] }[] {
  const days: { day: string; messages: MessageView[] }[] = [];
  for (const message of messages) {
    const last = days.at(-1);
    if (last?.day === message.day) last.messages.push(message);
    else days.push({ day: message.day, messages: [message] });
  }
  return days;
}

/** Who takes part: the customer as "you", professionals with their titles. */
export function ParticipantsSummary({ thread }: { thread: ThreadView }) {
  const t = useT();
  const names = thread.participants.map((p) =>
    p.isCustomer ? t("messaging.thread.you", { name: p.name }) : withTitle(p.name, p.title),
  );
  return <p className="thread__participants">{t("messaging.thread.participants", { names: names.join("; ") })}</p>;
}

/** A message's text as written: paragraphs at blank lines, line breaks kept, never HTML. */
export function MessageText({ text }: { text: string }) {
  const paragraphs = text.replace(/\r\n?/g, "\n").split(/\n{2,}/);
  return (
    <div className="message__content">
      {paragraphs.map((paragraph, i) => (
        <p key={i}>
          {paragraph.split("\n").map((line, j) => (
            <Fragment key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}

/**
 * The messages, a section per day with the date (as the loader wrote it) as its heading. `focusMessageId`: the message that takes focus
 * after a form was sent (see ui/result-focus.tsx), i.e. the one just written.
 */
export function ThreadMessages({
  messages,
  focusMessageId,
}: {
  messages: readonly MessageView[];
  focusMessageId?: string | null;
}) {
  const t = useT();
  if (!messages.length) return <p className="thread__empty">{t("messaging.thread.noMessages")}</p>;
  return (
    <div className="thread__messages">
      {groupByDay(messages).map(({ day, messages: ofDay }) => (
        <section key={day} className="thread__day" aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`} className="thread__date">
            <time dateTime={day}>{ofDay[0].dayLabel}</time>
          </h2>
          <ol className="item-list thread__list">
            {ofDay.map((m) => (
              <li key={m.id}>
                <MessageItem message={m} focusTarget={m.id === focusMessageId} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

function MessageItem({ message: m, focusTarget }: { message: MessageView; focusTarget: boolean }) {
  const t = useT();
  const headingId = `message-${m.id}-author`;
  return (
    <article
      id={`message-${m.id}`}
      className={`message${m.fromCustomer ? " message--own" : ""}${m.deleted ? " message--deleted" : ""}`}
      aria-labelledby={headingId}
      tabIndex={-1}
      data-result-heading={focusTarget ? "" : undefined}
    >
      <h3 id={headingId} className="message__author">
        {withTitle(m.authorName, m.authorTitle)}
      </h3>
      <p className="message__time muted">
        <time dateTime={m.created}>{m.time}</time>
      </p>
      {m.deleted ? (
        <p className="message__deleted">
          <em>{t("messaging.common.deleted")}</em>
        </p>
      ) : m.content ? (
        <MessageText text={m.content} />
      ) : null}
      {m.attachments.length ? (
        <ul className="link-list message__attachments" aria-label={t("messaging.thread.attachments")}>
          {m.attachments.map((a) => (
            <li key={a.id}>
              <a href={`${API_PATHS.messageAttachments}/${a.id}`} download={a.fileName}>
                {a.fileName}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {m.questionnaireInvitations.map((q) => (
        <p key={q.id} className="message__questionnaire">
          <LocalizedLink to="questionnaire" params={{ id: q.id }}>
            {t("messaging.thread.questionnaire", { title: q.title })}
          </LocalizedLink>
        </p>
      ))}
    </article>
  );
}
