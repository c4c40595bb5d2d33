import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/messaging.json";
import { I18nProvider } from "~/ui/i18n";
import type { MessageView, ThreadDay, ThreadView } from "./message-view";
import { newMessages, pollResult } from "./thread-poll-result";
import { AbsenceNotices } from "./thread-notices";
import { ThreadMessages } from "./thread-view";

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

/** A message as the loader gives it (pages.server.ts): its time written out in English. */
function message(id: string, time: string, over: Partial<MessageView> = {}): MessageView {
  return {
    id,
    created: `2026-11-19T${time}:00.000Z`,
    time,
    paragraphs: [[`Message ${id}`]],
    deleted: false,
    author: "Anna Aho, Lääkäri",
    fromCustomer: false,
    attachments: [],
    questionnaireInvitations: [],
    ...over,
  };
}

describe("a thread's messages", () => {
  it("show each day's heading, author, time, text with its line breaks, attachments as links, deleted ones as such", () => {
    const days: ThreadDay[] = [
      {
        day: "2026-11-19",
        label: "Thursday, 19 November 2026",
        messages: [
          message("1", "08:00", { paragraphs: [["Line 1", "Line <2>"], ["Next"]], fromCustomer: true }),
          message("2", "09:00", { paragraphs: [], deleted: true }),
        ],
      },
      {
        day: "2026-11-20",
        label: "Today",
        messages: [
          message("3", "10:05", {
            created: "2026-11-20T08:05:00.000Z",
            attachments: [{ href: "/api/customer-messaging/attachments/abc", fileName: "ohje.pdf" }],
            questionnaireInvitations: [{ id: "5", title: "Esitiedot" }],
          }),
        ],
      },
    ];
    const html = render(<ThreadMessages focusMessageId="3" days={days} />);
    expect(html).toMatch(
      /<h2 id="day-2026-11-19" class="thread__date"><time dateTime="2026-11-19">Thursday, 19 November 2026<\/time><\/h2>/,
    );
    expect(html).toContain('<time dateTime="2026-11-20">Today</time>');
    expect(html.match(/<section class="thread__day"/g)).toHaveLength(2);
    expect(html).toContain("<p>Line 1<br/>Line &lt;2&gt;</p><p>Next</p>");
    expect(html).toContain("This message has been deleted.");
    expect(html).toContain('<h3 id="message-3-author" class="message__author">Anna Aho, Lääkäri</h3>');
    expect(html).toContain('<time dateTime="2026-11-20T08:05:00.000Z">10:05</time>');
    expect(html).toContain('<a href="/api/customer-messaging/attachments/abc" download="ohje.pdf">ohje.pdf</a>');
    expect(html).toContain("Questionnaire: Esitiedot");
    // Only the focus target carries the result marker.
    expect(html.match(/data-result-heading/g)).toHaveLength(1);
    expect(html).toMatch(/id="message-3"[^>]*data-result-heading=""/);
  });

  it("say 'No messages' when there are none", () => {
    expect(render(<ThreadMessages days={[]} />)).toContain("No messages");
  });
});

const thread: ThreadView = {
  id: "4",
  title: "Polvi",
  isActive: true,
  participants: "Participants: Maija Meikäläinen (you); Anna Aho, Lääkäri",
  absences: [
    {
      name: "Anna Aho",
      start: "23 November 2026",
      end: "27 November 2026",
      substitute: "Bertta Berg, Lääkäri",
    },
  ],
  days: [],
};

describe("a thread's people", () => {
  it("names the absences with their substitutes", () => {
    const html = render(<AbsenceNotices thread={thread} />);
    expect(html).toContain("Anna Aho is away 23 November 2026–27 November 2026.");
    expect(html).toContain("Substitute: Bertta Berg, Lääkäri.");
    expect(render(<AbsenceNotices thread={{ ...thread, absences: [] }} />)).not.toContain("banner");
  });
});

describe("polling", () => {
  const day = (messages: MessageView[]): ThreadDay[] => [{ day: "2026-11-19", label: "Today", messages }];
  const shown: ThreadView = { ...thread, days: day([message("1", "08:00"), message("2", "09:00")]) };

  it("counts the messages not shown yet", () => {
    const known = [message("1", "08:00")];
    const next = [...known, message("2", "09:00"), message("3", "10:00")];
    expect(newMessages(known, next).map((m) => m.id)).toEqual(["2", "3"]);
    expect(newMessages(next, next)).toEqual([]);
  });

  it("finds nothing when the poll answers the thread as shown", () => {
    expect(pollResult(shown, structuredClone(shown))).toBeNull();
  });

  it("reports new messages with their count, to be announced, also on a day of their own", () => {
    const next = { ...shown, days: day([...shown.days[0].messages, message("3", "10:00")]) };
    expect(pollResult(shown, next)).toEqual({ thread: next, added: 1, closed: false });
    const nextDay = {
      ...shown,
      days: [...shown.days, { day: "2026-11-20", label: "Today", messages: [message("3", "10:00")] }],
    };
    expect(pollResult(shown, nextDay)).toEqual({ thread: nextDay, added: 1, closed: false });
  });

  it("reports a thread closed meanwhile, and only as it closes", () => {
    const closed = { ...shown, isActive: false };
    expect(pollResult(shown, closed)).toEqual({ thread: closed, added: 0, closed: true });
    expect(pollResult(closed, structuredClone(closed))).toBeNull();
  });

  it("reports any other change, e.g. a message deleted, without new messages", () => {
    const [first, second] = shown.days[0].messages;
    const next = { ...shown, days: day([first, { ...second, paragraphs: [], deleted: true }]) };
    expect(pollResult(shown, next)).toEqual({ thread: next, added: 0, closed: false });
  });
});
