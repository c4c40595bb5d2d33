import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/messaging.json";
import { formatCalendarDate, formatTime, helsinkiDateParts } from "~/lib/format";
import { I18nProvider } from "~/ui/i18n";
import type { MessageView, ThreadView } from "./message-view";
import { newMessages, pollResult } from "./thread-polling";
import { AbsenceNotices } from "./absence-notices";
import { ParticipantsSummary, ThreadMessages, groupByDay } from "./thread-view";

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

const NOW = new Date("2026-11-20T10:00:00.000Z");

/** A message as the loader gives it (pages.server.ts): its day and time written out in English at NOW. */
function message(id: string, created: string, over: Partial<MessageView> = {}): MessageView {
  const at = new Date(created);
  const { year, month, day } = helsinkiDateParts(at);
  return {
    id,
    created,
    day: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
    dayLabel: formatCalendarDate(at, NOW, "en"),
    time: formatTime(at, "en"),
    content: `Message ${id}`,
    deleted: false,
    authorName: "Anna Aho",
    authorTitle: "Lääkäri",
    fromCustomer: false,
    attachments: [],
    questionnaireInvitations: [],
    ...over,
  };
}

describe("a thread's messages", () => {
  it("are grouped by their Helsinki day", () => {
    const groups = groupByDay([
      message("1", "2026-11-18T21:30:00.000Z"), // 19.11. 23.30 in Helsinki
      message("2", "2026-11-18T22:30:00.000Z"), // 19.11. 00.30
      message("3", "2026-11-20T08:00:00.000Z"),
    ]);
    expect(groups.map((g) => [g.day, g.messages.map((m) => m.id)])).toEqual([
      ["2026-11-18", ["1"]],
      ["2026-11-19", ["2"]],
      ["2026-11-20", ["3"]],
    ]);
  });

  it("show author, time, text with its line breaks, attachments as links, deleted ones as such", () => {
    const html = render(
      <ThreadMessages
        focusMessageId="3"
        messages={[
          message("1", "2026-11-19T08:00:00.000Z", { content: "Line 1\nLine <2>\n\nNext", fromCustomer: true }),
          message("2", "2026-11-19T09:00:00.000Z", { content: null, deleted: true }),
          message("3", "2026-11-20T08:05:00.000Z", {
            attachments: [{ id: "abc", fileName: "ohje.pdf" }],
            questionnaireInvitations: [{ id: "5", title: "Esitiedot" }],
          }),
        ]}
      />,
    );
    expect(html).toMatch(
      /<h2 id="day-2026-11-19" class="thread__date"><time dateTime="2026-11-19">Thursday, 19 November 2026<\/time><\/h2>/,
    );
    expect(html).toContain('<time dateTime="2026-11-20">Today</time>');
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
    expect(render(<ThreadMessages messages={[]} />)).toContain("No messages");
  });
});

const thread: ThreadView = {
  id: "4",
  title: "Polvi",
  isActive: true,
  participants: [
    { id: "c", name: "Maija Meikäläinen", title: null, isCustomer: true },
    { id: "p", name: "Anna Aho", title: "Lääkäri", isCustomer: false },
  ],
  absences: [
    {
      name: "Anna Aho",
      start: "23 November 2026",
      end: "27 November 2026",
      substitute: { name: "Bertta Berg", title: "Lääkäri" },
    },
  ],
  messages: [],
};

describe("a thread's people", () => {
  it("names the participants and the absences with their substitutes", () => {
    expect(render(<ParticipantsSummary thread={thread} />)).toContain(
      "Participants: Maija Meikäläinen (you); Anna Aho, Lääkäri",
    );
    const html = render(<AbsenceNotices thread={thread} />);
    expect(html).toContain("Anna Aho is away 23 November 2026–27 November 2026.");
    expect(html).toContain("Substitute: Bertta Berg, Lääkäri.");
    expect(render(<AbsenceNotices thread={{ ...thread, absences: [] }} />)).not.toContain("banner");
  });
});

describe("polling", () => {
  const shown: ThreadView = {
    ...thread,
    messages: [message("1", "2026-11-19T08:00:00.000Z"), message("2", "2026-11-19T09:00:00.000Z")],
  };

  it("counts the messages not shown yet", () => {
    const known = [message("1", "2026-11-19T08:00:00.000Z")];
    const next = [...known, message("2", "2026-11-19T09:00:00.000Z"), message("3", "2026-11-19T10:00:00.000Z")];
    expect(newMessages(known, next).map((m) => m.id)).toEqual(["2", "3"]);
    expect(newMessages(next, next)).toEqual([]);
  });

  it("finds nothing when the poll answers the thread as shown", () => {
    expect(pollResult(shown, structuredClone(shown))).toBeNull();
  });

  it("reports new messages with their count, to be announced", () => {
    const next = { ...shown, messages: [...shown.messages, message("3", "2026-11-19T10:00:00.000Z")] };
    expect(pollResult(shown, next)).toEqual({ thread: next, added: 1, closed: false });
  });

  it("reports a thread closed meanwhile, and only as it closes", () => {
    const closed = { ...shown, isActive: false };
    expect(pollResult(shown, closed)).toEqual({ thread: closed, added: 0, closed: true });
    expect(pollResult(closed, structuredClone(closed))).toBeNull();
  });

  it("reports any other change, e.g. a message deleted, without new messages", () => {
    const next = {
      ...shown,
      messages: [shown.messages[0], { ...shown.messages[1], content: null, deleted: true }],
    };
    expect(pollResult(shown, next)).toEqual({ thread: next, added: 0, closed: false });
  });
});
