import { describe, expect, it } from "vitest";
import en from "../../../locales/en/messaging.json";
import fi from "../../../locales/fi/messaging.json";
import type { MessagingUser, Thread } from "~/features/messaging/threads.server";
import { translator } from "~/lib/translate";
import { listItem, paragraphsOf, pollHref, threadView } from "./pages.server";

const tFi = translator("fi", { messaging: fi });
const tEn = translator("en", { messaging: en });

const user = (id: string, type: MessagingUser["type"], firstName: string, lastName: string, title: string | null) => ({
  id,
  type,
  firstName,
  lastName,
  title,
});
const maija = user("c", "CustomerUser", "Maija", "Meikäläinen", null);
const anna = user("p", "ProfessionalUser", "Anna", "Aho", "Lääkäri");
const bertta = user("s", "ProfessionalUser", "Bertta", "Berg", "Lääkäri");

const thread: Thread = {
  id: 4,
  title: "Polvi",
  type: "customer",
  isActive: false,
  created: new Date("2026-11-19T08:00:00Z"),
  isRead: true,
  latestMessage: null,
  participants: [maija, anna],
  assignments: [
    {
      assignee: anna,
      assignedAt: new Date("2026-11-19T08:00:00Z"),
      absences: [
        { startDate: "2026-11-23", endDate: "2026-11-27", substitute: bertta },
        { startDate: "2026-12-01", endDate: "2026-12-02", substitute: null },
      ],
    },
  ],
  messages: [
    {
      id: 9,
      created: new Date("2026-11-19T08:00:00Z"),
      content: "Hei",
      deleted: false,
      author: maija,
      authorName: "Maija Meikäläinen",
      authorTitle: null,
      authorType: "CustomerUser",
      attachments: [{ id: "a", fileName: "polvi.png" }],
      questionnaireInvitations: [{ id: 3, title: "Kysely", answered: false }],
    },
    {
      id: 10,
      created: new Date("2026-11-19T09:00:00Z"),
      content: "piilossa",
      deleted: true,
      author: anna,
      authorName: "Anna Aho",
      authorTitle: "Lääkäri",
      authorType: "ProfessionalUser",
      attachments: [],
      questionnaireInvitations: [],
    },
  ],
};

describe("the thread page's view (the one the page shows, loaded and polled alike)", () => {
  it("names the people, the absences with their substitutes, and the messages as plain values", () => {
    const view = threadView(thread, new Date("2026-11-20T10:00:00Z"), "fi", tFi);
    expect(view).toMatchObject({
      id: "4",
      title: "Polvi",
      isActive: false,
      participants: "Osallistujat: Maija Meikäläinen (sinä); Anna Aho, Lääkäri",
      absences: [
        { name: "Anna Aho", start: "23.11.2026", end: "27.11.2026", substitute: "Bertta Berg, Lääkäri" },
        { name: "Anna Aho", start: "1.12.2026", end: "2.12.2026", substitute: null },
      ],
    });
    expect(view.days).toHaveLength(1);
    expect(view.days[0]).toMatchObject({ day: "2026-11-19", label: "Torstai, 19.11.2026" });
    expect(view.days[0].messages[0]).toEqual({
      id: "9",
      created: "2026-11-19T08:00:00.000Z",
      time: "10.00",
      paragraphs: [["Hei"]],
      deleted: false,
      author: "Maija Meikäläinen",
      fromCustomer: true,
      attachments: [{ href: "/api/customer-messaging/attachments/a", fileName: "polvi.png" }],
      questionnaireInvitations: [{ id: "3", title: "Kysely" }],
    });
    // A deleted message's text never reaches the page; a professional is named with their title.
    expect(view.days[0].messages[1]).toMatchObject({
      id: "10",
      paragraphs: [],
      deleted: true,
      fromCustomer: false,
      author: "Anna Aho, Lääkäri",
    });
    expect(JSON.stringify(view)).not.toContain("piilossa");
    expect(threadView(thread, new Date("2026-11-20T10:00:00Z"), "en", tEn).participants).toBe(
      "Participants: Maija Meikäläinen (you); Anna Aho, Lääkäri",
    );
  });

  it("groups the messages by their Helsinki day and writes today's as such", () => {
    const late = (id: number, created: string) => ({ ...thread.messages[0], id, created: new Date(created) });
    const view = threadView(
      {
        ...thread,
        messages: [
          late(1, "2026-11-18T21:30:00Z"), // 18.11. 23.30 in Helsinki
          late(2, "2026-11-18T22:30:00Z"), // 19.11. 00.30
          late(3, "2026-11-19T08:00:00Z"),
          late(4, "2026-11-20T08:00:00Z"),
        ],
      },
      new Date("2026-11-20T10:00:00Z"),
      "en",
      tEn,
    );
    expect(view.days.map((d) => [d.day, d.label, d.messages.map((m) => [m.id, m.time])])).toEqual([
      ["2026-11-18", "Wednesday, 18 November 2026", [["1", "23:30"]]],
      [
        "2026-11-19",
        "Thursday, 19 November 2026",
        [
          ["2", "00:30"],
          ["3", "10:00"],
        ],
      ],
      ["2026-11-20", "Today", [["4", "10:00"]]],
    ]);
  });
});

describe("a message's text as the thread shows it", () => {
  it("is its paragraphs at blank lines, each as its lines, whatever the line breaks; none without text", () => {
    expect(paragraphsOf("Line 1\r\nLine <2>\r\n\r\n\nNext\n")).toEqual([
      ["Line 1", "Line <2>"],
      ["Next", ""],
    ]);
    expect(paragraphsOf("One\rTwo")).toEqual([["One", "Two"]]);
    expect(paragraphsOf("")).toEqual([]);
    expect(paragraphsOf(null)).toEqual([]);
  });
});

describe("a page's poll", () => {
  it("loads the page's own address, its query kept, marked as a poll", () => {
    expect(pollHref(new Request("http://localhost/fi/viestit/12"))).toBe("/fi/viestit/12?background=1");
    expect(pollHref(new Request("http://localhost/en/conversations?page=2&poll=1500"))).toBe(
      "/en/conversations?page=2&poll=1500&background=1",
    );
    // Marked once, whatever the address already said.
    expect(pollHref(new Request("http://localhost/fi/viestit?background=0"))).toBe("/fi/viestit?background=1");
  });
});

describe("the list's view of a thread", () => {
  it("says when the latest message was written in the page's language, at the list's now", () => {
    const at = new Date("2026-11-19T10:00:00Z");
    const item = listItem({ ...thread, latestMessage: thread.messages[0] }, at, "en");
    expect(item.latestMessage).toEqual({
      authorName: "Maija Meikäläinen",
      created: "2026-11-19T08:00:00.000Z",
      when: "2 h ago",
      deleted: false,
      excerpt: "Hei",
      attachmentCount: 1,
    });
    expect(listItem({ ...thread, latestMessage: thread.messages[0] }, at, "fi").latestMessage?.when).toBe("2 t sitten");
    expect(listItem(thread, at, "fi").latestMessage).toBeNull();
  });
});
