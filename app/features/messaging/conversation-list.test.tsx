import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/messaging.json";
import { I18nProvider } from "~/ui/i18n";
import { ConversationList } from "./conversation-list";
import { Pager, pagerItems } from "~/ui/pager";
import { href } from "~/route-table";
import type { ThreadListItem } from "./message-view";

function render(node: React.ReactNode): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => (
        <I18nProvider lang="en" resources={{ messaging: en }}>
          {node}
        </I18nProvider>
      ),
    },
  ]);
  return renderToString(<Stub hydrationData={{ loaderData: { root: { lang: "en" } } }} />).replace(/<!-- -->/g, "");
}

const thread = (over: Partial<ThreadListItem>): ThreadListItem => ({
  id: "1",
  title: "Otsikko",
  isActive: true,
  isRead: true,
  latestMessage: {
    authorName: "Anna Aho",
    created: "2026-11-20T09:00:00.000Z",
    when: "1 h ago",
    deleted: false,
    excerpt: "Hei!",
    attachmentCount: 0,
  },
  ...over,
});

describe("the conversation list", () => {
  it("says Unread and Closed in words, links each title, and shows the latest message", () => {
    const html = render(
      <ConversationList
        threads={[
          thread({ id: "7", title: "Unread one", isRead: false }),
          thread({ id: "8", title: "Closed one", isActive: false }),
          thread({ id: "9", title: "Deleted", latestMessage: { ...thread({}).latestMessage!, deleted: true } }),
          thread({ id: "10", title: "Empty", latestMessage: null }),
          thread({ id: "11", latestMessage: { ...thread({}).latestMessage!, excerpt: "", attachmentCount: 2 } }),
        ]}
      />,
    );
    expect(html).toMatch(
      /<a href="\/en\/conversations\/7"[^>]*><strong>Unread one<\/strong><\/a><span class="tag[^"]*">Unread<\/span>/,
    );
    expect(html).toMatch(/Closed one<\/a><span class="tag[^"]*">Closed<\/span>/);
    expect(html).toContain('Anna Aho, <time dateTime="2026-11-20T09:00:00.000Z">1 h ago</time>');
    expect(html).toContain("This message has been deleted.");
    expect(html).toContain("No messages yet");
    expect(html).toContain("2 attachments");
  });

  it("says 'No messages' when there are none", () => {
    expect(render(<ConversationList threads={[]} />)).toContain("No messages");
  });
});

describe("the pager", () => {
  it("links the first, the last and the pages next to the current one", () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 2)).toEqual([1, 2]);
    expect(pagerItems(1, 5)).toEqual([1, 2, "gap", 5]);
    expect(pagerItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerItems(5, 10)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
    expect(pagerItems(10, 10)).toEqual([1, "gap", 9, 10]);
    // A single missing page is linked rather than hidden behind a gap.
    expect(pagerItems(4, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("is a navigation of plain links with the current page marked, and nothing for one page", () => {
    const pageHref = (n: number) => href("conversations", "en", {}, n > 1 ? { page: String(n) } : undefined);
    const html = render(<Pager page={2} pages={3} texts="messaging.list.pagination" pageHref={pageHref} />);
    expect(html).toContain('<nav class="pagination" aria-label="Pages of conversations">');
    expect(html).toMatch(/<a aria-current="page" aria-label="Page 2" href="\/en\/conversations\?page=2"/);
    expect(html).toMatch(/<a rel="prev" href="\/en\/conversations"/);
    expect(html).toMatch(/<a rel="next" href="\/en\/conversations\?page=3"/);
    // Only the current page's item stays on a small screen (ui/pager.css hides the others under 480 px).
    expect(html.match(/<li class="pagination__current">/g)).toHaveLength(1);
    expect(html).toMatch(/<li class="pagination__current"><a aria-current="page"/);
    expect(render(<Pager page={1} pages={1} texts="messaging.list.pagination" pageHref={pageHref} />)).not.toContain(
      "<nav",
    );
  });
});
