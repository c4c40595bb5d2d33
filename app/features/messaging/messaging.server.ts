import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { queueSms } from "~/.server/sms/outbox";
import type { FileStorage } from "~/.server/storage/file-storage";
import { newSealedKey } from "~/.server/storage/file-storage";
import {
  claimUpload,
  deleteQuietly,
  discardFiles,
  openUpload,
  readUpload,
  sealUploads,
} from "~/.server/storage/uploads";

import {
  ATTACHMENTS_MAX_BYTES,
  ATTACHMENT_CONTENT_TYPES,
  CONTENT_MAX_LENGTH,
  FALLBACK_THREAD_TITLE,
  SUBJECT_MAX_LENGTH,
  attachmentContentType,
  bytesMatchExtension,
  checkAttachments,
  cleanFileName,
  isThreadRead,
  type AttachmentProblem,
} from "./rules";
import { helsinkiToday } from "~/lib/format";

/**
 * The messaging service: the one place that reads and writes threads, used by the pages' loaders and actions, the
 * GraphQL endpoint and the development care-team desk. Every function takes the acting messaging user and only
 * ever touches threads that user takes part in; another user's thread is simply not found.
 */

type Db = Database | Transaction;
type UserType = (typeof s.MESSAGING_USER_TYPES)[number];
type ThreadType = (typeof s.THREAD_TYPES)[number];

export type MessagingUser = { id: string; type: UserType; firstName: string; lastName: string; title: string | null };
export type Attachment = { id: string; fileName: string };
export type QuestionnaireInvitation = { id: number; title: string; answered: boolean };
export type Message = {
  id: number;
  created: Date;
  /** Null for a deleted message. */
  content: string | null;
  deleted: boolean;
  author: MessagingUser | null;
  authorName: string;
  authorTitle: string | null;
  authorType: UserType;
  attachments: Attachment[];
  questionnaireInvitations: QuestionnaireInvitation[];
};
export type Absence = { startDate: string; endDate: string; substitute: MessagingUser | null };
export type Assignment = { assignee: MessagingUser; assignedAt: Date; absences: Absence[] };
export type ThreadSummary = {
  id: number;
  title: string;
  type: ThreadType;
  isActive: boolean;
  created: Date;
  isRead: boolean;
  latestMessage: Message | null;
};
export type Thread = ThreadSummary & {
  participants: MessagingUser[];
  assignments: Assignment[];
  messages: Message[];
};

const userColumns = {
  id: s.messagingUsers.id,
  type: s.messagingUsers.type,
  firstName: s.messagingUsers.firstName,
  lastName: s.messagingUsers.lastName,
  title: s.messagingUsers.title,
};

/** The customer messaging user of a person, or null when the person may not use messaging. */
export async function customerMessagingUserId(db: Db, personId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: s.messagingUsers.id })
    .from(s.messagingUsers)
    .where(and(eq(s.messagingUsers.personId, personId), eq(s.messagingUsers.type, "CustomerUser")));
  return row?.id ?? null;
}

export type MessagingStatus = {
  maintenance: boolean;
  announcement: { heading: string; description: string; type: (typeof s.ANNOUNCEMENT_TYPES)[number] } | null;
};

export async function messagingStatus(db: Db): Promise<MessagingStatus> {
  const [row] = await db.select().from(s.messagingStatus).where(eq(s.messagingStatus.id, 1));
  if (!row) return { maintenance: false, announcement: null };
  return {
    maintenance: row.maintenance,
    announcement:
      row.announcementActive && row.announcementHeading
        ? {
            heading: row.announcementHeading,
            description: row.announcementDescription ?? "",
            type: row.announcementType,
          }
        : null,
  };
}

/** The threads a user takes part in, newest activity first, each with its latest message only. */
export async function listThreads(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ totalCount: number; threads: ThreadSummary[] }> {
  const result = await db.execute(sql`
    select th.id, th.title, th.type, th.is_active as "isActive", th.created_at as "created",
      th.professional_timestamp as "professionalTimestamp", tp.read_at as "readAt",
      (select max(ta.assigned_at) from thread_assignments ta
        where ta.thread_id = th.id and ta.assignee_id = ${userId} and ta.ended_at is null) as "assignedAt",
      lm.id as "messageId", lm.created_at as "lastMessageAt",
      count(*) over () as "totalCount"
    from thread_participants tp
    join threads th on th.id = tp.thread_id
    left join lateral (
      select m.id, m.created_at from messages m where m.thread_id = th.id order by m.created_at desc, m.id desc limit 1
    ) lm on true
    where tp.user_id = ${userId}
    order by coalesce(lm.created_at, th.created_at) desc, th.id desc
    limit ${page.limit} offset ${page.offset}`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const date = (v: unknown) => (v == null ? null : new Date(v as string));
  const latest = await messagesById(
    db,
    rows.map((r) => r.messageId).filter((id): id is number => id != null),
  );
  let totalCount = rows.length ? Number(rows[0].totalCount) : 0;
  if (!rows.length && page.offset > 0) totalCount = await threadCount(db, userId);
  return {
    totalCount,
    threads: rows.map((r) => ({
      id: Number(r.id),
      title: (r.title as string | null) || FALLBACK_THREAD_TITLE,
      type: r.type as ThreadType,
      isActive: !!r.isActive,
      created: date(r.created)!,
      isRead: isThreadRead({
        readAt: date(r.readAt),
        lastMessageAt: date(r.lastMessageAt),
        professionalTimestamp: date(r.professionalTimestamp),
        assignedAt: date(r.assignedAt),
      }),
      latestMessage: r.messageId == null ? null : (latest.get(Number(r.messageId)) ?? null),
    })),
  };
}

async function threadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(s.threadParticipants)
    .where(eq(s.threadParticipants.userId, userId));
  return Number(row.n);
}

/**
 * How many of the user's threads are unread (the menu's count and the front page's markers use the same rule).
 * `except` leaves out the thread being opened by this very request: its page marks it read.
 */
export async function unreadThreadCount(db: Db, userId: string, except?: number): Promise<number> {
  const skip = except !== undefined && Number.isSafeInteger(except) ? except : -1;
  const result = await db.execute(sql`
    select count(*)::int as n
    from thread_participants tp
    join threads th on th.id = tp.thread_id
    join lateral (select max(m.created_at) as at from messages m where m.thread_id = th.id) lm on lm.at is not null
    where tp.user_id = ${userId} and th.id <> ${skip}
      and (tp.read_at is null or tp.read_at < greatest(
        lm.at,
        th.professional_timestamp,
        (select max(ta.assigned_at) from thread_assignments ta
          where ta.thread_id = th.id and ta.assignee_id = ${userId} and ta.ended_at is null)))`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** The menu's unread count for a person: null when they have no customer messaging user. */
export async function unreadMessagesOf(db: Db, personId: string, openingThreadId?: number): Promise<number | null> {
  const userId = await customerMessagingUserId(db, personId);
  return userId ? unreadThreadCount(db, userId, openingThreadId) : null;
}

/** Whether the user takes part in the thread: the one check in front of every read and write. */
async function participation(db: Db, userId: string, threadId: number) {
  if (!Number.isSafeInteger(threadId) || threadId <= 0) return null;
  const [row] = await db
    .select({ readAt: s.threadParticipants.readAt })
    .from(s.threadParticipants)
    .where(and(eq(s.threadParticipants.threadId, threadId), eq(s.threadParticipants.userId, userId)));
  return row ?? null;
}

/** One thread with all its messages, or null when there is none the user takes part in. */
export async function threadForUser(db: Db, userId: string, threadId: number, now: Date): Promise<Thread | null> {
  const me = await participation(db, userId, threadId);
  if (!me) return null;
  const [thread] = await db.select().from(s.threads).where(eq(s.threads.id, threadId));
  if (!thread) return null;
  const participants = await db
    .select(userColumns)
    .from(s.threadParticipants)
    .innerJoin(s.messagingUsers, eq(s.messagingUsers.id, s.threadParticipants.userId))
    .where(eq(s.threadParticipants.threadId, threadId))
    .orderBy(asc(s.messagingUsers.type), asc(s.messagingUsers.lastName));
  const assigned = await db
    .select({ ...userColumns, assignedAt: s.threadAssignments.assignedAt })
    .from(s.threadAssignments)
    .innerJoin(s.messagingUsers, eq(s.messagingUsers.id, s.threadAssignments.assigneeId))
    .where(and(eq(s.threadAssignments.threadId, threadId), isNull(s.threadAssignments.endedAt)));
  const absences = await absencesOf(
    db,
    assigned.map((a) => a.id),
    helsinkiToday(now),
  );
  const ids = await db
    .select({ id: s.messages.id })
    .from(s.messages)
    .where(eq(s.messages.threadId, threadId))
    .orderBy(asc(s.messages.createdAt), asc(s.messages.id));
  const byId = await messagesById(
    db,
    ids.map((m) => m.id),
  );
  const messages = ids.map((m) => byId.get(m.id)!);
  const last = messages.at(-1) ?? null;
  const myAssignment = assigned.find((a) => a.id === userId);
  return {
    id: thread.id,
    title: thread.title || FALLBACK_THREAD_TITLE,
    type: thread.type,
    isActive: thread.isActive,
    created: thread.createdAt,
    isRead: isThreadRead({
      readAt: me.readAt,
      lastMessageAt: last?.created ?? null,
      professionalTimestamp: thread.professionalTimestamp,
      assignedAt: myAssignment?.assignedAt ?? null,
    }),
    latestMessage: last,
    participants,
    assignments: assigned.map(({ assignedAt, ...assignee }) => ({
      assignee,
      assignedAt,
      absences: absences.get(assignee.id) ?? [],
    })),
    messages,
  };
}

/** Current and coming absences (ending today or later) of professionals, with their substitutes. */
export async function absencesOf(db: Db, userIds: string[], today: string): Promise<Map<string, Absence[]>> {
  const map = new Map<string, Absence[]>();
  if (!userIds.length) return map;
  const rows = await db
    .select({
      absenteeId: s.professionalAbsences.absenteeId,
      startDate: s.professionalAbsences.startDate,
      endDate: s.professionalAbsences.endDate,
      substituteId: s.professionalAbsences.substituteId,
    })
    .from(s.professionalAbsences)
    .where(and(inArray(s.professionalAbsences.absenteeId, userIds), gte(s.professionalAbsences.endDate, today)))
    .orderBy(asc(s.professionalAbsences.startDate));
  const substituteIds = rows.map((r) => r.substituteId).filter((id): id is string => !!id);
  const substitutes = substituteIds.length
    ? await db.select(userColumns).from(s.messagingUsers).where(inArray(s.messagingUsers.id, substituteIds))
    : [];
  for (const r of rows) {
    const list = map.get(r.absenteeId) ?? [];
    list.push({
      startDate: r.startDate,
      endDate: r.endDate,
      substitute: substitutes.find((u) => u.id === r.substituteId) ?? null,
    });
    map.set(r.absenteeId, list);
  }
  return map;
}

async function messagesById(db: Db, ids: number[]): Promise<Map<number, Message>> {
  const map = new Map<number, Message>();
  if (!ids.length) return map;
  const rows = await db
    .select({
      id: s.messages.id,
      createdAt: s.messages.createdAt,
      content: s.messages.content,
      deletedAt: s.messages.deletedAt,
      authorType: s.messages.authorType,
      authorName: s.messages.authorName,
      authorTitle: s.messages.authorTitle,
      author: {
        id: s.messagingUsers.id,
        type: s.messagingUsers.type,
        firstName: s.messagingUsers.firstName,
        lastName: s.messagingUsers.lastName,
        title: s.messagingUsers.title,
      },
    })
    .from(s.messages)
    .leftJoin(s.messagingUsers, eq(s.messagingUsers.id, s.messages.authorId))
    .where(inArray(s.messages.id, ids));
  const attachments = await db
    .select({
      id: s.messageAttachments.id,
      messageId: s.messageAttachments.messageId,
      fileName: s.messageAttachments.fileName,
    })
    .from(s.messageAttachments)
    .where(inArray(s.messageAttachments.messageId, ids))
    .orderBy(asc(s.messageAttachments.fileName));
  const invitations = await db
    .select({
      id: s.questionnaireInvitations.id,
      messageId: s.questionnaireInvitations.messageId,
      title: s.questionnaireInvitations.title,
      answeredAt: s.questionnaireInvitations.answeredAt,
    })
    .from(s.questionnaireInvitations)
    .where(inArray(s.questionnaireInvitations.messageId, ids));
  for (const r of rows) {
    const deleted = !!r.deletedAt;
    map.set(r.id, {
      id: r.id,
      created: r.createdAt,
      content: deleted ? null : r.content,
      deleted,
      author: r.author?.id ? r.author : null,
      authorName: r.authorName,
      authorTitle: r.authorTitle,
      authorType: r.authorType,
      // A deleted message's files are no longer offered.
      attachments: deleted
        ? []
        : attachments.filter((a) => a.messageId === r.id).map(({ id, fileName }) => ({ id, fileName })),
      questionnaireInvitations: deleted
        ? []
        : invitations
            .filter((q) => q.messageId === r.id)
            .map((q) => ({ id: q.id, title: q.title, answered: !!q.answeredAt })),
    });
  }
  return map;
}

/** Marks the thread read by the user now; false when the user does not take part in it. */
export async function markAsRead(db: Db, userId: string, threadId: number, now: Date): Promise<boolean> {
  if (!(await participation(db, userId, threadId))) return false;
  await db
    .update(s.threadParticipants)
    .set({ readAt: now })
    .where(and(eq(s.threadParticipants.threadId, threadId), eq(s.threadParticipants.userId, userId)));
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Attachments

/**
 * A file for a new message: either uploaded beforehand through `createAttachmentUpload` (the browser with
 * JavaScript; `key` is the upload's token) or posted with the form itself (without JavaScript).
 */
export type NewAttachment = { key: string; fileName: string } | { fileName: string; bytes: Uint8Array };

/**
 * Offers a signed upload for one attachment (`CreateAttachmentUpload`). The name and declared type are checked
 * here; the bytes are checked when the message is sent. Null when the person has too many uploads open.
 */
export async function createAttachmentUpload(
  db: Database,
  store: FileStorage,
  upload: { ownerPersonId: string; createdBy: string; fileName: string; contentType: string },
  now: Date,
): Promise<
  { type: "ok"; key: string; url: string; headers: Record<string, string> } | { type: "invalid" } | { type: "busy" }
> {
  const fileName = cleanFileName(upload.fileName);
  if (!fileName || !attachmentContentType(fileName) || !ATTACHMENT_CONTENT_TYPES.includes(upload.contentType))
    return { type: "invalid" };
  const opened = await openUpload(
    db,
    store,
    {
      ownerId: upload.ownerPersonId,
      createdBy: upload.createdBy,
      purpose: "message-attachment",
      files: { file: { contentType: upload.contentType, maxBytes: ATTACHMENTS_MAX_BYTES } },
    },
    now,
  );
  if (!opened) return { type: "busy" };
  return { type: "ok", key: opened.token, url: opened.files.file.url, headers: opened.files.file.headers };
}

type StoredAttachment = { fileId: string; key: string; fileName: string; fresh: boolean };

/**
 * Checks and stores a message's attachments: names and total size first, then each file's bytes against its
 * extension. An uploaded file is read once and exactly the bytes checked are sealed (see storage/uploads.ts).
 * Returns the stored files, or the problem (with every file of this message already removed again).
 */
async function storeAttachments(
  db: Database,
  store: FileStorage,
  ownerPersonId: string,
  attachments: NewAttachment[],
  now: Date,
): Promise<{ type: "ok"; files: StoredAttachment[] } | { type: "invalid"; problem: AttachmentProblem }> {
  const stored: StoredAttachment[] = [];
  const fail = async (problem: AttachmentProblem) => {
    await discardFiles(
      db,
      store,
      stored.map((f) => ({ id: f.fileId, key: f.key })),
    );
    return { type: "invalid" as const, problem };
  };
  const direct = attachments.filter((a): a is { fileName: string; bytes: Uint8Array } => "bytes" in a);
  const early = checkAttachments([
    ...attachments.map((a) => ({ fileName: cleanFileName(a.fileName), size: "bytes" in a ? a.bytes.byteLength : 1 })),
  ]);
  if (early) return { type: "invalid", problem: early };
  let total = direct.reduce((sum, a) => sum + a.bytes.byteLength, 0);

  for (const a of attachments) {
    const fileName = cleanFileName(a.fileName);
    if ("bytes" in a) continue;
    const claimed = await claimUpload(db, { token: a.key, ownerId: ownerPersonId, purpose: "message-attachment" }, now);
    if (claimed.type !== "claimed" || claimed.files.length !== 1) return fail("type");
    const file = claimed.files[0];
    const entry = { fileId: file.id, key: file.key, fileName, fresh: false };
    stored.push(entry);
    const read = await readUpload(store, file.key, ATTACHMENTS_MAX_BYTES - total);
    if (!read.ok) return fail(read.problem === "missing" ? "empty" : "tooLarge");
    total += read.bytes.byteLength;
    if (!bytesMatchExtension(fileName, read.bytes)) return fail("type");
    const checked = { id: file.id, key: file.key, bytes: read.bytes, type: attachmentContentType(fileName)! };
    const { sealed } = await sealUploads(db, store, [checked], now, async () => {});
    entry.key = sealed[0].key;
  }
  for (const a of direct) {
    const fileName = cleanFileName(a.fileName);
    if (!bytesMatchExtension(fileName, a.bytes)) return fail("type");
  }
  for (const a of direct) {
    const fileName = cleanFileName(a.fileName);
    const contentType = attachmentContentType(fileName)!;
    const key = newSealedKey("message-attachment");
    await store.put(key, a.bytes, contentType);
    const [row] = await db
      .insert(s.storedFiles)
      .values({
        ownerId: ownerPersonId,
        purpose: "message-attachment",
        storageKey: key,
        contentType,
        sizeBytes: a.bytes.byteLength,
        createdAt: now,
        uploadedAt: now,
      })
      .returning({ id: s.storedFiles.id });
    stored.push({ fileId: row.id, key, fileName, fresh: true });
  }
  return { type: "ok", files: stored };
}

/** The stored file of an attachment, for a user who takes part in its thread; null otherwise. */
export async function attachmentForUser(
  db: Db,
  userId: string,
  attachmentId: string,
): Promise<{ key: string; fileName: string; contentType: string } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(attachmentId)) return null;
  const [row] = await db
    .select({
      key: s.storedFiles.storageKey,
      fileName: s.messageAttachments.fileName,
      contentType: s.storedFiles.contentType,
    })
    .from(s.messageAttachments)
    .innerJoin(s.messages, eq(s.messages.id, s.messageAttachments.messageId))
    .innerJoin(
      s.threadParticipants,
      and(eq(s.threadParticipants.threadId, s.messages.threadId), eq(s.threadParticipants.userId, userId)),
    )
    .innerJoin(s.storedFiles, eq(s.storedFiles.id, s.messageAttachments.fileId))
    .where(and(eq(s.messageAttachments.id, attachmentId), isNull(s.messages.deletedAt)));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Sending

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

// ---------------------------------------------------------------------------------------------------------------
// The customer's care team

/**
 * The professionals a customer's messages reach, shown as "the health care team" on the new-conversation page: the
 * occupational-health team of their employer, or, without one, the professionals they already have threads with.
 */
export async function careTeamOf(db: Db, personId: string): Promise<MessagingUser[]> {
  const team = await db
    .select(userColumns)
    .from(s.employments)
    .innerJoin(s.occupationalTeamMembers, eq(s.occupationalTeamMembers.employerId, s.employments.employerId))
    .innerJoin(
      s.messagingUsers,
      and(
        eq(s.messagingUsers.practitionerId, s.occupationalTeamMembers.practitionerId),
        eq(s.messagingUsers.type, "ProfessionalUser"),
      ),
    )
    .where(eq(s.employments.personId, personId))
    .orderBy(asc(s.messagingUsers.lastName));
  if (team.length) return team;
  return db
    .selectDistinct(userColumns)
    .from(s.threads)
    .innerJoin(s.threadParticipants, eq(s.threadParticipants.threadId, s.threads.id))
    .innerJoin(s.messagingUsers, eq(s.messagingUsers.id, s.threadParticipants.userId))
    .where(and(eq(s.threads.personId, personId), eq(s.messagingUsers.type, "ProfessionalUser")))
    .orderBy(asc(s.messagingUsers.lastName));
}
