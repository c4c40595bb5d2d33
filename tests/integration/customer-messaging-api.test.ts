/**
 * Messaging's GraphQL endpoint (`/api/customer-messaging`) and the attachment downloads through the real request
 * handler: every operation of the contract, scoped to the acting person's customer messaging user, the upload flow
 * through the development storage, and the endpoint's guards (login, CSRF, depth, aliases, introspection). The
 * people, messaging users and threads are this file's own, so the demo seed's conversations do not matter here.
 */
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { buildSchema, parse, validate } from "graphql";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { brands } from "#brands/index";
import { requestContext, requestInfo } from "~/.server/context";
import { newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { logger } from "~/.server/logger";
import type { Person } from "~/.server/session";
import { LocalFileStorage, setStorage, storage } from "~/.server/storage";
import {
  MAX_ALIASES,
  MAX_DOCUMENT_CHARS,
  MAX_DOCUMENT_NESTING,
  MAX_DOCUMENT_TOKENS,
  MAX_QUERY_DEPTH,
  MAX_ROOT_FIELDS,
  maxDepthRule,
} from "~/features/messaging/graphql-limits.server";
import {
  ANSWER_QUESTIONNAIRE,
  ATTACHMENT_DOWNLOAD_URL,
  CREATE_ATTACHMENT_UPLOAD,
  MARK_AS_READ,
  MESSAGING_THREADS,
  MESSAGING_THREAD_FOR_CUSTOMER,
  SEND_MESSAGE,
  SEND_MESSAGE_IN_NEW_THREAD,
} from "~/features/messaging/client";
import { sendMessage } from "~/features/messaging/sending.server";
import { HEALTH_SURVEY_FORM, PRE_VISIT_FORM } from "~/.server/db/seed/questionnaires";
import { signatureImage } from "~/features/questionnaires/answer-values.server";
import { ATTACHMENTS_MAX_BYTES } from "~/features/messaging/rules";
import { typeDefs } from "~/features/messaging/schema.graphql";
import { action as graphqlAction } from "~/routes/messaging/api-customer-messaging";
import { sendAsBrowser, type SendOptions } from "./request-handler";
import { FIXED_NOW, ORIGIN, boundCsrfToken, clockAt, cookiePair, login, makeContext, useTestDatabase } from "./test-db";
import { BACKGROUND_HEADER } from "~/route-table/api-paths";

const t = useTestDatabase();
const csrfCookie = newCsrfCookieValue();
const ENDPOINT = "/api/customer-messaging";
/** What graphql-request sends: GraphQL-over-HTTP answers, where a refused document is a 400. */
const ACCEPT = "application/graphql-response+json, application/json";

const send = (method: string, url: string, options: SendOptions = {}) =>
  sendAsBrowser(csrfCookie, method, url, options);

function gql(
  session: string | undefined,
  query: string,
  variables?: Record<string, unknown>,
  options: SendOptions & { path?: string } = {},
) {
  return send("POST", options.path ?? ENDPOINT, {
    session,
    json: { query, variables },
    ...options,
    headers: { Accept: ACCEPT, ...options.headers },
  });
}

/** The first error of an answer: its code, problem and message. */
const firstError = (json: any) => ({
  code: json?.errors?.[0]?.extensions?.code,
  problem: json?.errors?.[0]?.extensions?.problem,
  message: json?.errors?.[0]?.message,
});

const minutesAgo = (minutes: number) => new Date(FIXED_NOW.getTime() - minutes * 60_000);
const pdf = (size: number) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
  return bytes;
};
const HTML = new TextEncoder().encode(
  "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>",
);

// --- fixtures ----------------------------------------------------------------------------------------

type Fixture = {
  lister: Person;
  sender: Person;
  foreigner: Person;
  outsider: Person;
  listerUser: string;
  senderUser: string;
  foreignerUser: string;
  professional: string;
  /** The lister's threads, by name. */
  threads: { unread: number; read: number; empty: number; closed: number; foreign: number };
  foreignAttachmentId: string;
  invitations: { open: number; answered: number; spare: number; preVisit: number; foreign: number };
};
let f: Fixture;

let codeCounter = 0;
async function person(firstName: string): Promise<Person> {
  codeCounter += 1;
  const [row] = await t.db
    .insert(s.people)
    .values({
      identityCode: `MSG-TEST-${codeCounter}`,
      firstName,
      lastName: "Viestittäjä",
      birthDate: "1980-01-01",
      patientDataConsent: "ok",
    })
    .returning();
  return row;
}

async function messagingUser(values: typeof s.messagingUsers.$inferInsert): Promise<string> {
  const [row] = await t.db.insert(s.messagingUsers).values(values).returning({ id: s.messagingUsers.id });
  return row.id;
}

async function thread(
  personId: string,
  values: Partial<typeof s.threads.$inferInsert> & { createdAt: Date },
  participants: { userId: string; readAt: Date | null }[],
  messages: { authorId: string; type: "CustomerUser" | "ProfessionalUser"; at: Date; content: string }[],
): Promise<number> {
  const [row] = await t.db
    .insert(s.threads)
    .values({ personId, ...values })
    .returning({ id: s.threads.id });
  await t.db.insert(s.threadParticipants).values(participants.map((p) => ({ threadId: row.id, ...p })));
  for (const m of messages)
    await t.db.insert(s.messages).values({
      threadId: row.id,
      authorId: m.authorId,
      authorType: m.type,
      authorName: m.type === "CustomerUser" ? "Asiakas" : "Hoitaja Hoivaaja",
      authorTitle: m.type === "CustomerUser" ? null : "Sairaanhoitaja",
      content: m.content,
      createdAt: m.at,
    });
  return row.id;
}

/** A small survey: one required choice, and a number required and bounded when the choice is yes. */
const PAIN_FORM = {
  pages: [
    {
      name: "kipu",
      elements: [
        { type: "radiogroup", name: "kipu", isRequired: true, choices: ["kyllä", "ei"] },
        {
          type: "text",
          name: "kesto-viikkoina",
          inputType: "number",
          visibleIf: "{kipu} = 'kyllä'",
          isRequired: true,
          validators: [{ type: "numeric", minValue: 0, maxValue: 52 }],
        },
        { type: "comment", name: "lisätiedot" },
      ],
    },
  ],
};

async function invitation(personId: string, values: Partial<typeof s.questionnaireInvitations.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(s.questionnaireInvitations)
    .values({ personId, title: "Esitietolomake", createdAt: minutesAgo(60), form: PAIN_FORM, ...values })
    .returning({ id: s.questionnaireInvitations.id });
  return row.id;
}

beforeAll(async () => {
  const [lister, sender, foreigner, outsider] = await Promise.all(
    ["Liisa", "Seppo", "Fanni", "Oskari"].map((name) => person(name)),
  );
  const user = (p: Person) =>
    messagingUser({ type: "CustomerUser", personId: p.id, firstName: p.firstName, lastName: p.lastName });
  const listerUser = await user(lister);
  const senderUser = await user(sender);
  const foreignerUser = await user(foreigner);
  const professional = await messagingUser({
    type: "ProfessionalUser",
    firstName: "Hoitaja",
    lastName: "Hoivaaja",
    title: "Sairaanhoitaja",
  });
  const day = 24 * 60;
  const threads = {
    // Read 4.5 days ago, before the professional's answer 4 days ago.
    unread: await thread(
      lister.id,
      { title: "Polvi", createdAt: minutesAgo(5 * day) },
      [
        { userId: listerUser, readAt: minutesAgo(4.5 * day) },
        { userId: professional, readAt: minutesAgo(4 * day) },
      ],
      [
        { authorId: listerUser, type: "CustomerUser", at: minutesAgo(5 * day), content: "Polvi on kipeä." },
        { authorId: professional, type: "ProfessionalUser", at: minutesAgo(4 * day), content: "Tule käymään." },
      ],
    ),
    // Read exactly when its last message was written.
    read: await thread(
      lister.id,
      { title: null, createdAt: minutesAgo(3 * day) },
      [{ userId: listerUser, readAt: minutesAgo(3 * day) }],
      [{ authorId: listerUser, type: "CustomerUser", at: minutesAgo(3 * day), content: "Kiitos." }],
    ),
    // No messages: read, though never opened.
    empty: await thread(
      lister.id,
      { title: "Tyhjä", createdAt: minutesAgo(day) },
      [{ userId: listerUser, readAt: null }],
      [],
    ),
    // Closed by the professional after the lister last read it.
    closed: await thread(
      lister.id,
      {
        title: "Suljettu",
        createdAt: minutesAgo(7 * day),
        isActive: false,
        professionalTimestamp: minutesAgo(2 * day),
      },
      [{ userId: listerUser, readAt: minutesAgo(5 * day) }],
      [{ authorId: professional, type: "ProfessionalUser", at: minutesAgo(6 * day), content: "Asia on hoidettu." }],
    ),
    foreign: await thread(
      foreigner.id,
      { title: "Fannin asia", createdAt: minutesAgo(day) },
      [
        { userId: foreignerUser, readAt: null },
        { userId: professional, readAt: null },
      ],
      [],
    ),
  };
  const sent = await sendMessage(
    t.db,
    storage(),
    {
      authorId: foreignerUser,
      threadId: threads.foreign,
      message: { content: "Liitteenä lausunto.", attachments: [{ fileName: "fannin-lausunto.pdf", bytes: pdf(2000) }] },
    },
    minutesAgo(30),
  );
  if (sent.type !== "sent") throw new Error(`fixture: ${JSON.stringify(sent)}`);
  const [foreignAttachment] = await t.db
    .select({ id: s.messageAttachments.id })
    .from(s.messageAttachments)
    .where(eq(s.messageAttachments.messageId, sent.messageId));
  f = {
    lister,
    sender,
    foreigner,
    outsider,
    listerUser,
    senderUser,
    foreignerUser,
    professional,
    threads,
    foreignAttachmentId: foreignAttachment.id,
    invitations: {
      open: await invitation(lister.id),
      answered: await invitation(lister.id, { answers: '{"q":1}', answeredAt: minutesAgo(10) }),
      spare: await invitation(lister.id),
      preVisit: await invitation(lister.id, { form: PRE_VISIT_FORM }),
      foreign: await invitation(foreigner.id),
    },
  };
});

const sessionOf = (p: Person) => login(p);
const messageCount = async (threadId: number) =>
  (await t.db.select({ n: count() }).from(s.messages).where(eq(s.messages.threadId, threadId)))[0].n;
const threadCount = async (personId: string) =>
  (await t.db.select({ n: count() }).from(s.threads).where(eq(s.threads.personId, personId)))[0].n;
const fileRow = async (key: string) =>
  (await t.db.select().from(s.storedFiles).where(eq(s.storedFiles.storageKey, key)))[0];
const onDisk = (key: string) => existsSync(path.join(t.uploadsDir, ...key.split("/")));
const headerRecord = (headers: { name: string; value: string }[]) =>
  Object.fromEntries(headers.map((h) => [h.name, h.value]));

/** CreateAttachmentUpload, then the PUT a browser makes; returns the upload's key and the stored file's key. */
async function upload(session: string, fileName: string, contentType: string, bytes: Uint8Array<ArrayBuffer>) {
  const created = await gql(session, CREATE_ATTACHMENT_UPLOAD, { fileName, contentType });
  expect(created.status, created.text).toBe(200);
  const target = created.json.data.createAttachmentUpload as {
    key: string;
    url: string;
    headers: { name: string; value: string }[];
  };
  const put = await send("PUT", target.url, { session, body: bytes, headers: headerRecord(target.headers) });
  expect(put.status, put.text).toBe(200);
  const storageKey = new URL(target.url, ORIGIN).pathname.replace("/dev/uploads/", "");
  return { key: target.key, storageKey, target };
}

// --- the operations --------------------------------------------------------------------------------

describe("query MessagingThreads", () => {
  it("lists the user's threads newest first with the total, the latest message only and the read rule", async () => {
    const session = await sessionOf(f.lister);
    const answer = await gql(session, MESSAGING_THREADS, {});
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    const list = answer.json.data.messagingThreads;
    expect(list.totalCount).toBe(4);
    const { unread, read, empty, closed } = f.threads;
    expect(list.paginatedThreads.map((th: any) => Number(th.id))).toEqual([empty, read, unread, closed]);
    expect(list.paginatedThreads.map((th: any) => th.isRead)).toEqual([true, true, false, false]);
    expect(list.paginatedThreads.map((th: any) => th.messages.length)).toEqual([0, 1, 1, 1]);
    const polvi = list.paginatedThreads[2];
    expect(polvi).toMatchObject({ title: "Polvi", threadType: "customer", isActive: true });
    expect(polvi.messages[0]).toMatchObject({
      content: "Tule käymään.",
      deleted: false,
      author: { id: f.professional, type: "ProfessionalUser", name: "Hoitaja Hoivaaja", title: "Sairaanhoitaja" },
      created: minutesAgo(4 * 24 * 60).toISOString(),
    });
    // A thread without a title is shown with the fallback title.
    expect(list.paginatedThreads[1].title).toBe("Keskustelu");
    expect(list.paginatedThreads[3]).toMatchObject({ title: "Suljettu", isActive: false });
    expect(JSON.stringify(list)).not.toContain("Fannin asia");
  });

  it("pages in either order, and refuses a page size outside 1–9999", async () => {
    const session = await sessionOf(f.lister);
    const ids = async (pagination: Record<string, unknown>) => {
      const answer = await gql(session, MESSAGING_THREADS, { pagination });
      expect(answer.status, answer.text).toBe(200);
      return {
        total: answer.json.data.messagingThreads.totalCount,
        ids: answer.json.data.messagingThreads.paginatedThreads.map((th: any) => Number(th.id)),
      };
    };
    const { unread, read, empty, closed } = f.threads;
    expect(await ids({ limit: 2, offset: 1 })).toEqual({ total: 4, ids: [read, unread] });
    expect(await ids({ sort: "asc" })).toEqual({ total: 4, ids: [closed, unread, read, empty] });
    expect(await ids({ sort: "asc", limit: 2, offset: 1 })).toEqual({ total: 4, ids: [unread, read] });
    expect(await ids({ limit: 5, offset: 4 })).toEqual({ total: 4, ids: [] });
    expect(await ids({ sort: "asc", offset: 9 })).toEqual({ total: 4, ids: [] });
    for (const pagination of [{ limit: 0 }, { limit: 10_000 }, { offset: -1 }]) {
      const refused = await gql(session, MESSAGING_THREADS, { pagination });
      expect(refused.status, JSON.stringify(pagination)).toBe(400);
      expect(firstError(refused.json)).toMatchObject({ code: "BAD_USER_INPUT", problem: "pagination" });
    }
  });

  it("answers a query sent by GET too, but never a mutation", async () => {
    const session = await sessionOf(f.lister);
    const query = new URLSearchParams({ query: MESSAGING_THREADS, variables: JSON.stringify({}) });
    const answer = await send("GET", `${ENDPOINT}?${query}`, { session, headers: { Accept: ACCEPT } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.data.messagingThreads.totalCount).toBe(4);
    const mutation = new URLSearchParams({ query: MARK_AS_READ, variables: JSON.stringify({ threadId: "1" }) });
    const refused = await send("GET", `${ENDPOINT}?${mutation}`, { session, headers: { Accept: ACCEPT } });
    expect(refused.status).toBe(405);
  });
});

describe("query MessagingThreadForCustomer and mutation MarkAsRead", () => {
  it("gives the user's own thread with every message and its people, and logs the read", async () => {
    const session = await sessionOf(f.lister);
    const answer = await gql(session, MESSAGING_THREAD_FOR_CUSTOMER, { id: String(f.threads.unread) });
    expect(answer.status, answer.text).toBe(200);
    const thread = answer.json.data.messagingThreadForCustomer;
    expect(thread).toMatchObject({ id: String(f.threads.unread), title: "Polvi", isRead: false, isActive: true });
    expect(thread.messages.map((m: any) => m.content)).toEqual(["Polvi on kipeä.", "Tule käymään."]);
    expect(thread.participants.map((p: any) => p.id).sort()).toEqual([f.listerUser, f.professional].sort());
    expect(thread.professionalsWithAccess.map((p: any) => p.id)).toEqual([f.professional]);
    const [logged] = await t.db
      .select()
      .from(s.accessLog)
      .where(and(eq(s.accessLog.subjectId, f.lister.id), eq(s.accessLog.resource, "conversation")));
    expect(logged).toMatchObject({ actorId: f.lister.id, resourceId: String(f.threads.unread), action: "read" });

    // The messages' own pagination: newest first by default.
    const latest = await gql(
      session,
      `query($id: ID!) { messagingThreadForCustomer(id: $id) { messages(pagination: { limit: 1 }) { content } } }`,
      { id: String(f.threads.unread) },
    );
    expect(latest.json.data.messagingThreadForCustomer.messages).toEqual([{ content: "Tule käymään." }]);
  });

  it("answers null for another person's thread, an unknown one and a malformed id — the same for each", async () => {
    const session = await sessionOf(f.lister);
    for (const id of [
      String(f.threads.foreign),
      "2147483647",
      "99999999999",
      "0",
      "-1",
      "abc",
      "1e3",
      ` ${f.threads.read}`,
    ]) {
      const answer = await gql(session, MESSAGING_THREAD_FOR_CUSTOMER, { id });
      expect(answer.status, id).toBe(200);
      expect(answer.json, id).toEqual({ data: { messagingThreadForCustomer: null } });
    }
  });

  it("MarkAsRead makes the thread read, only for the user, and is false for a thread that is not theirs", async () => {
    const session = await sessionOf(f.lister);
    const marked = await gql(session, MARK_AS_READ, { threadId: String(f.threads.unread) });
    expect(marked.json).toEqual({ data: { markAsRead: true } });
    const list = await gql(session, MESSAGING_THREADS, {});
    const polvi = list.json.data.messagingThreads.paginatedThreads.find(
      (th: any) => th.id === String(f.threads.unread),
    );
    expect(polvi.isRead).toBe(true);

    const before = await t.db
      .select()
      .from(s.threadParticipants)
      .where(eq(s.threadParticipants.threadId, f.threads.foreign));
    for (const threadId of [String(f.threads.foreign), "0", "x"]) {
      const refused = await gql(session, MARK_AS_READ, { threadId });
      expect(refused.json, threadId).toEqual({ data: { markAsRead: false } });
    }
    expect(
      await t.db.select().from(s.threadParticipants).where(eq(s.threadParticipants.threadId, f.threads.foreign)),
    ).toEqual(before);
  });
});

describe("mutation SendMessageInNewThread", () => {
  const firstMessage = { content: "Voinko varata ajan?", attachments: [], questionnaireInvitations: [] };

  it("starts a customer thread with the user alone and answers its localized URL", async () => {
    const session = await sessionOf(f.sender);
    const answer = await gql(session, SEND_MESSAGE_IN_NEW_THREAD, {
      title: "Ajanvaraus",
      type: "customer",
      participantIds: [f.senderUser],
      firstMessage,
    });
    expect(answer.status, answer.text).toBe(200);
    const [url] = answer.json.data.sendMessageInNewThread;
    expect(url).toMatch(/^\/fi\/viestit\/\d+$/);
    const threadId = Number(url.split("/").pop());
    const [row] = await t.db.select().from(s.threads).where(eq(s.threads.id, threadId));
    expect(row).toMatchObject({ personId: f.sender.id, title: "Ajanvaraus", type: "customer", isActive: true });
    const people = await t.db.select().from(s.threadParticipants).where(eq(s.threadParticipants.threadId, threadId));
    expect(people.map((p) => p.userId)).toEqual([f.senderUser]);

    const english = await gql(
      session,
      SEND_MESSAGE_IN_NEW_THREAD,
      { type: "customer", participantIds: [f.senderUser], separateThreadPerParticipant: false, firstMessage },
      { path: `${ENDPOINT}?lang=en` },
    );
    expect(english.json.data.sendMessageInNewThread[0]).toMatch(/^\/en\/conversations\/\d+$/);
  });

  it("refuses a long title, an empty message, other participants, another thread type and questionnaires", async () => {
    const session = await sessionOf(f.sender);
    const threadsBefore = await threadCount(f.sender.id);
    const cases: [string, Record<string, unknown>, string][] = [
      ["title of 71", { title: "x".repeat(71) }, "title"],
      ["empty content", { firstMessage: { ...firstMessage, content: "   " } }, "content"],
      ["content over 10,000", { firstMessage: { ...firstMessage, content: "y".repeat(10_001) } }, "content"],
      ["someone else", { participantIds: [f.foreignerUser] }, "participants"],
      ["self and someone else", { participantIds: [f.senderUser, f.professional] }, "participants"],
      ["nobody", { participantIds: [] }, "participants"],
      ["hr thread", { type: "hr" }, "threadType"],
      [
        "questionnaire",
        { firstMessage: { ...firstMessage, questionnaireInvitations: ["1"] } },
        "questionnaireInvitations",
      ],
      [
        "unknown upload key",
        { firstMessage: { ...firstMessage, attachments: [{ key: "nope", fileName: "a.pdf" }] } },
        "type",
      ],
    ];
    for (const [name, change, problem] of cases) {
      const answer = await gql(session, SEND_MESSAGE_IN_NEW_THREAD, {
        type: "customer",
        participantIds: [f.senderUser],
        firstMessage,
        ...change,
      });
      expect(answer.status, name).toBe(400);
      expect(firstError(answer.json), name).toMatchObject({ code: "BAD_USER_INPUT", problem });
      expect(answer.json.data, name).toBeNull();
    }
    // A title of exactly 70 is fine.
    const ok = await gql(session, SEND_MESSAGE_IN_NEW_THREAD, {
      title: "z".repeat(70),
      type: "customer",
      participantIds: [f.senderUser],
      firstMessage,
    });
    expect(ok.status, ok.text).toBe(200);
    expect(await threadCount(f.sender.id)).toBe(threadsBefore + 1);
  });
});

describe("mutation SendMessage", () => {
  it("sends to the user's open thread and answers the new message", async () => {
    const session = await sessionOf(f.lister);
    const answer = await gql(session, SEND_MESSAGE, {
      threadId: String(f.threads.unread),
      message: { content: "  Kiitos, tulen huomenna.\n" },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.data.sendMessage).toMatchObject({
      content: "Kiitos, tulen huomenna.",
      deleted: false,
      author: { id: f.listerUser, type: "CustomerUser", name: "Liisa Viestittäjä", title: null },
      attachments: [],
      questionnaireInvitations: [],
      created: FIXED_NOW.toISOString(),
    });
  });

  it("refuses a closed thread (409), and another person's or an unknown one as not found (404)", async () => {
    const session = await sessionOf(f.lister);
    const closed = await gql(session, SEND_MESSAGE, {
      threadId: String(f.threads.closed),
      message: { content: "Hei" },
    });
    expect(closed.status).toBe(409);
    expect(firstError(closed.json)).toMatchObject({ code: "CONFLICT", problem: "closed" });
    expect(await messageCount(f.threads.closed)).toBe(1);
    for (const threadId of [String(f.threads.foreign), "99999", "x"]) {
      const answer = await gql(session, SEND_MESSAGE, { threadId, message: { content: "Hei" } });
      expect(answer.status, threadId).toBe(404);
      expect(firstError(answer.json).code, threadId).toBe("NOT_FOUND");
    }
    expect(await messageCount(f.threads.foreign)).toBe(1);
  });

  it("refuses control characters however they are written, before anything is stored", async () => {
    const session = await sessionOf(f.lister);
    const before = await messageCount(f.threads.read);
    // As a GraphQL escape in the document…
    const inline = await gql(
      session,
      `mutation { sendMessage(threadId: "${f.threads.read}", message: { content: "a\\u0000b" }) { id } }`,
    );
    expect(inline.status).toBe(400);
    expect(firstError(inline.json)).toMatchObject({ code: "BAD_USER_INPUT", problem: "characters" });
    // …and in the JSON variables (refused before GraphQL, as every /api call refuses them).
    const variables = await gql(session, SEND_MESSAGE, {
      threadId: String(f.threads.read),
      message: { content: "a\u0000b" },
    });
    expect(variables.status).toBe(400);
    expect(variables.json).toEqual({
      type: "ValidationError",
      details: [{ path: "variables.message.content", message: "Invalid characters" }],
    });
    expect(await messageCount(f.threads.read)).toBe(before);
  });
});

describe("attachments", () => {
  it("CreateAttachmentUpload refuses a name or type that is not allowed", async () => {
    const session = await sessionOf(f.sender);
    for (const [fileName, contentType] of [
      ["virus.exe", "application/pdf"],
      ["page.html", "text/html"],
      ["lausunto.pdf", "text/html"],
      ["noextension", "application/pdf"],
      ["", "application/pdf"],
      ["kuva.PNG", "IMAGE/PNG"],
    ]) {
      const answer = await gql(session, CREATE_ATTACHMENT_UPLOAD, { fileName, contentType });
      expect(answer.status, fileName).toBe(400);
      expect(firstError(answer.json), fileName).toMatchObject({ code: "BAD_USER_INPUT", problem: "type" });
    }
  });

  it("uploads a PDF to the signed URL, sends it with a message and serves it to the thread's people only", async () => {
    const session = await sessionOf(f.lister);
    const created = await gql(session, CREATE_ATTACHMENT_UPLOAD, {
      fileName: "Lääkärin lausunto.pdf",
      contentType: "application/pdf",
    });
    const target = created.json.data.createAttachmentUpload;
    expect(target.key).toMatch(/^[\w-]{43}$/);
    expect(target.url).toMatch(/^\/dev\/uploads\/incoming\/message-attachment\/[0-9a-f-]{36}\?/);
    expect(headerRecord(target.headers)).toEqual({
      "Content-Type": "application/pdf",
      "X-CSRF-Token": boundCsrfToken(csrfCookie, cookiePair(session)),
    });
    const bytes = pdf(3000);
    const put = await send("PUT", target.url, { session, body: bytes, headers: headerRecord(target.headers) });
    expect(put.status, put.text).toBe(200);

    const sent = await gql(session, SEND_MESSAGE, {
      threadId: String(f.threads.read),
      message: { content: "", attachments: [{ key: target.key, fileName: "Lääkärin lausunto.pdf" }] },
    });
    expect(sent.status, sent.text).toBe(200);
    const [attachment] = sent.json.data.sendMessage.attachments;
    expect(attachment.fileName).toBe("Lääkärin lausunto.pdf");
    // The message keeps a copy of the checked bytes where no upload URL reaches; the uploaded file is gone.
    const storageKey = new URL(target.url, ORIGIN).pathname.replace("/dev/uploads/", "");
    expect(await fileRow(storageKey)).toBeUndefined();
    expect(onDisk(storageKey)).toBe(false);
    expect(await fileRow(storageKey.replace(/^incoming\//, "sealed/"))).toMatchObject({
      contentType: "application/pdf",
      sizeBytes: 3000,
      ownerId: f.lister.id,
    });

    const url = await gql(session, ATTACHMENT_DOWNLOAD_URL, { id: attachment.id });
    expect(url.json).toEqual({
      data: { attachmentDownloadUrl: `/api/customer-messaging/attachments/${attachment.id}` },
    });
    const file = await send("GET", url.json.data.attachmentDownloadUrl, { session });
    expect(file.status).toBe(200);
    expect(file.body).toEqual(bytes);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("Content-Disposition")).toBe(
      `attachment; filename="L__k_rin lausunto.pdf"; filename*=UTF-8''L%C3%A4%C3%A4k%C3%A4rin%20lausunto.pdf`,
    );
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
    const [logged] = await t.db
      .select()
      .from(s.accessLog)
      .where(and(eq(s.accessLog.resource, "message-attachment"), eq(s.accessLog.resourceId, attachment.id)));
    expect(logged).toMatchObject({ actorId: f.lister.id, subjectId: f.lister.id });

    // Nobody else gets it, and the upload's key cannot be used twice.
    expect(
      (await send("GET", url.json.data.attachmentDownloadUrl, { session: await sessionOf(f.foreigner) })).status,
    ).toBe(404);
    expect((await send("GET", url.json.data.attachmentDownloadUrl)).status).toBe(401);
    const again = await gql(session, SEND_MESSAGE, {
      threadId: String(f.threads.read),
      message: { content: "uudestaan", attachments: [{ key: target.key, fileName: "x.pdf" }] },
    });
    expect(firstError(again.json)).toMatchObject({ code: "BAD_USER_INPUT", problem: "type" });
  });

  it("refuses a PNG-named file whose bytes are HTML and keeps nothing of it", async () => {
    const session = await sessionOf(f.lister);
    const before = await messageCount(f.threads.read);
    const { key, storageKey } = await upload(session, "kuva.png", "image/png", HTML);
    expect(onDisk(storageKey)).toBe(true);
    const answer = await gql(session, SEND_MESSAGE, {
      threadId: String(f.threads.read),
      message: { content: "Kuva", attachments: [{ key, fileName: "kuva.png" }] },
    });
    expect(answer.status).toBe(400);
    expect(firstError(answer.json)).toMatchObject({ code: "BAD_USER_INPUT", problem: "type" });
    expect(await messageCount(f.threads.read)).toBe(before);
    expect(await fileRow(storageKey)).toBeUndefined();
    expect(onDisk(storageKey)).toBe(false);
  });

  it("refuses attachments over 9,437,184 bytes in total as tooLarge and keeps none of them", async () => {
    const session = await sessionOf(f.lister);
    const before = await messageCount(f.threads.read);
    const half = ATTACHMENTS_MAX_BYTES / 2;
    const first = await upload(session, "osa1.pdf", "application/pdf", pdf(half));
    const second = await upload(session, "osa2.pdf", "application/pdf", pdf(half + 1));
    const answer = await gql(session, SEND_MESSAGE, {
      threadId: String(f.threads.read),
      message: {
        content: "Kaksi osaa",
        attachments: [
          { key: first.key, fileName: "osa1.pdf" },
          { key: second.key, fileName: "osa2.pdf" },
        ],
      },
    });
    expect(answer.status).toBe(400);
    expect(firstError(answer.json)).toMatchObject({ code: "BAD_USER_INPUT", problem: "tooLarge" });
    expect(await messageCount(f.threads.read)).toBe(before);
    for (const file of [first, second]) {
      expect(await fileRow(file.storageKey)).toBeUndefined();
      expect(onDisk(file.storageKey)).toBe(false);
    }
  });

  it("keeps an attachment as it was checked: a PUT to its URL after sending is refused and changes nothing", async () => {
    const session = await sessionOf(f.lister);
    const png = new Uint8Array(readFileSync("tests/fixtures/kela-card-front.png"));
    const { key, storageKey, target } = await upload(session, "a.png", "image/png", png);
    const sent = await gql(session, SEND_MESSAGE, {
      threadId: String(f.threads.read),
      message: { content: "Kuva polvesta", attachments: [{ key, fileName: "a.png" }] },
    });
    expect(sent.status, sent.text).toBe(200);
    const [attachment] = sent.json.data.sendMessage.attachments;
    const download = `/api/customer-messaging/attachments/${attachment.id}`;
    expect((await send("GET", download, { session })).body).toEqual(png);

    const replaced = await send("PUT", target.url, { session, body: HTML, headers: headerRecord(target.headers) });
    expect(replaced.status).toBe(403);
    expect(onDisk(storageKey)).toBe(false);
    // Object storage cannot refuse a PUT within its URL's time: bytes landing at the upload's key change nothing.
    await storage().put(storageKey, HTML, "image/png");
    const file = await send("GET", download, { session });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/png");
    expect(file.body).toEqual(png);
    const desk = await send("GET", `/dev/care-team/attachments/${attachment.id}?professional=${f.professional}`);
    expect(desk.status).toBe(200);
    expect(desk.body).toEqual(png);
  });

  it("AttachmentDownloadUrl is null for another person's attachment, and its URL answers 404", async () => {
    const session = await sessionOf(f.lister);
    for (const id of [
      f.foreignAttachmentId,
      f.foreignAttachmentId.toUpperCase(),
      "00000000-0000-0000-0000-000000000000",
      "x",
    ]) {
      const answer = await gql(session, ATTACHMENT_DOWNLOAD_URL, { id });
      expect(answer.json, id).toEqual({ data: { attachmentDownloadUrl: null } });
    }
    const url = `/api/customer-messaging/attachments/${f.foreignAttachmentId}`;
    expect((await send("GET", url, { session })).status).toBe(404);
    expect((await send("GET", url, { session: await sessionOf(f.outsider) })).status).toBe(404);
    // Its own participant gets it.
    const own = await send("GET", url, { session: await sessionOf(f.foreigner) });
    expect(own.status).toBe(200);
    expect(own.body).toEqual(pdf(2000));
  });
});

describe("mutation AnswerQuestionnaire", () => {
  it("saves the answers of the person's own open invitation once", async () => {
    const session = await sessionOf(f.lister);
    const answers = JSON.stringify({ kipu: "kyllä", "kesto-viikkoina": 3 });
    const saved = await gql(session, ANSWER_QUESTIONNAIRE, {
      questionnaireInvitationId: String(f.invitations.open),
      answers,
    });
    expect(saved.json).toEqual({ data: { answerQuestionnaire: true } });
    const [row] = await t.db
      .select()
      .from(s.questionnaireInvitations)
      .where(eq(s.questionnaireInvitations.id, f.invitations.open));
    expect(row.answers).toBe(answers);
    expect(row.answeredAt).toEqual(FIXED_NOW);

    for (const id of [f.invitations.open, f.invitations.answered]) {
      const again = await gql(session, ANSWER_QUESTIONNAIRE, { questionnaireInvitationId: String(id), answers: "{}" });
      expect(again.status).toBe(409);
      expect(firstError(again.json)).toMatchObject({ code: "CONFLICT", problem: "answered" });
    }
    const [unchanged] = await t.db
      .select()
      .from(s.questionnaireInvitations)
      .where(eq(s.questionnaireInvitations.id, f.invitations.open));
    expect(unchanged.answers).toBe(answers);
  });

  it("answers another person's invitation as not found and leaves it alone", async () => {
    const session = await sessionOf(f.lister);
    for (const id of [String(f.invitations.foreign), "99999", "abc"]) {
      const answer = await gql(session, ANSWER_QUESTIONNAIRE, { questionnaireInvitationId: id, answers: "{}" });
      expect(answer.status, id).toBe(404);
      expect(firstError(answer.json).code, id).toBe("NOT_FOUND");
    }
    const [row] = await t.db
      .select()
      .from(s.questionnaireInvitations)
      .where(eq(s.questionnaireInvitations.id, f.invitations.foreign));
    expect(row).toMatchObject({ answers: null, answeredAt: null });
  });

  it("takes only a JSON object of at most 100 kB", async () => {
    const session = await sessionOf(f.lister);
    const id = String(f.invitations.spare);
    const big = (bytes: number) => JSON.stringify({ a: "b".repeat(bytes - 8) });
    for (const answers of ["[1,2]", "null", '"text"', "12", "{broken", "", big(100 * 1024 + 1)]) {
      const answer = await gql(session, ANSWER_QUESTIONNAIRE, { questionnaireInvitationId: id, answers });
      expect(answer.status, answers.slice(0, 20)).toBe(400);
      expect(firstError(answer.json), answers.slice(0, 20)).toMatchObject({
        code: "BAD_USER_INPUT",
        problem: "answers",
      });
      expect(answer.json.errors[0].extensions.details).toEqual([
        { question: "", rule: "json", message: expect.any(String) },
      ]);
    }
    // 100 kB exactly gets past the size to the survey's own rules.
    expect(big(100 * 1024)).toHaveLength(100 * 1024);
    const atLimit = await gql(session, ANSWER_QUESTIONNAIRE, {
      questionnaireInvitationId: id,
      answers: big(100 * 1024),
    });
    expect(atLimit.json.errors[0].extensions.details).toContainEqual({
      question: "a",
      rule: "unknownQuestion",
      message: expect.any(String),
    });
  });

  it("checks the answers by the survey's own rules, as the page does, and saves nothing that breaks one", async () => {
    const session = await sessionOf(f.lister);
    const id = String(f.invitations.preVisit);
    const refused = async (answers: unknown) => {
      const answer = await gql(session, ANSWER_QUESTIONNAIRE, {
        questionnaireInvitationId: id,
        answers: JSON.stringify(answers),
      });
      expect(answer.status, JSON.stringify(answers)).toBe(400);
      expect(firstError(answer.json)).toMatchObject({ code: "BAD_USER_INPUT", problem: "answers" });
      return (answer.json.errors[0].extensions.details as { question: string; rule: string }[]).map(
        (d) => `${d.question}: ${d.rule}`,
      );
    };
    // The outside test's call: a number that is not one, a negative count, every required answer missing.
    expect(await refused({ height: "abc", cigarettesPerDay: -5 })).toEqual([
      "height: requirenumeric",
      "smoking: required",
      "conditions: required",
      "medication: required",
      "generalHealth: required",
    ]);
    const complete = {
      height: 172,
      smoking: "yes",
      cigarettesPerDay: 5,
      conditions: ["allergy"],
      allergies: "Siitepöly",
      medication: false,
      generalHealth: 4,
    };
    expect(await refused({ ...complete, cigarettesPerDay: -5 })).toEqual(["cigarettesPerDay: numeric"]);
    expect(await refused({ ...complete, allergies: undefined })).toEqual(["allergies: required"]);
    expect(await refused({ ...complete, smoking: "sometimes" })).toEqual(["smoking: value"]);
    expect(await refused({ ...complete, conditions: ["diabetes", "cancer"] })).toEqual(["conditions: value"]);
    expect(await refused({ ...complete, conditions: "allergy" })).toEqual(["conditions: value"]);
    expect(await refused({ ...complete, medication: "yes" })).toEqual(["medication: value"]);
    expect(await refused({ ...complete, generalHealth: 9 })).toEqual(["generalHealth: value"]);
    expect(await refused({ ...complete, other: "x".repeat(10_001) })).toEqual(["other: value"]);
    expect(await refused({ ...complete, other: "a\u0000b" })).toEqual(["other: characters"]);
    expect(await refused({ ...complete, isAdmin: true })).toEqual(["isAdmin: unknownQuestion"]);
    const [untouched] = await t.db
      .select()
      .from(s.questionnaireInvitations)
      .where(eq(s.questionnaireInvitations.id, f.invitations.preVisit));
    expect(untouched).toMatchObject({ answers: null, answeredAt: null });

    // Complete and valid: saved as the survey completes it (the answer to a question no longer shown is dropped).
    const saved = await gql(session, ANSWER_QUESTIONNAIRE, {
      questionnaireInvitationId: id,
      answers: JSON.stringify({ ...complete, smoking: "never" }),
    });
    expect(saved.json).toEqual({ data: { answerQuestionnaire: true } });
    const [row] = await t.db
      .select()
      .from(s.questionnaireInvitations)
      .where(eq(s.questionnaireInvitations.id, f.invitations.preVisit));
    const { cigarettesPerDay: _dropped, ...shown } = { ...complete, smoking: "never" };
    expect(JSON.parse(row.answers!)).toEqual(shown);
  });

  it("checks a matrix, a group of numbers, a medicine table and a ranking part by part, as the page does", async () => {
    const session = await sessionOf(f.lister);
    const invitationId = await invitation(f.lister.id, { form: HEALTH_SURVEY_FORM });
    const refused = async (answers: unknown) => {
      const answer = await gql(session, ANSWER_QUESTIONNAIRE, {
        questionnaireInvitationId: String(invitationId),
        answers: JSON.stringify(answers),
      });
      expect(answer.status, JSON.stringify(answers)).toBe(400);
      return (answer.json.errors[0].extensions.details as { question: string; rule: string }[]).map(
        (d) => `${d.question}: ${d.rule}`,
      );
    };
    const complete = {
      symptoms: { headache: "sometimes", dizziness: "never", sleep: "often" },
      measurements: { height: 172, weight: 70 },
      usesMedicines: true,
      medicineTimes: { morning: { medicine: "Levaxin", tablets: 1 } },
      hasAllergies: true,
      allergies: ["pollen"],
      topics: ["exercise", "sleep", "nutrition"],
      signature: signatureImage("Liisa Lista"),
    };
    expect(await refused({})).toEqual([
      "symptoms: required",
      "measurements: required",
      "usesMedicines: required",
      "hasAllergies: required",
      "topics: required",
      "signature: required",
    ]);
    expect(await refused({ ...complete, symptoms: { headache: "sometimes" } })).toEqual([
      "symptoms: requiredinallrowserror",
    ]);
    expect(await refused({ ...complete, symptoms: { ...complete.symptoms, sleep: "always" } })).toEqual([
      "symptoms: value",
    ]);
    expect(await refused({ ...complete, measurements: { height: 172, weight: 500 } })).toEqual([
      "measurements: numeric",
    ]);
    expect(await refused({ ...complete, measurements: { height: 172, bmi: 24 } })).toEqual(["measurements: value"]);
    // The medicine table is required once it is shown, and takes only its own rows, columns and options.
    expect(await refused({ ...complete, medicineTimes: undefined })).toEqual(["medicineTimes: required"]);
    expect(await refused({ ...complete, medicineTimes: { noon: { medicine: "Levaxin" } } })).toEqual([
      "medicineTimes: value",
    ]);
    expect(await refused({ ...complete, medicineTimes: { morning: { tablets: 9 } } })).toEqual([
      "medicineTimes: value",
    ]);
    expect(await refused({ ...complete, allergies: [] })).toEqual(["allergies: value"]);
    expect(await refused({ ...complete, allergies: undefined })).toEqual(["allergies: required"]);
    expect(await refused({ ...complete, topics: ["exercise", "exercise", "sleep"] })).toEqual(["topics: value"]);
    expect(await refused({ ...complete, topics: ["exercise", "sleep"] })).toEqual(["topics: value"]);
    // A signature is an image of a typed name made by the portal, never any picture a call sends.
    expect(await refused({ ...complete, signature: "data:image/png;base64,iVBORw0KGgo=" })).toEqual([
      "signature: value",
    ]);
    expect(
      await refused({
        ...complete,
        signature: signatureImage("Liisa").replace("data:image/svg+xml", "data:text/html"),
      }),
    ).toEqual(["signature: value"]);
    // A file question names only files attached to this invitation, as the portal stored them.
    const file = async (invitationId: number, fileName: string) => {
      const [stored] = await t.db
        .insert(s.storedFiles)
        .values({
          ownerId: f.lister.id,
          purpose: "questionnaire-file",
          storageKey: `sealed/questionnaire-file/${randomUUID()}`,
          contentType: "application/pdf",
          sizeBytes: 10,
          createdAt: minutesAgo(5),
          uploadedAt: minutesAgo(5),
        })
        .returning({ id: s.storedFiles.id });
      await t.db.insert(s.questionnaireFiles).values({ fileId: stored.id, invitationId, fileName });
      return { name: fileName, type: "application/pdf", content: `stored-file:${stored.id}` };
    };
    const own = await file(invitationId, "tulokset.pdf");
    const elsewhere = await file(await invitation(f.lister.id, { form: HEALTH_SURVEY_FORM }), "muu.pdf");
    expect(await refused({ ...complete, earlierResults: [elsewhere] })).toEqual(["earlierResults: value"]);
    expect(await refused({ ...complete, earlierResults: [{ ...own, name: "toinen.pdf" }] })).toEqual([
      "earlierResults: value",
    ]);
    expect(
      await refused({ ...complete, earlierResults: [{ name: "x.pdf", type: "application/pdf", content: "data:," }] }),
    ).toEqual(["earlierResults: value"]);
    expect(await refused({ ...complete, earlierResults: own })).toEqual(["earlierResults: value"]);
    const [untouched] = await t.db
      .select()
      .from(s.questionnaireInvitations)
      .where(eq(s.questionnaireInvitations.id, invitationId));
    expect(untouched).toMatchObject({ answers: null, answeredAt: null });

    const saved = await gql(session, ANSWER_QUESTIONNAIRE, {
      questionnaireInvitationId: String(invitationId),
      answers: JSON.stringify({ ...complete, earlierResults: [own] }),
    });
    expect(saved.json).toEqual({ data: { answerQuestionnaire: true } });
    const [row] = await t.db
      .select()
      .from(s.questionnaireInvitations)
      .where(eq(s.questionnaireInvitations.id, invitationId));
    expect(JSON.parse(row.answers!)).toEqual({ ...complete, earlierResults: [own] });
  });
});

describe("customerMessagingInfo", () => {
  it("gives the announcement and maintenance state", async () => {
    const session = await sessionOf(f.lister);
    const query = "{ customerMessagingInfo { active heading description announcementType maintenance } }";
    const [kept] = await t.db.select().from(s.messagingStatus).where(eq(s.messagingStatus.id, 1));
    const status = {
      maintenance: true,
      announcementActive: true,
      announcementHeading: "Huoltokatko",
      announcementDescription: "Viestit **eivät** kulje tänään.",
      announcementType: "warning" as const,
    };
    await t.db
      .insert(s.messagingStatus)
      .values({ id: 1, ...status })
      .onConflictDoUpdate({ target: s.messagingStatus.id, set: status });
    try {
      const answer = await gql(session, query);
      expect(answer.json).toEqual({
        data: {
          customerMessagingInfo: {
            active: true,
            heading: "Huoltokatko",
            description: "Viestit **eivät** kulje tänään.",
            announcementType: "warning",
            maintenance: true,
          },
        },
      });
    } finally {
      await t.db.delete(s.messagingStatus);
      if (kept) await t.db.insert(s.messagingStatus).values(kept);
    }
  });
});

// --- the guards ------------------------------------------------------------------------------------

describe("who may call", () => {
  it("refuses a POST without a valid CSRF token or from another origin with 403, before anything runs", async () => {
    const session = await sessionOf(f.lister);
    const [before] = await t.db
      .select()
      .from(s.threadParticipants)
      .where(and(eq(s.threadParticipants.threadId, f.threads.closed), eq(s.threadParticipants.userId, f.listerUser)));
    const mark = { threadId: String(f.threads.closed) };
    for (const options of [
      { csrf: false },
      { headers: { "X-CSRF-Token": "forged" } },
      { headers: { "X-CSRF-Token": boundCsrfToken(csrfCookie) } },
      { headers: { Origin: "https://evil.example" } },
      { headers: { "Sec-Fetch-Site": "cross-site" } },
    ] as SendOptions[]) {
      const answer = await gql(session, MARK_AS_READ, mark, options);
      expect(answer.status, JSON.stringify(options)).toBe(403);
    }
    const [after] = await t.db
      .select()
      .from(s.threadParticipants)
      .where(and(eq(s.threadParticipants.threadId, f.threads.closed), eq(s.threadParticipants.userId, f.listerUser)));
    expect(after).toEqual(before);
  });

  it("answers 401 without a login, to POST and GET alike", async () => {
    const post = await gql(undefined, MESSAGING_THREADS);
    expect(post.status).toBe(401);
    expect(post.json).toEqual({ type: "Unauthorized" });
    const get = await send("GET", `${ENDPOINT}?${new URLSearchParams({ query: MESSAGING_THREADS })}`);
    expect(get.status).toBe(401);
  });

  it("refuses a person without a customer messaging user with FORBIDDEN (403)", async () => {
    const answer = await gql(await sessionOf(f.outsider), MESSAGING_THREADS);
    expect(answer.status).toBe(403);
    expect(firstError(answer.json).code).toBe("FORBIDDEN");
    expect(answer.json.data).toBeUndefined();
  });

  it("refuses everyone where the brand's customer-messaging-allowed feature is off", async () => {
    const session = await sessionOf(f.lister);
    const answer = await callAction(session, MESSAGING_THREADS, (info) => ({
      ...info,
      brand: { ...brands.main, features: { development: [], production: [] } },
    }));
    expect(answer.status).toBe(403);
    expect(firstError(await answer.json()).code).toBe("FORBIDDEN");
  });
});

/** The GraphQL route's action called directly, with the request info changed (production, another brand). */
async function callAction(
  session: string,
  query: string,
  change: (info: ReturnType<typeof requestInfo>) => ReturnType<typeof requestInfo>,
): Promise<Response> {
  const request = new Request(new URL(ENDPOINT, ORIGIN), {
    method: "POST",
    headers: { Cookie: cookiePair(session), "Content-Type": "application/json", Accept: ACCEPT },
    body: JSON.stringify({ query }),
  });
  const context = await makeContext(request);
  context.set(requestContext, change(requestInfo(context)));
  return graphqlAction({ request, context, params: {} } as unknown as Parameters<typeof graphqlAction>[0]);
}

describe("what may be asked", () => {
  it("answers introspection in development and refuses it with APP_ENVIRONMENT=production", async () => {
    const session = await sessionOf(f.lister);
    const query = "{ __schema { queryType { name } } }";
    const development = await gql(session, query);
    expect(development.json).toEqual({ data: { __schema: { queryType: { name: "Query" } } } });
    const production = await callAction(session, query, (info) => ({ ...info, environment: "production" }));
    expect(production.status).toBe(400);
    const body = await production.json();
    expect(firstError(body).code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(firstError(body).message).toContain("introspection");
    // Nor do its validation errors suggest field names.
    const guess = await callAction(session, "{ messagingThread { id } }", (info) => ({
      ...info,
      environment: "production",
    }));
    expect(guess.status).toBe(400);
    expect((await guess.json()).errors.map((e: any) => e.message)).toEqual([
      'Cannot query field "messagingThread" on type "Query".',
    ]);
    expect((await gql(session, "{ messagingThread { id } }")).json.errors[0].message).toContain("Did you mean");
    // Ordinary operations work there as before.
    const list = await callAction(session, MESSAGING_THREADS, (info) => ({ ...info, environment: "production" }));
    expect((await list.json()).data.messagingThreads.totalCount).toBe(4);
  });

  it("refuses a document nested deeper than the limit", async () => {
    const session = await sessionOf(f.lister);
    const deep = `{ messagingThreads { paginatedThreads { messages { author { a { b { c { d { e } } } } } } } } }`;
    const answer = await gql(session, deep);
    expect(answer.status).toBe(400);
    expect(answer.json.errors.map((e: any) => e.message)).toContain(
      `The operation is nested deeper than ${MAX_QUERY_DEPTH} fields.`,
    );
    // The schema itself nests 5 levels at most, so the rule is shown on it with a lower limit too.
    const schema = buildSchema(typeDefs);
    const thread = parse(MESSAGING_THREAD_FOR_CUSTOMER);
    expect(validate(schema, thread, [maxDepthRule(5)])).toEqual([]);
    expect(validate(schema, thread, [maxDepthRule(4)]).map((e) => e.message)).toEqual([
      "The operation is nested deeper than 4 fields.",
    ]);
    // Fragments count where they are spread.
    const viaFragments = parse(
      `query { messagingThreadForCustomer(id: "1") { ...A } } fragment A on Thread { assignments { ...B } }
       fragment B on Assignment { absences { substitute { id } } }`,
    );
    expect(validate(schema, viaFragments, [maxDepthRule(3)])).toHaveLength(1);
  });

  it("refuses a document too long or nested too deep before parsing it, with a 400 GraphQL answer, and reports nothing", async () => {
    const session = await sessionOf(f.lister);
    const errorLog = vi.spyOn(logger, "error");
    const literal = "[".repeat(8_000) + "1" + "]".repeat(8_000);
    const refusals = [
      [`query { messagingThreadForCustomer(id: ${literal}) { id } }`, `deeper than ${MAX_DOCUMENT_NESTING}`],
      [`{ messagingThreads(pagination: ${"{limit: 1, x: ".repeat(40)}1${"}".repeat(40)}) { totalCount } }`, "deeper"],
      [`{ customerMessagingInfo { maintenance } } # ${"x".repeat(MAX_DOCUMENT_CHARS)}`, "longer than"],
    ] as const;
    for (const [query, message] of refusals) {
      for (const accept of [ACCEPT, "application/json"]) {
        const answer = await gql(session, query, undefined, { headers: { Accept: accept } });
        expect(answer.status, query.slice(0, 60)).toBe(400);
        expect(answer.json.errors).toHaveLength(1);
        expect(firstError(answer.json).code).toBe("GRAPHQL_PARSE_FAILED");
        expect(firstError(answer.json).message).toContain(message);
      }
      const byGet = await send("GET", `${ENDPOINT}?query=${encodeURIComponent(query)}`, { session });
      expect(byGet.status).toBe(400);
    }
    // Brackets inside strings, block strings and comments are text, not nesting.
    const quoted = "[".repeat(MAX_DOCUMENT_NESTING + 10);
    const strings = await gql(
      session,
      `query { # ${quoted}\n messagingThreadForCustomer(id: "${quoted}") { id } a: attachmentDownloadUrl(id: """${quoted}""") }`,
    );
    expect(strings.status, strings.text).toBe(200);
    expect(strings.json.data).toEqual({ messagingThreadForCustomer: null, a: null });
    // Many small tokens within the length: the parser stops at its token limit.
    const tokens = await gql(session, `{ customerMessagingInfo { ${"maintenance ".repeat(MAX_DOCUMENT_TOKENS)} } }`);
    expect(tokens.status).toBe(400);
    expect(firstError(tokens.json).code).toBe("GRAPHQL_PARSE_FAILED");
    expect(errorLog.mock.calls).toEqual([]);
    errorLog.mockRestore();
  });

  it("refuses too many root fields or aliases in one request, and batches", async () => {
    const session = await sessionOf(f.lister);
    const roots = Array.from({ length: MAX_ROOT_FIELDS + 1 }, (_, i) => `r${i}: customerMessagingInfo { maintenance }`);
    const tooWide = await gql(session, `{ ${roots.join(" ")} }`);
    expect(tooWide.status).toBe(400);
    expect(tooWide.json.errors.map((e: any) => e.message)).toContain(
      `An operation may select at most ${MAX_ROOT_FIELDS} root fields.`,
    );
    const aliases = Array.from({ length: MAX_ALIASES + 1 }, (_, i) => `a${i}: id`).join(" ");
    const aliased = await gql(session, `{ messagingThreads { paginatedThreads { ${aliases} } } }`);
    expect(aliased.status).toBe(400);
    expect(aliased.json.errors.map((e: any) => e.message)).toContain(
      `A document may use at most ${MAX_ALIASES} aliases.`,
    );
    const ok = await gql(session, `{ a: customerMessagingInfo { maintenance } b: messagingThreads { totalCount } }`);
    expect(ok.status, ok.text).toBe(200);

    const batch = await send("POST", ENDPOINT, {
      session,
      json: [{ query: MESSAGING_THREADS }, { query: MESSAGING_THREADS }],
      headers: { Accept: ACCEPT },
    });
    expect(batch.status).toBe(400);
    expect(batch.json).toEqual({ type: "ValidationError", details: [{ path: "", message: "Expected a JSON object" }] });
  });

  it("answers a request that is not GraphQL with the /api validation answer, and a body over the limit with 413", async () => {
    const session = await sessionOf(f.lister);
    const noQuery = await send("POST", ENDPOINT, { session, json: { appointmentId: 1 } });
    expect(noQuery.status).toBe(400);
    expect(noQuery.json).toEqual({
      type: "ValidationError",
      details: [{ path: "query", message: "Expected a GraphQL document (a string)" }],
    });
    const form = await send("POST", ENDPOINT, { session, form: { query: MESSAGING_THREADS } });
    expect(form.status).toBe(400);
    expect(form.json.type).toBe("ValidationError");
    const badVariables = await send("GET", `${ENDPOINT}?query=${encodeURIComponent(MESSAGING_THREADS)}&variables=%7B`, {
      session,
    });
    expect(badVariables.json).toEqual({
      type: "ValidationError",
      details: [{ path: "variables", message: "Malformed JSON" }],
    });
    const syntax = await gql(session, "{ messagingThreads { ");
    expect(syntax.status).toBe(400);
    expect(firstError(syntax.json).code).toBe("GRAPHQL_PARSE_FAILED");
    const huge = await gql(
      session,
      MESSAGING_THREADS,
      { padding: "x".repeat(300 * 1024) },
      {
        headers: { "Content-Length": String(300 * 1024 + 200) },
      },
    );
    expect(huge.status).toBe(413);
  });

  it("masks an unexpected failure as a reported 500 without its details", async () => {
    const session = await sessionOf(f.sender);
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const failing = new LocalFileStorage(t.uploadsDir);
    failing.signUpload = async () => {
      throw new Error("storage exploded: secret-bucket-name");
    };
    setStorage(failing);
    try {
      const answer = await gql(session, CREATE_ATTACHMENT_UPLOAD, {
        fileName: "a.pdf",
        contentType: "application/pdf",
      });
      expect(answer.status).toBe(500);
      expect(answer.json.errors).toEqual([
        {
          message: "Unexpected error.",
          locations: [{ line: 2, column: 3 }],
          path: ["createAttachmentUpload"],
          extensions: { code: "INTERNAL_SERVER_ERROR" },
        },
      ]);
      expect(answer.text).not.toContain("secret-bucket-name");
      expect(errors).toHaveBeenCalledWith(
        "unexpected error",
        expect.objectContaining({ error: "Error: storage exploded: secret-bucket-name" }),
      );
    } finally {
      setStorage(new LocalFileStorage(t.uploadsDir));
      errors.mockRestore();
    }
  });
});

describe("what the page's own rules add", () => {
  it("is forbidden where the brand hides the conversation pages, as the pages are", async () => {
    const session = await sessionOf(f.lister);
    const answer = await callAction(session, MESSAGING_THREADS, (info) => ({
      ...info,
      brand: { ...brands.main, hiddenPages: [...brands.main.hiddenPages, "conversations"] },
    }));
    expect(answer.status).toBe(403);
    expect(firstError(await answer.json()).code).toBe("FORBIDDEN");
  });

  it("answers no questionnaire where the brand hides the questionnaire pages, as the pages do not", async () => {
    const session = await sessionOf(f.lister);
    const mutation = `mutation { answerQuestionnaire(questionnaireInvitationId: "${f.invitations.spare}", answers: ${JSON.stringify(JSON.stringify({ kipu: "ei" }))}) }`;
    const answer = await callAction(session, mutation, (info) => ({
      ...info,
      brand: { ...brands.main, hiddenPages: [...brands.main.hiddenPages, "questionnaire"] },
    }));
    expect(answer.status).toBe(404);
    expect(firstError(await answer.json()).code).toBe("NOT_FOUND");
    const [row] = await t.db
      .select()
      .from(s.questionnaireInvitations)
      .where(eq(s.questionnaireInvitations.id, f.invitations.spare));
    expect(row).toMatchObject({ answers: null, answeredAt: null });
  });

  it("refuses to write in maintenance mode (the pages offer no forms then) but still reads", async () => {
    const session = await sessionOf(f.lister);
    await t.db
      .insert(s.messagingStatus)
      .values({ id: 1, maintenance: true })
      .onConflictDoUpdate({ target: s.messagingStatus.id, set: { maintenance: true } });
    try {
      const before = await t.db.select({ n: count() }).from(s.messages);
      const sent = await gql(session, SEND_MESSAGE, {
        threadId: String(f.threads.unread),
        message: { content: "Huoltokatkon aikana" },
      });
      expect(sent.status).toBe(503);
      expect(firstError(sent.json)).toMatchObject({ code: "SERVICE_UNAVAILABLE", problem: "maintenance" });
      const started = await gql(session, SEND_MESSAGE_IN_NEW_THREAD, {
        title: "Uusi",
        type: "customer",
        participantIds: [f.listerUser],
        firstMessage: { content: "Huoltokatkon aikana" },
      });
      expect(started.status).toBe(503);
      const upload = await gql(session, CREATE_ATTACHMENT_UPLOAD, {
        fileName: "a.pdf",
        contentType: "application/pdf",
      });
      expect(upload.status).toBe(503);
      // The questionnaire page is out of use in maintenance (503), and so is its call.
      const answered = await gql(session, ANSWER_QUESTIONNAIRE, {
        questionnaireInvitationId: String(f.invitations.spare),
        answers: JSON.stringify({ kipu: "ei" }),
      });
      expect(answered.status).toBe(503);
      const [invitation] = await t.db
        .select()
        .from(s.questionnaireInvitations)
        .where(eq(s.questionnaireInvitations.id, f.invitations.spare));
      expect(invitation).toMatchObject({ answers: null, answeredAt: null });
      expect(await t.db.select({ n: count() }).from(s.messages)).toEqual(before);
      expect((await gql(session, MESSAGING_THREADS, {})).status).toBe(200);
    } finally {
      await t.db.update(s.messagingStatus).set({ maintenance: false }).where(eq(s.messagingStatus.id, 1));
    }
  });

  it("a poll (marked as a background request) does not keep the session alive; the customer's calls do", async () => {
    const session = await sessionOf(f.lister);
    const lastSeen = async () =>
      (
        await t.db
          .select({ at: s.sessions.lastSeenAt })
          .from(s.sessions)
          .where(eq(s.sessions.userId, f.lister.id))
          .orderBy(s.sessions.lastSeenAt)
      )
        .at(-1)!
        .at.getTime();
    const start = await lastSeen();
    try {
      const later = clockAt(5 * 60);
      const polled = await gql(session, MESSAGING_THREADS, {}, { headers: { [BACKGROUND_HEADER]: "1" } });
      expect(polled.status).toBe(200);
      expect(await lastSeen()).toBe(start);
      expect((await gql(session, MESSAGING_THREADS, {})).status).toBe(200);
      expect(await lastSeen()).toBe(later.getTime());
    } finally {
      clockAt(0);
    }
  });

  it("a thread poll repeats no 'who viewed my data' row; opening the thread writes one", async () => {
    const session = await sessionOf(f.lister);
    const id = String(f.threads.unread);
    const rows = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(s.accessLog)
          .where(
            and(
              eq(s.accessLog.subjectId, f.lister.id),
              eq(s.accessLog.resource, "conversation"),
              eq(s.accessLog.resourceId, id),
            ),
          )
      )[0].n;
    const poll = () => gql(session, MESSAGING_THREAD_FOR_CUSTOMER, { id }, { headers: { [BACKGROUND_HEADER]: "1" } });
    expect((await gql(session, MESSAGING_THREAD_FOR_CUSTOMER, { id })).status).toBe(200);
    const opened = await rows();
    try {
      for (const minutes of [2, 4, 6]) {
        clockAt(minutes * 60);
        expect((await poll()).status).toBe(200);
      }
      expect(await rows()).toBe(opened);
      expect((await gql(session, MESSAGING_THREAD_FOR_CUSTOMER, { id })).status).toBe(200);
      expect(await rows()).toBe(opened + 1);
    } finally {
      clockAt(0);
    }
  });
});
