import { Fragment } from "react";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import type { MessageView, ThreadDay } from "./message-view";

/** A message's text as written: its paragraphs (by the loader), line breaks kept, never HTML. */
export function MessageText({ paragraphs }: { paragraphs: string[][] }) {
  return (
    <div className="message__content">
      {paragraphs.map((lines, i) => (
        <p key={i}>
          {lines.map((line, j) => (
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
 * The messages, a section per day (grouped by the loader) with its date as its heading. `focusMessageId`: the
 * message that takes focus after a form was sent (see ui/result-focus.tsx), i.e. the one just written.
 */
export function ThreadMessages({
  days,
  focusMessageId,
}: {
  days: readonly ThreadDay[];
  focusMessageId?: string | null;
}) {
  const t = useT();
  if (!days.length) return <p className="thread__empty">{t("messaging.thread.noMessages")}</p>;
  return (
    <div className="thread__messages">
      {days.map(({ day, label, messages }) => (
        <section key={day} className="thread__day" aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`} className="thread__date">
            <time dateTime={day}>{label}</time>
          </h2>
          <ol className="item-list thread__list">
            {messages.map((m) => (
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
        {m.author}
      </h3>
      <p className="message__time muted">
        <time dateTime={m.created}>{m.time}</time>
      </p>
      {m.deleted ? (
        <p className="message__deleted">
          <em>{t("messaging.common.deleted")}</em>
        </p>
      ) : m.paragraphs.length ? (
        <MessageText paragraphs={m.paragraphs} />
      ) : null}
      {m.attachments.length ? (
        <ul className="link-list message__attachments" aria-label={t("messaging.thread.attachments")}>
          {m.attachments.map((a) => (
            <li key={a.href}>
              <a href={a.href} download={a.fileName}>
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
