import { and, eq, inArray } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { queueSms } from "~/.server/sms/outbox";
import type { FileStorage } from "~/.server/storage/file-storage";
import { deleteQuietly, discardFiles } from "~/.server/storage/uploads";
import { storeAttachments, type NewAttachment, type StoredAttachment } from "./attachments.server";
import { CONTENT_MAX_LENGTH, SUBJECT_MAX_LENGTH, type AttachmentProblem } from "./rules";
import { participation, type ThreadType } from "./threads.server";

/**
 * Writing messages: a reply in a thread the author takes part in, a new thread, and the SMS that tells a customer
 * a professional has written. The text is checked here; the files by attachments.server.ts before anything is
 * written.
 */

type Db = Database | Transaction;

export type MessageInput = { content: string; attachments: NewAttachment[] };
export type SendProblem = "content" | "title" | "participants" | AttachmentProblem;
export type SendResult =
  | { type: "sent"; threadId: number; messageId: number }
  | { type: "notFound" }
  | { type: "closed" }
  | { type: "invalid"; problem: SendProblem };

async function author(db: Db, userId: string) {
  const [row] = await db.select().from(s.messagingUsers).where(eq(s.messagingUsers.id, userId));
  return row ?? null;
}

/** A reply needs text or at least one attachment; text is bounded. */
function contentProblem(message: MessageInput, requireText: boolean): SendProblem | null {
  const text = message.content.trim();
  if (message.content.length > CONTENT_MAX_LENGTH) return "content";
  if (requireText ? !text : !text && message.attachments.length === 0) return "content";
  return null;
}

/**
 * Sends a message in a thread the author takes part in (`SendMessage`). A professional's message tells the
 * customer by SMS that there is something new — a link, never the content.
 */
export async function sendMessage(
  db: Database,
  store: FileStorage,
  input: { authorId: string; threadId: number; message: MessageInput; notice?: SmsNotice },
  now: Date,
): Promise<SendResult> {
  const me = await participation(db, input.authorId, input.threadId);
  const writer = me && (await author(db, input.authorId));
  if (!writer) return { type: "notFound" };
  const [thread] = await db.select().from(s.threads).where(eq(s.threads.id, input.threadId));
  if (!thread) return { type: "notFound" };
  if (!thread.isActive) return { type: "closed" };
  const problem = contentProblem(input.message, false);
  if (problem) return { type: "invalid", problem };
  const files = await storeAttachments(db, store, thread.personId, input.message.attachments, now);
  if (files.type === "invalid") return files;
  const messageId = await insertMessage(
    db,
    store,
    thread.id,
    writer,
    input.message.content,
    files.files,
    now,
    async (tx) => {
      await tx
        .update(s.threadParticipants)
        .set({ readAt: now })
        .where(and(eq(s.threadParticipants.threadId, thread.id), eq(s.threadParticipants.userId, writer.id)));
      if (writer.type === "ProfessionalUser" && input.notice)
        await notifyCustomer(tx, thread.personId, thread.id, input.notice);
    },
  );
  return { type: "sent", threadId: thread.id, messageId };
}

/**
 * Starts a thread (`SendMessageInNewThread`): the author and the given participants take part. A customer's thread
 * has the customer alone until a professional of the care team takes it (see the care-team desk).
 */
export async function sendMessageInNewThread(
  db: Database,
  store: FileStorage,
  input: {
    authorId: string;
    personId: string;
    title: string | null;
    type: ThreadType;
    participantIds: string[];
    firstMessage: MessageInput;
  },
  now: Date,
): Promise<SendResult> {
  const writer = await author(db, input.authorId);
  if (!writer) return { type: "notFound" };
  const title = input.title?.trim() ?? "";
  if (title.length > SUBJECT_MAX_LENGTH) return { type: "invalid", problem: "title" };
  const problem = contentProblem(input.firstMessage, writer.type === "CustomerUser");
  if (problem) return { type: "invalid", problem };
  const others = [...new Set(input.participantIds)].filter((id) => id !== writer.id);
  // A customer's new thread goes to the care team's shared queue (unassigned); a customer cannot add people.
  if (writer.type === "CustomerUser" && others.length) return { type: "invalid", problem: "participants" };
  const found = others.length
    ? await db.select({ id: s.messagingUsers.id }).from(s.messagingUsers).where(inArray(s.messagingUsers.id, others))
    : [];
  if (found.length !== others.length) return { type: "invalid", problem: "participants" };
  const files = await storeAttachments(db, store, input.personId, input.firstMessage.attachments, now);
  if (files.type === "invalid") return files;
  let threadId = 0;
  const messageId = await insertMessage(
    db,
    store,
    async (tx) => {
      const [row] = await tx
        .insert(s.threads)
        .values({ personId: input.personId, title: title || null, type: input.type, createdAt: now })
        .returning({ id: s.threads.id });
      threadId = row.id;
      await tx
        .insert(s.threadParticipants)
        .values([
          { threadId: row.id, userId: writer.id, readAt: now },
          ...others.map((userId) => ({ threadId: row.id, userId })),
        ]);
      return row.id;
    },
    writer,
    input.firstMessage.content,
    files.files,
    now,
  );
  return { type: "sent", threadId, messageId };
}

/** Writes the message and its attachments in one transaction; on failure the stored files are removed again. */
async function insertMessage(
  db: Database,
  store: FileStorage,
  thread: number | ((tx: Transaction) => Promise<number>),
  writer: typeof s.messagingUsers.$inferSelect,
  content: string,
  files: StoredAttachment[],
  now: Date,
  after?: (tx: Transaction) => Promise<void>,
): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const threadId = typeof thread === "number" ? thread : await thread(tx);
      const [message] = await tx
        .insert(s.messages)
        .values({
          threadId,
          authorId: writer.id,
          authorType: writer.type,
          authorName: `${writer.firstName} ${writer.lastName}`,
          authorTitle: writer.title,
          content: content.trim(),
          createdAt: now,
        })
        .returning({ id: s.messages.id });
      if (files.length)
        await tx
          .insert(s.messageAttachments)
          .values(files.map((f) => ({ messageId: message.id, fileId: f.fileId, fileName: f.fileName })));
      await after?.(tx);
      return message.id;
    });
  } catch (error) {
    await discardFiles(
      db,
      store,
      files.map((f) => ({ id: f.fileId, key: f.key })),
    ).catch(() =>
      deleteQuietly(
        store,
        files.map((f) => f.key),
      ),
    );
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The customer's SMS notice

/** What the SMS says, per language: where to read the message (a link to the thread), never its content. */
export type SmsNotice = { brandName: string; threadUrl: (lang: "fi" | "sv" | "en", threadId: number) => string };

const NOTICE = {
  fi: (brand: string, url: string) => `Sinulle on uusi viesti ${brand}-palvelussa. Lue se kirjautumalla: ${url}`,
  sv: (brand: string, url: string) => `Du har ett nytt meddelande i ${brand}. Logga in för att läsa det: ${url}`,
  en: (brand: string, url: string) => `You have a new message in ${brand}. Log in to read it: ${url}`,
};

async function notifyCustomer(tx: Transaction, personId: string, threadId: number, notice: SmsNotice) {
  const [person] = await tx
    .select({ phone: s.people.phoneNumber, verified: s.people.mfaVerifiedPhone, language: s.people.language })
    .from(s.people)
    .where(eq(s.people.id, personId));
  const to = person?.verified ?? person?.phone;
  if (!to) return;
  await queueSms(tx, {
    to,
    body: NOTICE[person.language](notice.brandName, notice.threadUrl(person.language, threadId)),
  });
}
