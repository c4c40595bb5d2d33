import { and, desc, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { requestContext, requestInfo } from "~/.server/context";
import { newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { careTeamDeskEnabled, developmentStandIns } from "~/.server/env";
import { unreadThreadCount } from "~/features/messaging/threads.server";
import { makeTestIdentityCode } from "~/lib/identity-code";
import * as deskAttachmentRoute from "~/routes/dev/care-team-attachment";
import * as deskRoute from "~/routes/dev/care-team";
import * as deskThreadRoute from "~/routes/dev/care-team-thread";
import { sendAsBrowser } from "./request-handler";
import { FIXED_NOW, clockAt, makeContext, makeRequest, routeArgs, useTestDatabase } from "./test-db";

/**
 * The development care-team desk (/dev/care-team): a professional answers a customer's thread through the real
 * request handler. The fixtures are this file's own (no demo seed), so other data cannot move the counts.
 */
const t = useTestDatabase({ seed: false });
const csrf = newCsrfCookieValue();

const PHONE = "+358401112233";
let personId = "";
let customerId = "";
let nurse = ""; // Hoitaja, Hanna: takes and answers the thread
let doctor = ""; // Lääkäri, Lauri: stands in for the nurse
let outsider = ""; // Ulkopuolinen, Ulla: has nothing to do with the thread

async function professional(firstName: string, lastName: string, title: string) {
  const [row] = await t.db
    .insert(s.messagingUsers)
    .values({ type: "ProfessionalUser", firstName, lastName, title })
    .returning({ id: s.messagingUsers.id });
  return row.id;
}

/** A customer's new thread with one message, unassigned (as the portal's new-conversation page leaves it). */
async function customerThread(title: string, content = "Hello, I have a question.") {
  const [thread] = await t.db
    .insert(s.threads)
    .values({ personId, title, type: "customer", createdAt: new Date(FIXED_NOW.getTime() - 3_600_000) })
    .returning({ id: s.threads.id });
  await t.db.insert(s.threadParticipants).values({ threadId: thread.id, userId: customerId, readAt: FIXED_NOW });
  await t.db.insert(s.messages).values({
    threadId: thread.id,
    authorId: customerId,
    authorType: "CustomerUser",
    authorName: "Asiakas Testinen",
    content,
    createdAt: new Date(FIXED_NOW.getTime() - 3_600_000),
  });
  return thread.id;
}

/** The rows of one category table of the desk page. */
function category(html: string, name: "assignedToMe" | "substitutions" | "unassigned" | "closed") {
  const start = html.indexOf(`id="threads-${name}"`);
  expect(start, name).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</section>", start));
}

const desk = (professionalId: string) => `/dev/care-team?professional=${professionalId}`;
const threadPage = (threadId: number, professionalId: string) =>
  `/dev/care-team/${threadId}?professional=${professionalId}`;

function replyForm(content: string, files: File[] = []) {
  const form = new FormData();
  form.set("intent", "reply");
  form.set("content", content);
  for (const f of files) form.append("attachments", f);
  // The browser's empty part of a file input left empty.
  if (!files.length) form.append("attachments", new File([], ""));
  return form;
}

beforeAll(async () => {
  const [person] = await t.db
    .insert(s.people)
    .values({
      identityCode: makeTestIdentityCode({ year: 1984, month: 3, day: 12 }, 987),
      firstName: "Asiakas",
      lastName: "Testinen",
      birthDate: "1984-03-12",
      phoneNumber: PHONE,
      language: "fi",
    })
    .returning({ id: s.people.id });
  personId = person.id;
  const [customer] = await t.db
    .insert(s.messagingUsers)
    .values({ type: "CustomerUser", personId, firstName: "Asiakas", lastName: "Testinen" })
    .returning({ id: s.messagingUsers.id });
  customerId = customer.id;
  nurse = await professional("Hanna", "Hoitaja", "Sairaanhoitaja");
  doctor = await professional("Lauri", "Lääkäri", "Yleislääkäri");
  outsider = await professional("Ulla", "Ulkopuolinen", "Fysioterapeutti");
});

describe("the care-team desk", () => {
  it("offers the professionals to choose from, and lists a customer's new thread as unassigned and unread", async () => {
    const threadId = await customerThread("Question about my lab results");
    const picker = await sendAsBrowser(csrf, "GET", "/dev/care-team");
    expect(picker.status).toBe(200);
    expect(picker.text).toMatch(/<label[^>]*for="professional"[^>]*>Professional<\/label>/);
    expect(picker.text).toContain("Hoitaja, Hanna (Sairaanhoitaja)");
    expect(picker.text).toContain("Open desk");
    // A customer is not a professional.
    expect(picker.text).not.toContain(customerId);

    const page = await sendAsBrowser(csrf, "GET", desk(nurse));
    expect(page.status).toBe(200);
    const unassigned = category(page.text, "unassigned");
    expect(unassigned).toContain(`href="/dev/care-team/${threadId}?professional=${nurse}"`);
    expect(unassigned).toContain("Question about my lab results");
    expect(unassigned).toContain("Asiakas Testinen");
    expect(unassigned).toContain("Unread");
    expect(category(page.text, "assignedToMe")).not.toContain("Question about my lab results");

    expect((await sendAsBrowser(csrf, "GET", desk(customerId))).status).toBe(404);
    expect((await sendAsBrowser(csrf, "GET", "/dev/care-team?professional=not-a-uuid")).status).toBe(404);
  });

  it("takes an unassigned thread with the first reply, stores it and tells the customer by SMS without the content", async () => {
    const threadId = await customerThread("Renewal of my prescription");
    const at = clockAt(120);
    const secret = "Your cholesterol is 5.2 mmol/l";
    const file = new File(["Lab values\n"], "results.txt", { type: "text/plain" });
    const sent = await sendAsBrowser(csrf, "POST", threadPage(threadId, nurse), { form: replyForm(secret, [file]) });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(threadPage(threadId, nurse));

    const [message] = await t.db
      .select()
      .from(s.messages)
      .where(eq(s.messages.threadId, threadId))
      .orderBy(desc(s.messages.id))
      .limit(1);
    expect(message).toMatchObject({ authorId: nurse, authorType: "ProfessionalUser", content: secret });
    expect(message.authorName).toBe("Hanna Hoitaja");
    const attachments = await t.db
      .select()
      .from(s.messageAttachments)
      .where(eq(s.messageAttachments.messageId, message.id));
    expect(attachments.map((a) => a.fileName)).toEqual(["results.txt"]);

    const assignments = await t.db
      .select()
      .from(s.threadAssignments)
      .where(and(eq(s.threadAssignments.threadId, threadId), isNull(s.threadAssignments.endedAt)));
    expect(assignments).toHaveLength(1);
    expect(assignments[0]).toMatchObject({ assigneeId: nurse, assignedAt: at });
    const participants = await t.db
      .select({ userId: s.threadParticipants.userId })
      .from(s.threadParticipants)
      .where(eq(s.threadParticipants.threadId, threadId));
    expect(participants.map((p) => p.userId).sort()).toEqual([customerId, nurse].sort());

    const [sms] = await t.db
      .select()
      .from(s.outboxMessages)
      .where(eq(s.outboxMessages.recipient, PHONE))
      .orderBy(desc(s.outboxMessages.id))
      .limit(1);
    expect(sms.channel).toBe("sms");
    expect(sms.body).toContain(`http://localhost:3000/fi/viestit/${threadId}`);
    expect(sms.body).not.toContain(secret);
    expect(sms.body).not.toContain("cholesterol");
    // The customer's thread is unread for them now.
    expect(await unreadThreadCount(t.db, customerId)).toBeGreaterThanOrEqual(1);

    // The desk now lists it as the nurse's own, read (she wrote last).
    const page = await sendAsBrowser(csrf, "GET", desk(nurse));
    const mine = category(page.text, "assignedToMe");
    expect(mine).toContain("Renewal of my prescription");
    expect(category(page.text, "unassigned")).not.toContain("Renewal of my prescription");

    // The thread page shows the reply and offers the file; the file downloads for the desk.
    const thread = await sendAsBrowser(csrf, "GET", threadPage(threadId, nurse));
    expect(thread.status).toBe(200);
    expect(thread.text).toContain(secret);
    const link = `/dev/care-team/attachments/${attachments[0].id}?professional=${nurse}`;
    expect(thread.text).toContain(link.replace(/&/g, "&amp;"));
    const download = await sendAsBrowser(csrf, "GET", link);
    expect(download.status).toBe(200);
    expect(download.text).toBe("Lab values\n");
    expect(download.headers.get("Content-Disposition")).toContain('filename="results.txt"');

    // Someone the thread has nothing to do with sees neither the thread nor its file.
    expect((await sendAsBrowser(csrf, "GET", threadPage(threadId, outsider))).status).toBe(404);
    expect((await sendAsBrowser(csrf, "GET", link.replace(nurse, outsider))).status).toBe(404);
    expect(category((await sendAsBrowser(csrf, "GET", desk(outsider))).text, "unassigned")).not.toContain(
      "Renewal of my prescription",
    );
  });

  it("leaves an unassigned thread as it was when the reply is refused", async () => {
    const threadId = await customerThread("An empty answer");
    const refused = await sendAsBrowser(csrf, "POST", threadPage(threadId, nurse), { form: replyForm("   ") });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Error: ");
    expect(refused.text).toContain("Write a reply");
    const assignments = await t.db.select().from(s.threadAssignments).where(eq(s.threadAssignments.threadId, threadId));
    expect(assignments).toEqual([]);
    const participants = await t.db
      .select()
      .from(s.threadParticipants)
      .where(eq(s.threadParticipants.threadId, threadId));
    expect(participants.map((p) => p.userId)).toEqual([customerId]);
  });

  it("closes and reopens a thread, moving the professional timestamp so the customer sees the change", async () => {
    const threadId = await customerThread("Please close me");
    clockAt(10);
    await sendAsBrowser(csrf, "POST", threadPage(threadId, nurse), { form: replyForm("Answer before closing") });
    const customerUnreadBefore = await unreadThreadCount(t.db, customerId);
    // The customer reads the thread.
    await t.db
      .update(s.threadParticipants)
      .set({ readAt: clockAt(30) })
      .where(and(eq(s.threadParticipants.threadId, threadId), eq(s.threadParticipants.userId, customerId)));
    expect(await unreadThreadCount(t.db, customerId)).toBe(customerUnreadBefore - 1);

    const closedAt = clockAt(90);
    const closed = await sendAsBrowser(csrf, "POST", threadPage(threadId, nurse), { form: { intent: "close" } });
    expect(closed.status).toBe(302);
    const [row] = await t.db.select().from(s.threads).where(eq(s.threads.id, threadId));
    expect(row.isActive).toBe(false);
    expect(row.professionalTimestamp).toEqual(closedAt);
    expect(await unreadThreadCount(t.db, customerId)).toBe(customerUnreadBefore);

    const page = await sendAsBrowser(csrf, "GET", desk(nurse));
    expect(category(page.text, "closed")).toContain("Please close me");
    expect(category(page.text, "assignedToMe")).not.toContain("Please close me");
    const thread = await sendAsBrowser(csrf, "GET", threadPage(threadId, nurse));
    expect(thread.text).toContain("Reopen thread");
    expect(thread.text).not.toContain("Send reply");
    const late = await sendAsBrowser(csrf, "POST", threadPage(threadId, nurse), { form: replyForm("Too late") });
    expect(late.status).toBe(400);
    expect(late.text).toContain("The thread is closed");

    const reopenedAt = clockAt(150);
    await sendAsBrowser(csrf, "POST", threadPage(threadId, nurse), { form: { intent: "reopen" } });
    const [reopened] = await t.db.select().from(s.threads).where(eq(s.threads.id, threadId));
    expect(reopened.isActive).toBe(true);
    expect(reopened.professionalTimestamp).toEqual(reopenedAt);
  });

  it("deletes the professional's own message only, and shows it as deleted", async () => {
    const threadId = await customerThread("Delete a message");
    await sendAsBrowser(csrf, "POST", threadPage(threadId, nurse), { form: replyForm("Sent to the wrong person") });
    const [mine] = await t.db
      .select()
      .from(s.messages)
      .where(and(eq(s.messages.threadId, threadId), eq(s.messages.authorId, nurse)));
    const [theirs] = await t.db
      .select()
      .from(s.messages)
      .where(and(eq(s.messages.threadId, threadId), eq(s.messages.authorId, customerId)));
    await sendAsBrowser(csrf, "POST", threadPage(threadId, nurse), {
      form: { intent: "deleteMessage", messageId: String(theirs.id) },
    });
    const deletedAt = clockAt(45);
    const deleted = await sendAsBrowser(csrf, "POST", threadPage(threadId, nurse), {
      form: { intent: "deleteMessage", messageId: String(mine.id) },
    });
    expect(deleted.status).toBe(302);
    const rows = await t.db.select().from(s.messages).where(eq(s.messages.threadId, threadId));
    expect(rows.find((m) => m.id === mine.id)!.deletedAt).toEqual(deletedAt);
    expect(rows.find((m) => m.id === theirs.id)!.deletedAt).toBeNull();
    const page = await sendAsBrowser(csrf, "GET", threadPage(threadId, nurse));
    expect(page.text).toContain("This message was deleted.");
    expect(page.text).not.toContain("Sent to the wrong person");
  });

  it("lists an absent colleague's threads under Substituting for the substitute named in the absence", async () => {
    const threadId = await customerThread("While the nurse is away");
    await sendAsBrowser(csrf, "POST", threadPage(threadId, nurse), { form: replyForm("I will be away next week.") });
    expect(category((await sendAsBrowser(csrf, "GET", desk(doctor))).text, "substitutions")).not.toContain(
      "While the nurse is away",
    );

    const invalid = await sendAsBrowser(csrf, "POST", desk(nurse), {
      form: {
        intent: "addAbsence",
        startDate: "2026-11-25",
        endDate: "2026-11-19",
        substituteId: doctor,
        internalMessage: "",
      },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain("The end date must not be before the start");

    const added = await sendAsBrowser(csrf, "POST", desk(nurse), {
      form: {
        intent: "addAbsence",
        startDate: "2026-11-19",
        endDate: "2026-11-27",
        substituteId: doctor,
        internalMessage: "Training week",
      },
    });
    expect(added.status).toBe(302);
    expect(added.location).toBe(desk(nurse));
    const [absence] = await t.db
      .select()
      .from(s.professionalAbsences)
      .where(eq(s.professionalAbsences.absenteeId, nurse));
    expect(absence).toMatchObject({ substituteId: doctor, startDate: "2026-11-19", endDate: "2026-11-27" });

    const nursePage = await sendAsBrowser(csrf, "GET", desk(nurse));
    expect(nursePage.text).toContain("2026-11-19 – 2026-11-27, substitute Lauri Lääkäri");
    const substituting = category((await sendAsBrowser(csrf, "GET", desk(doctor))).text, "substitutions");
    expect(substituting).toContain("While the nurse is away");
    expect(substituting).toContain("(for Hanna Hoitaja)");
    // Only the named substitute stands in.
    expect(category((await sendAsBrowser(csrf, "GET", desk(outsider))).text, "substitutions")).not.toContain(
      "While the nurse is away",
    );

    // The substitute answers: they join the thread, which stays the nurse's.
    const answered = await sendAsBrowser(csrf, "POST", threadPage(threadId, doctor), {
      form: replyForm("Standing in for the nurse."),
    });
    expect(answered.status).toBe(302);
    const current = await t.db
      .select()
      .from(s.threadAssignments)
      .where(and(eq(s.threadAssignments.threadId, threadId), isNull(s.threadAssignments.endedAt)));
    expect(current.map((a) => a.assigneeId)).toEqual([nurse]);

    // Someone else's absence is not theirs to remove; the nurse removes her own.
    await sendAsBrowser(csrf, "POST", desk(doctor), {
      form: { intent: "removeAbsence", absenceId: String(absence.id) },
    });
    expect(await t.db.select().from(s.professionalAbsences)).toHaveLength(1);
    await sendAsBrowser(csrf, "POST", desk(nurse), {
      form: { intent: "removeAbsence", absenceId: String(absence.id) },
    });
    expect(await t.db.select().from(s.professionalAbsences)).toHaveLength(0);
    expect(category((await sendAsBrowser(csrf, "GET", desk(doctor))).text, "substitutions")).not.toContain(
      "While the nurse is away",
    );
  });

  it("refuses a post without the CSRF token", async () => {
    const threadId = await customerThread("Forged reply");
    const forged = await sendAsBrowser(csrf, "POST", threadPage(threadId, nurse), {
      form: replyForm("From another site"),
      csrf: false,
    });
    expect(forged.status).toBe(403);
    const closed = await sendAsBrowser(csrf, "POST", threadPage(threadId, nurse), {
      form: { intent: "close" },
      csrf: false,
    });
    expect(closed.status).toBe(403);
    const absence = await sendAsBrowser(csrf, "POST", desk(nurse), {
      form: {
        intent: "addAbsence",
        startDate: "2026-12-01",
        endDate: "2026-12-02",
        substituteId: "",
        internalMessage: "",
      },
      csrf: false,
    });
    expect(absence.status).toBe(403);
    const messages = await t.db.select().from(s.messages).where(eq(s.messages.threadId, threadId));
    expect(messages).toHaveLength(1);
    const [thread] = await t.db.select().from(s.threads).where(eq(s.threads.id, threadId));
    expect(thread.isActive).toBe(true);
    expect(await t.db.select().from(s.professionalAbsences)).toHaveLength(0);
  });

  it("does not answer in a production configuration and is listed as a development stand-in otherwise", async () => {
    expect(careTeamDeskEnabled("production")).toBe(false);
    expect(developmentStandIns({})).toContain("care-team desk (/dev/care-team)");
    expect(developmentStandIns({ APP_ENVIRONMENT: "production" })).toEqual([]);

    const threadId = await customerThread("Production");
    const production = async (path: string) => {
      const request = makeRequest(path);
      const context = await makeContext(request);
      context.set(requestContext, { ...requestInfo(context), environment: "production" });
      return { request, context };
    };
    const deskArgs = await production(desk(nurse));
    await expect(deskRoute.loader(routeArgs(deskArgs.request, deskArgs.context))).rejects.toMatchObject({
      init: { status: 404 },
    });
    const threadArgs = await production(threadPage(threadId, nurse));
    await expect(
      deskThreadRoute.loader({
        ...routeArgs<object>(threadArgs.request, threadArgs.context),
        params: { threadId: String(threadId) },
      } as never),
    ).rejects.toMatchObject({ init: { status: 404 } });
    const fileArgs = await production(`/dev/care-team/attachments/00000000-0000-4000-8000-000000000000`);
    await expect(
      deskAttachmentRoute.loader({
        ...routeArgs<object>(fileArgs.request, fileArgs.context),
        params: { attachmentId: "00000000-0000-4000-8000-000000000000" },
      } as never),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });
});
