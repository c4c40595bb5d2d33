import { formatRelativeDate } from "~/lib/format";
import type { Lang } from "~/lib/lang";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { useLang } from "~/ui/root-data";
import type { ThreadListItem } from "./message-view";

/** The conversation list: each thread's title (a link), its state in words, and its latest message. */
export function ConversationList({ threads, now }: { threads: ThreadListItem[]; now: string }) {
  const t = useT();
  const lang = useLang();
  if (!threads.length) return <p className="conversations__empty">{t("messaging.list.empty")}</p>;
  return (
    <ul className="item-list conversations" aria-label={t("messaging.list.listLabel")}>
      {threads.map((thread) => (
        <li key={thread.id} className={`conversation${thread.isRead ? "" : " conversation--unread"}`}>
          <h2 className="conversation__title">
            <LocalizedLink to="conversation" params={{ threadId: thread.id }}>
              {thread.isRead ? thread.title : <strong>{thread.title}</strong>}
            </LocalizedLink>
            {thread.isRead ? null : <span className="tag conversation__unread">{t("messaging.list.unread")}</span>}
            {thread.isActive ? null : (
              <span className="tag tag--neutral conversation__closed">{t("messaging.list.closed")}</span>
            )}
          </h2>
          <LatestMessage thread={thread} now={now} lang={lang} />
        </li>
      ))}
    </ul>
  );
}

function LatestMessage({ thread, now, lang }: { thread: ThreadListItem; now: string; lang: Lang }) {
  const t = useT();
  const message = thread.latestMessage;
  if (!message) return <p className="muted">{t("messaging.list.noMessagesInThread")}</p>;
  const created = new Date(message.created);
  return (
    <>
      <p className="conversation__meta muted">
        {message.authorName}
        {", "}
        <time dateTime={message.created}>{formatRelativeDate(created, new Date(now), lang)}</time>
      </p>
      <p className="conversation__excerpt">
        {message.deleted ? (
          <em>{t("messaging.common.deleted")}</em>
        ) : message.excerpt ? (
          message.excerpt
        ) : (
          t("messaging.list.onlyAttachments", { count: message.attachmentCount })
        )}
      </p>
    </>
  );
}
