import { describe, expect, it } from "vitest";
import type { MessagingUser, Thread } from "~/features/messaging/threads.server";
import { listItem, threadView } from "./pages.server";

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
    const view = threadView(thread, new Date("2026-11-20T10:00:00Z"), "fi");
    expect(view).toMatchObject({
      id: "4",
      title: "Polvi",
      isActive: false,
      participants: [
        { id: "c", name: "Maija Meikäläinen", title: null, isCustomer: true },
        { id: "p", name: "Anna Aho", title: "Lääkäri", isCustomer: false },
      ],
      absences: [
        {
          name: "Anna Aho",
          start: "23.11.2026",
          end: "27.11.2026",
          substitute: { name: "Bertta Berg", title: "Lääkäri" },
        },
        { name: "Anna Aho", start: "1.12.2026", end: "2.12.2026", substitute: null },
      ],
    });
    expect(view.messages[0]).toEqual({
      id: "9",
      created: "2026-11-19T08:00:00.000Z",
      day: "2026-11-19",
      dayLabel: "Torstai, 19.11.2026",
      time: "10.00",
      content: "Hei",
      deleted: false,
      authorName: "Maija Meikäläinen",
      authorTitle: null,
      fromCustomer: true,
      attachments: [{ id: "a", fileName: "polvi.png" }],
      questionnaireInvitations: [{ id: "3", title: "Kysely" }],
    });
    // A deleted message's text never reaches the page.
    expect(view.messages[1]).toMatchObject({ id: "10", content: null, deleted: true, fromCustomer: false });
    expect(JSON.stringify(view)).not.toContain("piilossa");
  });

  it("gives each message its Helsinki day and writes today's as such", () => {
    const late = (id: number, created: string) => ({ ...thread.messages[0], id, created: new Date(created) });
    const view = threadView(
      {
        ...thread,
        messages: [
          late(1, "2026-11-18T21:30:00Z"), // 18.11. 23.30 in Helsinki
          late(2, "2026-11-18T22:30:00Z"), // 19.11. 00.30
          late(3, "2026-11-20T08:00:00Z"),
        ],
      },
      new Date("2026-11-20T10:00:00Z"),
      "en",
    );
    expect(view.messages.map((m) => [m.day, m.dayLabel, m.time])).toEqual([
      ["2026-11-18", "Wednesday, 18 November 2026", "23:30"],
      ["2026-11-19", "Thursday, 19 November 2026", "00:30"],
      ["2026-11-20", "Today", "10:00"],
    ]);
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
