import { Link } from "react-router";
import { formatRelativeDate } from "~/lib/format";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";
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

export type PagerItem = number | "gap";

/** The pages a pager links: the first, the last and those next to the current one, with gaps between. */
export function pagerItems(page: number, pages: number): PagerItem[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages);
  shown.sort((a, b) => a - b);
  const items: PagerItem[] = [];
  for (const n of shown) {
    const previous = items.at(-1);
    if (typeof previous === "number" && n - previous === 2) items.push(previous + 1);
    else if (typeof previous === "number" && n - previous > 2) items.push("gap");
    items.push(n);
  }
  return items;
}

/** Pages of the list as plain links (`?page=N`), so paging works without JavaScript; the current page is marked. */
export function Pager({ page, pages }: { page: number; pages: number }) {
  const t = useT();
  const lang = useLang();
  if (pages <= 1) return null;
  const pageHref = (n: number) => href("conversations", lang, {}, n > 1 ? { page: String(n) } : undefined);
  return (
    <nav className="pagination" aria-label={t("messaging.list.pagination.label")}>
      {page > 1 ? (
        <Link to={pageHref(page - 1)} rel="prev">
          {t("messaging.list.pagination.previous")}
        </Link>
      ) : null}
      <ul className="pagination__pages">
        {pagerItems(page, pages).map((item, i) =>
          item === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={pageHref(item)}
                aria-current={item === page ? "page" : undefined}
                aria-label={t("messaging.list.pagination.page", { page: item })}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pages ? (
        <Link to={pageHref(page + 1)} rel="next">
          {t("messaging.list.pagination.next")}
        </Link>
      ) : null}
    </nav>
  );
}
