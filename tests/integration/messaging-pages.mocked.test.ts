/**
 * The messaging pages through the real request handler and database: the conversation list (paging, unread and
 * closed in words, maintenance, a failing service), a thread (read on opening, 404 for anyone else's, closed),
 * and both forms without JavaScript (multipart with the files) and with it (keys of files uploaded beforehand).
 * The threads are this file's own, made for people the demo gives no messaging.
 */
import { readFileSync } from "node:fs";
import { and, count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CSRF_COOKIE, newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import type { Person } from "~/.server/session";
import { storage } from "~/.server/storage";
import * as service from "~/features/messaging/attachments.server";
import { pollIntervalMs } from "~/routes/messaging/pages.server";
import { ATTACHMENTS_MAX_BYTES, POLL_INTERVAL_MS } from "~/features/messaging/rules";
import { sendAsBrowser, type SendOptions } from "./request-handler";
import { env } from "~/.server/env";
import { FIXED_NOW, clockAt, cookiePair, login, useTestDatabase } from "./test-db";

// The service, with a switch to make listing fail as an unreachable messaging backend would.
const failing = vi.hoisted(() => ({ list: false }));
vi.mock("~/features/messaging/threads.server", async (original) => {
  const actual = await original<typeof import("~/features/messaging/threads.server")>();
  return {
    ...actual,
    listThreads: (...args: Parameters<typeof actual.listThreads>) => {
      if (failing.list) throw new Error("messaging backend unreachable");
      return actual.listThreads(...args);
    },
  };
});

const t = useTestDatabase();
const csrfCookie = newCsrfCookieValue();
const send = (method: string, url: string, options: SendOptions = {}) =>
  sendAsBrowser(csrfCookie, method, url, options);

const PDF = new Uint8Array(readFileSync("tests/fixtures/message-attachment.pdf"));
const HTML = new TextEncoder().encode("<!doctype html><html><body><script>alert(1)</script></body></html>");

afterEach(() => {
  failing.list = false;
});

// --- fixtures ----------------------------------------------------------------------------------------------------

const minutesAgo = (n: number) => new Date(FIXED_NOW.getTime() - n * 60_000);
const customers = new Map<string, string>();

async function customerUser(person: Person): Promise<string> {
  const known = customers.get(person.id);
  if (known) return known;
  const [row] = await t.db
    .insert(s.messagingUsers)
    .values({ type: "CustomerUser", personId: person.id, firstName: person.firstName, lastName: person.lastName })
    .returning({ id: s.messagingUsers.id });
  customers.set(person.id, row.id);
  return row.id;
}

let nurseId: string | null = null;
async function nurse(): Promise<string> {
  if (nurseId) return nurseId;
  const [row] = await t.db
    .insert(s.messagingUsers)
    .values({ type: "ProfessionalUser", firstName: "Testi", lastName: "Hoitaja", title: "Sairaanhoitaja" })
    .returning({ id: s.messagingUsers.id });
  nurseId = row.id;
  return row.id;
}

/** A thread of `person` with messages from the nurse (`by: "nurse"`) or the customer, `minutesAgo` each. */
async function makeThread(
  person: Person,
  opts: {
    title: string;
    isActive?: boolean;
    read: boolean;
    messages: { by: "nurse" | "me"; ago: number; text: string; deleted?: boolean }[];
  },
): Promise<number> {
  const me = await customerUser(person);
  const professional = await nurse();
  const oldest = Math.max(...opts.messages.map((m) => m.ago), 1);
  const [thread] = await t.db
    .insert(s.threads)
    .values({ personId: person.id, title: opts.title, isActive: opts.isActive ?? true, createdAt: minutesAgo(oldest) })
    .returning({ id: s.threads.id });
  await t.db.insert(s.threadParticipants).values([
    { threadId: thread.id, userId: me, readAt: opts.read ? FIXED_NOW : minutesAgo(oldest + 1) },
    { threadId: thread.id, userId: professional, readAt: FIXED_NOW },
  ]);
  for (const m of opts.messages)
    await t.db.insert(s.messages).values({
      threadId: thread.id,
      authorId: m.by === "me" ? me : professional,
      authorType: m.by === "me" ? "CustomerUser" : "ProfessionalUser",
      authorName: m.by === "me" ? `${person.firstName} ${person.lastName}` : "Testi Hoitaja",
      authorTitle: m.by === "me" ? null : "Sairaanhoitaja",
      content: m.text,
      createdAt: minutesAgo(m.ago),
      deletedAt: m.deleted ? minutesAgo(m.ago - 1) : null,
    });
  return thread.id;
}

const messagesIn = async (threadId: number) =>
  t.db.select().from(s.messages).where(eq(s.messages.threadId, threadId)).orderBy(s.messages.id);
const threadsOf = async (p: Person) => t.db.select().from(s.threads).where(eq(s.threads.personId, p.id));
const attachmentRows = async () => (await t.db.select({ n: count() }).from(s.messageAttachments))[0].n;
const filesOf = async (p: Person) =>
  (
    await t.db
      .select({ n: count() })
      .from(s.storedFiles)
      .where(and(eq(s.storedFiles.ownerId, p.id), eq(s.storedFiles.purpose, "message-attachment")))
  )[0].n;

function messageForm(fields: Record<string, string>, files: [Uint8Array<ArrayBuffer>, string, string][] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (!files.length) form.append("attachments", new File([], "", { type: "application/octet-stream" }));
  for (const [bytes, name, type] of files) form.append("attachments", new File([bytes], name, { type }));
  return form;
}

/** The opening tags of the links to `href`, whatever the order of their attributes. */
const links = (html: string, href: string) =>
  (html.match(/<a\b[^>]*>/g) ?? []).filter((tag) => tag.includes(`href="${href}"`));

/** Visible text of an HTML fragment, without tags, for counting words. */
const textOf = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");

async function setStatus(values: Partial<typeof s.messagingStatus.$inferInsert>) {
  await t.db
    .insert(s.messagingStatus)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: s.messagingStatus.id, set: values });
}

// --- the list ----------------------------------------------------------------------------------------------------

describe("the conversation list", () => {
  it("pages the threads ten at a time, says Unread and Closed in words, and marks the current page", async () => {
    const sanna = t.person("newCustomer");
    // 12 threads, newest first: every third unread, the oldest one closed.
    for (let i = 0; i < 12; i++)
      await makeThread(sanna, {
        title: `Kysymys ${String(i + 1).padStart(2, "0")}`,
        read: i % 3 !== 0,
        isActive: i !== 11,
        messages: [{ by: i % 2 ? "me" : "nurse", ago: 60 * (i + 1), text: `Viesti numero ${i + 1}. `.repeat(20) }],
      });
    const session = await login(sanna);

    const first = await send("GET", "/en/conversations", { session });
    expect(first.status).toBe(200);
    expect(first.text).toContain("<title>Conversations – Solmu</title>");
    expect(first.text).toMatch(/<h1[^>]*>Conversations<\/h1>/);
    expect(links(first.text, "/en/conversations/new")).toHaveLength(1);
    expect(first.text).toContain(">New conversation</a>");
    expect(first.text).toContain("In an emergency, call 112.");
    const items = first.text.match(/<li class="conversation[^"]*">/g) ?? [];
    expect(items).toHaveLength(10);
    for (let i = 1; i <= 10; i++) expect(first.text).toContain(`Kysymys ${String(i).padStart(2, "0")}`);
    expect(first.text).not.toContain("Kysymys 11");
    // Threads 1, 4, 7 and 10 are unread: the word, not colour alone.
    expect(textOf(first.text).match(/\bUnread\b/g)).toHaveLength(4);
    expect(first.text).toMatch(/<li class="conversation conversation--unread">[\s\S]*?Kysymys 01/);
    // The latest message: author, when, and a short excerpt of it.
    expect(first.text).toContain("Testi Hoitaja");
    expect(first.text).toMatch(/Viesti numero 1\. Viesti numero 1\.[^<]*…/);
    expect(first.text).not.toContain(`Viesti numero 1. `.repeat(20).trim());
    // The pager: plain links, the current page marked.
    expect(first.text).toMatch(/<nav class="pagination" aria-label="Pages of conversations">/);
    expect(links(first.text, "/en/conversations").some((a) => a.includes('aria-current="page"'))).toBe(true);
    expect(links(first.text, "/en/conversations?page=2").map((a) => a.includes('rel="next"'))).toEqual([false, true]);
    expect(links(first.text, "/en/conversations?page=2").some((a) => a.includes("aria-current"))).toBe(false);

    const second = await send("GET", "/en/conversations?page=2", { session });
    expect(second.text.match(/<li class="conversation[^"]*">/g)).toHaveLength(2);
    expect(second.text).toContain("Kysymys 12");
    expect(textOf(second.text).match(/\bClosed\b/g)).toHaveLength(1);
    expect(links(second.text, "/en/conversations?page=2")[0]).toContain('aria-current="page"');

    // A page past the end shows the last one; nonsense shows the first.
    expect((await send("GET", "/en/conversations?page=99", { session })).text).toContain("Kysymys 12");
    expect((await send("GET", "/en/conversations?page=x", { session })).text).toContain("Kysymys 01");

    // Finnish paths and words.
    const fi = await send("GET", "/fi/viestit", { session });
    expect(fi.status).toBe(200);
    expect(textOf(fi.text).match(/\bLukematon\b/g)).toHaveLength(4);
  });

  it("says 'No messages' when there are none, and shows the announcement's markdown safely", async () => {
    const erkki = t.person("senior");
    await customerUser(erkki);
    await setStatus({
      announcementActive: true,
      announcementHeading: "Huoltokatko lauantaina",
      announcementDescription:
        "Palvelu on **poissa käytöstä** klo 8–10.\n\n- [Ohje](https://www.solmu.example/ohje)\n- [x](javascript:alert(1)) <b>hi</b>",
      announcementType: "warning",
    });
    try {
      const page = await send("GET", "/en/conversations", { session: await login(erkki) });
      expect(page.status).toBe(200);
      expect(page.text).toContain("No messages");
      expect(page.text).toMatch(/<section class="banner banner--warning announcement announcement--warning"/);
      expect(page.text).toContain("Warning");
      expect(page.text).toMatch(/<h2 id="messaging-announcement-heading">Huoltokatko lauantaina<\/h2>/);
      expect(page.text).toContain("<strong>poissa käytöstä</strong>");
      expect(page.text).toContain('<a href="https://www.solmu.example/ohje" rel="noopener noreferrer">Ohje</a>');
      expect(page.text).not.toContain('href="javascript');
      expect(page.text).toContain("&lt;b&gt;hi&lt;/b&gt;");
    } finally {
      await setStatus({ announcementActive: false });
    }
  });

  it("shows the spec's error when the service fails, not the error page", async () => {
    const erkki = t.person("senior");
    await customerUser(erkki);
    failing.list = true;
    const page = await send("GET", "/en/conversations", { session: await login(erkki) });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Failed to fetch conversations. Please try again later.");
    expect(page.text).not.toContain("No messages");
  });

  it("shows the maintenance notice instead of the list and the forms, and refuses posts", async () => {
    const erkki = t.person("senior");
    const thread = await makeThread(erkki, {
      title: "Huollon aikana",
      read: true,
      messages: [{ by: "nurse", ago: 5, text: "Hei" }],
    });
    const session = await login(erkki);
    await setStatus({ maintenance: true });
    try {
      const list = await send("GET", "/en/conversations", { session });
      expect(list.text).toContain("Messaging is under maintenance");
      expect(list.text).not.toContain("Huollon aikana");
      expect(list.text).not.toContain('href="/en/conversations/new"');
      const threadPage = await send("GET", `/en/conversations/${thread}`, { session });
      expect(threadPage.text).toContain("Messaging is under maintenance");
      expect(threadPage.text).not.toContain("Huollon aikana");
      const form = await send("GET", "/en/conversations/new", { session });
      expect(form.text).toContain("Messaging is under maintenance");
      expect(form.text).not.toContain('name="subject"');
      const reply = await send("POST", `/en/conversations/${thread}`, {
        session,
        form: messageForm({ message: "Hei" }),
      });
      expect(reply.status).toBe(503);
      expect(await messagesIn(thread)).toHaveLength(1);
    } finally {
      await setStatus({ maintenance: false });
    }
  });

  it("exists only for a person with messaging, only in the main brand", async () => {
    const olli = await login(t.person("myInfoAdult"));
    for (const path of ["/en/conversations", "/en/conversations/new", "/en/conversations/1"])
      expect((await send("GET", path, { session: olli })).status, path).toBe(404);
    const sanna = await login(t.person("newCustomer"));
    await customerUser(t.person("newCustomer"));
    expect((await send("GET", "/en/conversations", { session: sanna, host: "pikkujatti.localhost:3000" })).status).toBe(
      404,
    );
    const anonymous = await send("GET", "/fi/viestit");
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/fi\/kirjaudu/);
  });
});

// --- a thread ----------------------------------------------------------------------------------------------------

describe("a thread", () => {
  it("shows the messages by day, marks the thread read, and is 404 for anyone else", async () => {
    const sanna = t.person("newCustomer");
    const thread = await makeThread(sanna, {
      title: "Rokotukset",
      read: false,
      messages: [
        { by: "me", ago: 3 * 24 * 60, text: "Tarvitsenko tehosteen?\nKävin viimeksi 2019." },
        { by: "nurse", ago: 2 * 24 * 60, text: "Poistettu sisältö", deleted: true },
        { by: "nurse", ago: 30, text: "Kyllä, <b>varaa</b> aika.\n\nTervetuloa!" },
      ],
    });
    const session = await login(sanna);
    const page = await send("GET", `/en/conversations/${thread}`, { session });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<h1[^>]*>Rokotukset/);
    expect(page.text).toContain("Participants: Sanna Uusitalo (you); Testi Hoitaja, Sairaanhoitaja");
    // A heading per day; "Today" for today's message.
    expect(page.text.match(/<h2 id="day-\d{4}-\d\d-\d\d"/g)).toHaveLength(3);
    expect(page.text).toMatch(/<time dateTime="\d{4}-\d\d-\d\d">Today<\/time>/);
    expect(page.text).toContain("Tarvitsenko tehosteen?<br/>Kävin viimeksi 2019.");
    expect(page.text).toContain("<p>Kyllä, &lt;b&gt;varaa&lt;/b&gt; aika.</p><p>Tervetuloa!</p>");
    expect(page.text).toContain("This message has been deleted.");
    expect(page.text).not.toContain("Poistettu sisältö");
    expect(page.text).toMatch(/<textarea[^>]*id="message"[^>]*name="message"/);
    expect(page.text).toMatch(/<a[^>]*href="\/en\/conversations"[^>]*>Back to conversations<\/a>/);

    const me = await customerUser(sanna);
    const [participant] = await t.db
      .select()
      .from(s.threadParticipants)
      .where(and(eq(s.threadParticipants.threadId, thread), eq(s.threadParticipants.userId, me)));
    expect(participant.readAt).toEqual(FIXED_NOW);
    const logged = await t.db
      .select()
      .from(s.accessLog)
      .where(and(eq(s.accessLog.resource, "conversation"), eq(s.accessLog.resourceId, String(thread))));
    expect(logged.length).toBeGreaterThan(0);

    // Someone else's thread, an id that is no id, one that does not exist: all 404.
    const erkki = await login(t.person("senior"));
    await customerUser(t.person("senior"));
    expect((await send("GET", `/en/conversations/${thread}`, { session: erkki })).status).toBe(404);
    const reply = await send("POST", `/en/conversations/${thread}`, {
      session: erkki,
      form: messageForm({ message: "Hei" }),
    });
    expect(reply.status).toBe(404);
    for (const id of ["abc", "012", "1.0", "-1", "99999999", "2147483648"])
      expect((await send("GET", `/en/conversations/${id}`, { session })).status, id).toBe(404);
    expect(await messagesIn(thread)).toHaveLength(3);
  });

  it("is closed: no reply box, and a reply is refused", async () => {
    const sanna = t.person("newCustomer");
    const thread = await makeThread(sanna, {
      title: "Suljettu asia",
      read: true,
      isActive: false,
      messages: [{ by: "nurse", ago: 90, text: "Asia on hoidettu." }],
    });
    const session = await login(sanna);
    const page = await send("GET", `/en/conversations/${thread}`, { session });
    expect(page.status).toBe(200);
    expect(page.text).toContain("This conversation is closed");
    expect(page.text).not.toContain('name="message"');
    const reply = await send("POST", `/en/conversations/${thread}`, {
      session,
      form: messageForm({ message: "Vielä yksi asia" }),
    });
    expect(reply.status).toBe(409);
    expect(reply.text).toContain("This conversation is closed");
    expect(await messagesIn(thread)).toHaveLength(1);
  });
});

// --- the forms without JavaScript ----------------------------------------------------------------------------------

describe("replying without JavaScript", () => {
  it("needs the CSRF token", async () => {
    const sanna = t.person("newCustomer");
    const thread = await makeThread(sanna, {
      title: "CSRF",
      read: true,
      messages: [{ by: "nurse", ago: 10, text: "Hei" }],
    });
    const reply = await send("POST", `/en/conversations/${thread}`, {
      session: await login(sanna),
      csrf: false,
      form: messageForm({ message: "Hei" }),
    });
    expect(reply.status).toBe(403);
    expect(await messagesIn(thread)).toHaveLength(1);
  });

  it("stores a reply with a PDF, redirects to it with 'Message sent', and serves the PDF to the participant", async () => {
    const sanna = t.person("newCustomer");
    const thread = await makeThread(sanna, {
      title: "Lausunto",
      read: true,
      messages: [{ by: "nurse", ago: 10, text: "Lähetä lausunto" }],
    });
    const session = await login(sanna);
    const reply = await send("POST", `/en/conversations/${thread}`, {
      session,
      form: messageForm({ message: "Tässä lausunto.\nTerveisin Sanna" }, [[PDF, "lausunto.pdf", "application/pdf"]]),
    });
    expect(reply.status, reply.text.slice(0, 300)).toBe(302);
    const messages = await messagesIn(thread);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({ content: "Tässä lausunto.\nTerveisin Sanna", authorType: "CustomerUser" });
    expect(reply.location).toBe(`/en/conversations/${thread}#message-${messages[1].id}`);
    expect(reply.setCookie).toContain("messaging.flash.sent");

    const [attachment] = await t.db
      .select()
      .from(s.messageAttachments)
      .where(eq(s.messageAttachments.messageId, messages[1].id));
    expect(attachment.fileName).toBe("lausunto.pdf");
    const page = await send("GET", `/en/conversations/${thread}`, { session });
    expect(page.text).toContain(`href="/api/customer-messaging/attachments/${attachment.id}"`);
    expect(page.text).toContain(">lausunto.pdf</a>");
    const download = await send("GET", `/api/customer-messaging/attachments/${attachment.id}`, { session });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect(download.body).toEqual(PDF);
    const other = await login(t.person("senior"));
    expect((await send("GET", `/api/customer-messaging/attachments/${attachment.id}`, { session: other })).status).toBe(
      404,
    );
  });

  it("takes a reply of attachments only, but not an empty one", async () => {
    const sanna = t.person("newCustomer");
    const thread = await makeThread(sanna, {
      title: "Vain liite",
      read: true,
      messages: [{ by: "nurse", ago: 10, text: "Hei" }],
    });
    const session = await login(sanna);
    const empty = await send("POST", `/en/conversations/${thread}`, { session, form: messageForm({ message: "  " }) });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('<a href="#message">Write a reply or add an attachment</a>');
    const onlyFile = await send("POST", `/en/conversations/${thread}`, {
      session,
      form: messageForm({ message: "" }, [[PDF, "liite.pdf", "application/pdf"]]),
    });
    expect(onlyFile.status).toBe(302);
    expect(await messagesIn(thread)).toHaveLength(2);
  });

  it("refuses a .png that is HTML, and attachments over 9 MiB, with 400 and nothing written", async () => {
    const sanna = t.person("newCustomer");
    const thread = await makeThread(sanna, {
      title: "Liitteet",
      read: true,
      messages: [{ by: "nurse", ago: 10, text: "Hei" }],
    });
    const session = await login(sanna);
    const before = { attachments: await attachmentRows(), files: await filesOf(sanna) };

    const html = await send("POST", `/en/conversations/${thread}`, {
      session,
      form: messageForm({ message: "Kuva liitteenä" }, [[HTML, "kuva.png", "image/png"]]),
    });
    expect(html.status).toBe(400);
    expect(html.text).toContain("<title>Error: Liitteet – Solmu</title>");
    expect(html.text).toMatch(
      /<a href="#attachments">An attachment is of a type that cannot be sent\. Allowed file types: PDF, RTF/,
    );
    expect(html.text).toMatch(/<input[^>]*id="attachments"[^>]*aria-invalid="true"/);
    // The typed text is kept.
    expect(html.text).toMatch(/<textarea[^>]*>Kuva liitteenä<\/textarea>/);

    const half = ATTACHMENTS_MAX_BYTES / 2;
    const big = new Uint8Array(half + 1);
    big.set(PDF.subarray(0, 8));
    const tooLarge = await send("POST", `/en/conversations/${thread}`, {
      session,
      form: messageForm({ message: "Isot tiedostot" }, [
        [big, "a.pdf", "application/pdf"],
        [big, "b.pdf", "application/pdf"],
      ]),
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.text).toContain("Attachment file is too large. The attachments can be at most 9 MB in total.");

    expect(await messagesIn(thread)).toHaveLength(1);
    expect(await attachmentRows()).toBe(before.attachments);
    expect(await filesOf(sanna)).toBe(before.files);
  });
});

describe("a new conversation without JavaScript", () => {
  it("shows the form: recipient link, subject, message, attachments, the disclaimer", async () => {
    const liisa = t.person("employee");
    const page = await send("GET", "/en/conversations/new", { session: await login(liisa) });
    expect(page.status).toBe(200);
    const form = (page.text.match(/<form\b[^>]*>/g) ?? []).find((tag) =>
      tag.includes('action="/en/conversations/new"'),
    );
    expect(form).toMatch(/method="post"/);
    expect(form).toMatch(/enctype="multipart\/form-data"/i);
    // Liisa has occupational care: the recipient is her occupational-health team.
    expect(page.text).toMatch(/<a href="\/en\/occupational-health-care-team">Your health care team<\/a>/);
    // …whose members are named.
    expect(page.text).toMatch(/Your messages are read by: [^<]*\(/);
    expect(page.text).toContain('<label class="field__label" for="subject">Subject</label>');
    expect(page.text).toContain('<label class="field__label" for="message">Message</label>');
    expect(page.text).toMatch(/<input[^>]*type="file"[^>]*multiple=""[^>]*accept="\.pdf,\.rtf,/);
    expect(page.text).toContain("We usually reply within 1–3 business days.");
    expect(page.text).toContain('name="csrfToken"');
  });

  it("refuses a 71-character subject with 400, keeps the text, and writes nothing; then sends a valid one", async () => {
    const sanna = t.person("newCustomer");
    await customerUser(sanna);
    const session = await login(sanna);
    const before = (await threadsOf(sanna)).length;
    const subject = "S".repeat(71);
    const refused = await send("POST", "/en/conversations/new", {
      session,
      form: messageForm({ subject, message: "Hei, kysyisin…" }),
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("<title>Error: New conversation – Solmu</title>");
    expect(refused.text).toContain('<a href="#subject">The subject can be at most 70 characters long</a>');
    expect(refused.text).toMatch(/<input[^>]*id="subject"[^>]*aria-invalid="true"/);
    expect(refused.text).toContain(`value="${subject}"`);
    expect(refused.text).toMatch(/<textarea[^>]*>Hei, kysyisin…<\/textarea>/);
    expect((await threadsOf(sanna)).length).toBe(before);

    const empty = await send("POST", "/en/conversations/new", {
      session,
      form: messageForm({ subject: "", message: "" }),
    });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('<a href="#subject">Enter a subject</a>');
    expect(empty.text).toContain('<a href="#message">Enter a message</a>');

    const sent = await send("POST", "/en/conversations/new", {
      session,
      form: messageForm({ subject: "S".repeat(70), message: "Hei!\nKysymys." }, [
        [PDF, "liite.pdf", "application/pdf"],
      ]),
    });
    expect(sent.status).toBe(302);
    const threads = await threadsOf(sanna);
    expect(threads).toHaveLength(before + 1);
    const created = threads.find((th) => th.title === "S".repeat(70))!;
    expect(created).toMatchObject({ type: "customer", isActive: true });
    const [first] = await messagesIn(created.id);
    expect(first.content).toBe("Hei!\nKysymys.");
    expect(sent.location).toBe(`/en/conversations/${created.id}#message-${first.id}`);
    expect(sent.setCookie).toContain("messaging.flash.sent");

    // The thread it leads to says so (the flash cookie, as the browser would send it back).
    const flash = sent.setCookies.find((c) => c.includes("messaging.flash.sent"))!.split(";")[0];
    const page = await send("GET", sent.location!.split("#")[0], {
      session,
      headers: { Cookie: [`${CSRF_COOKIE()}=${csrfCookie}`, cookiePair(session), flash].join("; ") },
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Message sent");
  });
});

// --- the forms with JavaScript: files uploaded first, the form posts their keys ----------------------------------

describe("sending with JavaScript", () => {
  it("takes the keys of attachments uploaded beforehand, and refuses a key twice", async () => {
    const sanna = t.person("newCustomer");
    const thread = await makeThread(sanna, {
      title: "Avaimet",
      read: true,
      messages: [{ by: "nurse", ago: 10, text: "Hei" }],
    });
    const session = await login(sanna);
    const upload = await service.createAttachmentUpload(
      t.db,
      storage(),
      { ownerPersonId: sanna.id, createdBy: sanna.id, fileName: "tulos.pdf", contentType: "application/pdf" },
      FIXED_NOW,
    );
    expect(upload.type).toBe("ok");
    if (upload.type !== "ok") return;
    const put = await send("PUT", upload.url, { session, body: PDF, headers: upload.headers });
    expect(put.status, put.text).toBe(200);

    const form = new FormData();
    form.append("message", "Liitteenä tulos");
    form.append("attachmentKey", upload.key);
    form.append("attachmentName", "tulos.pdf");
    const reply = await send("POST", `/en/conversations/${thread}`, { session, form });
    expect(reply.status, reply.text.slice(0, 300)).toBe(302);
    const messages = await messagesIn(thread);
    expect(messages).toHaveLength(2);
    const [attachment] = await t.db
      .select()
      .from(s.messageAttachments)
      .where(eq(s.messageAttachments.messageId, messages[1].id));
    expect(attachment.fileName).toBe("tulos.pdf");

    // A used key is no attachment: refused, nothing written.
    const again = await send("POST", `/en/conversations/${thread}`, { session, form });
    expect(again.status).toBe(400);
    expect(await messagesIn(thread)).toHaveLength(2);
  });
});

describe("the list's refresh (a poll)", () => {
  const conversationRows = async (person: Person) =>
    (
      await t.db
        .select({ n: count() })
        .from(s.accessLog)
        .where(and(eq(s.accessLog.actorId, person.id), eq(s.accessLog.resource, "conversations")))
    )[0].n;

  it("leaves an idle session to expire on time and adds no 'who viewed my data' row per refresh", async () => {
    const erkki = t.person("senior");
    await customerUser(erkki);
    const session = await login(erkki);
    const idle = env().sessionIdleSeconds;
    try {
      const opened = await send("GET", "/fi/viestit", { session });
      expect(opened.status).toBe(200);
      const afterOpening = await conversationRows(erkki);
      expect(afterOpening).toBeGreaterThan(0);

      // The open page refreshes every two minutes for longer than the idle timeout: each refresh is answered…
      for (let at = 120; at < idle; at += 120) {
        clockAt(at);
        const polled = await send("GET", "/fi/viestit?background=1", { session });
        expect(polled.status, `refresh at ${at} s`).toBe(200);
        expect(polled.text).toContain("<h1>Viestit</h1>");
      }
      // …but none of them was activity, nor a new read of the person's data.
      expect(await conversationRows(erkki)).toBe(afterOpening);
      clockAt(idle + 1);
      const later = await send("GET", "/fi/viestit?background=1", { session });
      expect(later.status).toBe(302);
      expect(later.location).toMatch(/^\/fi\/kirjaudu|^\/fi\/katkennut-istunto/);
    } finally {
      clockAt(0);
    }
  });

  it("still counts the person's own visit as activity and logs it", async () => {
    const erkki = t.person("senior");
    await customerUser(erkki);
    const session = await login(erkki);
    const idle = env().sessionIdleSeconds;
    try {
      const before = await conversationRows(erkki);
      clockAt(idle - 60);
      expect((await send("GET", "/fi/viestit", { session })).status).toBe(200);
      expect(await conversationRows(erkki)).toBe(before + 1);
      clockAt(idle + 60);
      expect((await send("GET", "/fi/viestit", { session })).status).toBe(200);
    } finally {
      clockAt(0);
    }
  });

  it("logs a poll's read when the same read has no row in the last hour", async () => {
    const erkki = t.person("senior");
    await customerUser(erkki);
    await t.db.delete(s.accessLog).where(eq(s.accessLog.actorId, erkki.id));
    const session = await login(erkki);
    expect((await send("GET", "/fi/viestit?background=1", { session })).status).toBe(200);
    expect((await send("GET", "/fi/viestit?background=1", { session })).status).toBe(200);
    expect(await conversationRows(erkki)).toBe(1);
  });
});

describe("a thread's poll", () => {
  const threadRows = async (person: Person, thread: number) =>
    (
      await t.db
        .select({ n: count() })
        .from(s.accessLog)
        .where(
          and(
            eq(s.accessLog.actorId, person.id),
            eq(s.accessLog.resource, "conversation"),
            eq(s.accessLog.resourceId, String(thread)),
          ),
        )
    )[0].n;
  const readAt = async (person: Person, thread: number) =>
    (
      await t.db
        .select({ readAt: s.threadParticipants.readAt })
        .from(s.threadParticipants)
        .where(
          and(eq(s.threadParticipants.threadId, thread), eq(s.threadParticipants.userId, await customerUser(person))),
        )
    )[0].readAt;

  it("brings new messages, but marks nothing read, keeps no session alive and adds no row per poll", async () => {
    const erkki = t.person("senior");
    const thread = await makeThread(erkki, {
      title: "Verikokeet",
      read: false,
      messages: [{ by: "nurse", ago: 60, text: "Tulokset ovat valmiit." }],
    });
    const session = await login(erkki);
    const idle = env().sessionIdleSeconds;
    try {
      // Opening the thread reads it and logs the read.
      expect((await send("GET", `/en/conversations/${thread}`, { session })).status).toBe(200);
      expect(await readAt(erkki, thread)).toEqual(FIXED_NOW);
      const opened = await threadRows(erkki, thread);
      expect(opened).toBeGreaterThan(0);

      // The care team answers while the page is open; each poll (every two minutes, for longer than the idle
      // timeout) brings the answer…
      await t.db.insert(s.messages).values({
        threadId: thread,
        authorId: await nurse(),
        authorType: "ProfessionalUser",
        authorName: "Testi Hoitaja",
        authorTitle: "Sairaanhoitaja",
        content: "Kaikki arvot ovat viitealueella.",
        createdAt: clockAt(60),
      });
      for (let at = 120; at < idle; at += 120) {
        clockAt(at);
        const polled = await send("GET", `/en/conversations/${thread}?background=1`, { session });
        expect(polled.status, `poll at ${at} s`).toBe(200);
        expect(polled.text).toContain("Kaikki arvot ovat viitealueella.");
      }
      // …but none of them read the thread for the person (the open page does that, when in view), was activity,
      // or was a new read of the person's data.
      expect(await readAt(erkki, thread)).toEqual(FIXED_NOW);
      expect(await threadRows(erkki, thread)).toBe(opened);

      // Once the session has ended, a poll answers a failed read (the page stops polling and says so), not a redirect.
      clockAt(idle + 1);
      const later = await send("GET", `/en/conversations/${thread}?background=1`, { session });
      expect(later.status).toBe(200);
      expect(later.text).toContain("Failed to fetch messages.");
      expect(later.text).not.toContain("Kaikki arvot ovat viitealueella.");
      // The person's own visit still goes to the expired-session page.
      expect((await send("GET", `/en/conversations/${thread}`, { session })).status).toBe(302);
    } finally {
      clockAt(0);
    }
  });

  it("answers another person's thread and one that does not exist alike: a failed read", async () => {
    const sanna = t.person("newCustomer");
    const theirs = await makeThread(sanna, {
      title: "Sannan oma asia",
      read: true,
      messages: [{ by: "nurse", ago: 30, text: "Vain Sannalle." }],
    });
    const erkki = t.person("senior");
    await customerUser(erkki);
    const session = await login(erkki);
    for (const id of [theirs, 99999999]) {
      const polled = await send("GET", `/en/conversations/${id}?background=1`, { session });
      expect(polled.status, String(id)).toBe(200);
      expect(polled.text).toContain("Failed to fetch messages.");
      expect(polled.text).not.toContain("Sannan oma asia");
      expect(polled.text).not.toContain("Vain Sannalle.");
    }
  });
});

describe("the polling interval", () => {
  it("is two minutes, shortened by ?poll= only outside production", () => {
    const at = (query: string) => new Request(`http://localhost/fi/viestit/1${query}`);
    expect(POLL_INTERVAL_MS).toBe(120_000);
    expect(pollIntervalMs(at(""), "development")).toBe(POLL_INTERVAL_MS);
    expect(pollIntervalMs(at("?poll=2000"), "development")).toBe(2000);
    expect(pollIntervalMs(at("?poll=2000"), "production")).toBe(POLL_INTERVAL_MS);
    for (const bad of ["?poll=10", "?poll=abc", "?poll=-5", "?poll=999999999"])
      expect(pollIntervalMs(at(bad), "development"), bad).toBe(POLL_INTERVAL_MS);
  });
});
