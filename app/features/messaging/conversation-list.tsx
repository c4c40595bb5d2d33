import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import type { ThreadListItem } from "./message-view";

/**
 * The conversation list: each thread's title (a link), its state in words, and its latest message with when it was
 * written (in words by the loader, so the page carries no date code).
 */
export function ConversationList({ threads }: { threads: ThreadListItem[] }) {
  const t = useT();
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
          <LatestMessage thread={thread} />
        </li>
      ))}
    </ul>
  );
}

function LatestMessage({ thread }: { thread: ThreadListItem }) {
  const t = useT();
  const message = thread.latestMessage;
  if (!message) return <p className="muted">{t("messaging.list.noMessagesInThread")}</p>;
  return (
    <>
      <p className="conversation__meta muted">
        {message.authorName}
        {", "}
        <time dateTime={message.created}>{message.when}</time>
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
