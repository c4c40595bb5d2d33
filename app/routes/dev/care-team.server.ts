import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import type { FileStorage } from "~/.server/storage/file-storage";

import type { NewAttachment } from "~/features/messaging/attachments.server";
import { sendMessage, type SendResult, type SmsNotice } from "~/features/messaging/sending.server";
import { markAsRead } from "~/features/messaging/threads.server";
import { FALLBACK_THREAD_TITLE, isThreadRead } from "~/features/messaging/rules";
import { helsinkiToday } from "~/lib/format";

/**
 * The development care-team desk (/dev/care-team): the professionals' side of messaging, so that a customer's
 * conversation can be answered without the real messaging backend. Writes go through the messaging service
 * (`sendMessage`, `markAsRead`); only what the customer side never does (taking a thread, closing it, absences)
 * is written here. A professional sees the threads assigned to them, those of colleagues they stand in for
 * today, the customers' unassigned threads and the threads they take part in; any other thread is not found.
 * A professional's absences are in care-team-absences.server.ts.
 */

type Db = Database | Transaction;

/** A messaging user's or an attachment's id, checked before it reaches the database. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Professional = { id: string; firstName: string; lastName: string; title: string | null };

const professionalColumns = {
  id: s.messagingUsers.id,
  firstName: s.messagingUsers.firstName,
  lastName: s.messagingUsers.lastName,
  title: s.messagingUsers.title,
};

export async function professionals(db: Db): Promise<Professional[]> {
  return db
    .select(professionalColumns)
    .from(s.messagingUsers)
    .where(eq(s.messagingUsers.type, "ProfessionalUser"))
    .orderBy(asc(s.messagingUsers.lastName), asc(s.messagingUsers.firstName), asc(s.messagingUsers.id));
}

/** The professional of a `?professional=` parameter; null for anything else (a customer's id included). */
export async function professionalById(db: Db, id: string | null): Promise<Professional | null> {
  if (!id || !UUID.test(id)) return null;
  const [row] = await db
    .select(professionalColumns)
    .from(s.messagingUsers)
    .where(and(eq(s.messagingUsers.id, id), eq(s.messagingUsers.type, "ProfessionalUser")));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Threads

export const DESK_CATEGORIES = ["assignedToMe", "substitutions", "unassigned", "closed"] as const;
export type DeskCategory = (typeof DESK_CATEGORIES)[number];

export type DeskThread = {
  id: number;
  title: string;
  customerName: string;
  isActive: boolean;
  latestMessageAt: Date | null;
  /** Read by this professional, by the read rule of spec part 2 §4. */
  isRead: boolean;
  assigneeName: string | null;
};

type Row = Record<string, unknown>;
const date = (v: unknown) => (v == null ? null : new Date(v as string));
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * One query shape for the list and a single thread: each thread with its customer, its current assignment, this
 * professional's participation and its latest message, limited to the threads the professional may see.
 */
function deskThreads(me: string, today: string, where: SQL) {
  return sql`
    select th.id, th.title, th.type, th.is_active as "isActive", th.created_at as "createdAt",
      th.professional_timestamp as "professionalTimestamp",
      p.first_name || ' ' || p.last_name as "customerName",
      ca.assignee_id as "assigneeId", ca.assigned_at as "assignedAt",
      au.first_name || ' ' || au.last_name as "assigneeName",
      mine.user_id as "participantId", mine.read_at as "readAt",
      lm.at as "latestMessageAt",
      exists (select 1 from professional_absences pa
        where pa.absentee_id = ca.assignee_id and pa.substitute_id = ${me}
          and pa.start_date <= ${today} and pa.end_date >= ${today}) as "substituting"
    from threads th
    join people p on p.id = th.person_id
    left join lateral (
      select ta.assignee_id, ta.assigned_at from thread_assignments ta
      where ta.thread_id = th.id and ta.ended_at is null order by ta.assigned_at desc, ta.id desc limit 1
    ) ca on true
    left join messaging_users au on au.id = ca.assignee_id
    left join thread_participants mine on mine.thread_id = th.id and mine.user_id = ${me}
    left join lateral (select max(m.created_at) as at from messages m where m.thread_id = th.id) lm on true
    where ${where}
      and (ca.assignee_id = ${me}
        or mine.user_id is not null
        or (ca.assignee_id is null and th.type = 'customer')
        or exists (select 1 from professional_absences pa
          where pa.absentee_id = ca.assignee_id and pa.substitute_id = ${me}
            and pa.start_date <= ${today} and pa.end_date >= ${today}))`;
}

function toDeskThread(me: string, r: Row): DeskThread {
  const mine = r.assigneeId === me;
  return {
    id: Number(r.id),
    title: (r.title as string | null) || FALLBACK_THREAD_TITLE,
    customerName: r.customerName as string,
    isActive: !!r.isActive,
    latestMessageAt: date(r.latestMessageAt),
    isRead: isThreadRead({
      readAt: date(r.readAt),
      lastMessageAt: date(r.latestMessageAt),
      professionalTimestamp: date(r.professionalTimestamp),
      assignedAt: mine ? date(r.assignedAt) : null,
    }),
    assigneeName: (r.assigneeName as string | null) ?? null,
  };
}

function categoryOf(me: string, r: Row): DeskCategory | null {
  if (!r.isActive) return "closed";
  if (r.assigneeId === me) return "assignedToMe";
  if (r.substituting) return "substitutions";
  if (r.assigneeId == null && r.type === "customer") return "unassigned";
  // Taking part in a thread a colleague holds: reachable by its link, not listed.
  return null;
}

/** The desk's threads by category, newest activity first (a development tool: the latest 500 are enough). */
export async function deskThreadsByCategory(
  db: Db,
  me: string,
  now: Date,
): Promise<Record<DeskCategory, DeskThread[]>> {
  const result = await db.execute(sql`
    select * from (${deskThreads(me, helsinkiToday(now), sql`true`)}) t
    order by coalesce(t."latestMessageAt", t."createdAt") desc, t.id desc
    limit 500`);
  const out: Record<DeskCategory, DeskThread[]> = { assignedToMe: [], substitutions: [], unassigned: [], closed: [] };
  for (const r of rowsOf(result)) {
    const category = categoryOf(me, r);
    if (category) out[category].push(toDeskThread(me, r));
  }
  return out;
}

export type DeskMessage = {
  id: number;
  created: Date;
  authorName: string;
  authorTitle: string | null;
  authorType: (typeof s.MESSAGING_USER_TYPES)[number];
  /** Only the author may delete a message. */
  isMine: boolean;
  deleted: boolean;
  /** Null for a deleted message. */
  content: string | null;
  attachments: { id: string; fileName: string }[];
};

export type DeskThreadDetail = DeskThread & {
  assignedToMe: boolean;
  unassigned: boolean;
  messages: DeskMessage[];
};

async function visibleThread(db: Db, me: string, threadId: number, now: Date): Promise<Row | null> {
  if (!Number.isSafeInteger(threadId) || threadId <= 0) return null;
  const result = await db.execute(deskThreads(me, helsinkiToday(now), sql`th.id = ${threadId}`));
  return rowsOf(result)[0] ?? null;
}

/** One thread with its messages for the desk, or null when the professional may not see it. */
export async function deskThread(db: Db, me: string, threadId: number, now: Date): Promise<DeskThreadDetail | null> {
  const row = await visibleThread(db, me, threadId, now);
  if (!row) return null;
  const rows = await db
    .select()
    .from(s.messages)
    .where(eq(s.messages.threadId, threadId))
    .orderBy(asc(s.messages.createdAt), asc(s.messages.id));
  const live = rows.filter((m) => !m.deletedAt).map((m) => m.id);
  const files = live.length
    ? await db
        .select({
          id: s.messageAttachments.id,
          messageId: s.messageAttachments.messageId,
          fileName: s.messageAttachments.fileName,
        })
        .from(s.messageAttachments)
        .where(inArray(s.messageAttachments.messageId, live))
        .orderBy(asc(s.messageAttachments.fileName))
    : [];
  return {
    ...toDeskThread(me, row),
    assignedToMe: row.assigneeId === me,
    unassigned: row.assigneeId == null,
    messages: rows.map((m) => ({
      id: m.id,
      created: m.createdAt,
      authorName: m.authorName,
      authorTitle: m.authorTitle,
      authorType: m.authorType,
      isMine: m.authorId === me,
      deleted: !!m.deletedAt,
      content: m.deletedAt ? null : m.content,
      attachments: files.filter((f) => f.messageId === m.id).map(({ id, fileName }) => ({ id, fileName })),
    })),
  };
}

/** Opening a thread marks it read for a professional who takes part in it (the service's rule). */
export async function openThread(db: Db, me: string, threadId: number, now: Date): Promise<void> {
  await markAsRead(db, me, threadId, now);
}

/** The stored file of an attachment in a thread the professional may see (not of a deleted message). */
export async function deskAttachment(
  db: Db,
  me: string,
  attachmentId: string,
  now: Date,
): Promise<{ key: string; fileName: string; contentType: string } | null> {
  if (!UUID.test(attachmentId)) return null;
  const [row] = await db
    .select({
      threadId: s.messages.threadId,
      key: s.storedFiles.storageKey,
      fileName: s.messageAttachments.fileName,
      contentType: s.storedFiles.contentType,
    })
    .from(s.messageAttachments)
    .innerJoin(s.messages, eq(s.messages.id, s.messageAttachments.messageId))
    .innerJoin(s.storedFiles, eq(s.storedFiles.id, s.messageAttachments.fileId))
    .where(and(eq(s.messageAttachments.id, attachmentId), isNull(s.messages.deletedAt)));
  if (!row || !(await visibleThread(db, me, row.threadId, now))) return null;
  return { key: row.key, fileName: row.fileName, contentType: row.contentType };
}

// ---------------------------------------------------------------------------------------------------------------
// Commands

export type ReplyResult = SendResult;

/**
 * A professional's reply. The professional joins the thread (the service writes only in threads its author takes
 * part in), and an unassigned thread becomes theirs; then the service sends the message and queues the customer's
 * SMS notice. If the message is refused, the thread is left as it was.
 */
export async function reply(
  db: Database,
  store: FileStorage,
  input: { professionalId: string; threadId: number; content: string; attachments: NewAttachment[]; notice: SmsNotice },
  now: Date,
): Promise<ReplyResult> {
  const thread = await visibleThread(db, input.professionalId, input.threadId, now);
  if (!thread) return { type: "notFound" };
  if (!thread.isActive) return { type: "closed" };
  const taken = await db.transaction(async (tx) => {
    // The thread row's lock makes two professionals taking the same thread one after the other.
    await tx.execute(sql`select id from threads where id = ${input.threadId} for update`);
    const joined = await tx
      .insert(s.threadParticipants)
      .values({ threadId: input.threadId, userId: input.professionalId })
      .onConflictDoNothing()
      .returning({ userId: s.threadParticipants.userId });
    const [current] = await tx
      .select({ id: s.threadAssignments.id })
      .from(s.threadAssignments)
      .where(and(eq(s.threadAssignments.threadId, input.threadId), isNull(s.threadAssignments.endedAt)))
      .limit(1);
    const assigned =
      current || thread.type !== "customer"
        ? []
        : await tx
            .insert(s.threadAssignments)
            .values({ threadId: input.threadId, assigneeId: input.professionalId, assignedAt: now })
            .returning({ id: s.threadAssignments.id });
    return { joined: joined.length > 0, assignmentId: assigned[0]?.id ?? null };
  });
  let result: SendResult;
  try {
    result = await sendMessage(
      db,
      store,
      {
        authorId: input.professionalId,
        threadId: input.threadId,
        message: { content: input.content, attachments: input.attachments },
        notice: input.notice,
      },
      now,
    );
  } catch (error) {
    await undoTake(db, input, taken);
    throw error;
  }
  if (result.type !== "sent") await undoTake(db, input, taken);
  return result;
}

async function undoTake(
  db: Database,
  input: { professionalId: string; threadId: number },
  taken: { joined: boolean; assignmentId: number | null },
) {
  await db.transaction(async (tx) => {
    if (taken.assignmentId != null)
      await tx.delete(s.threadAssignments).where(eq(s.threadAssignments.id, taken.assignmentId));
    if (taken.joined)
      await tx
        .delete(s.threadParticipants)
        .where(
          and(eq(s.threadParticipants.threadId, input.threadId), eq(s.threadParticipants.userId, input.professionalId)),
        );
  });
}

/**
 * Closes or reopens a thread. The professional timestamp moves to now, so by the read rule the customer sees the
 * thread as changed (unread) until they open it.
 */
export async function setThreadActive(
  db: Db,
  me: string,
  threadId: number,
  active: boolean,
  now: Date,
): Promise<boolean> {
  if (!(await visibleThread(db, me, threadId, now))) return false;
  await db.update(s.threads).set({ isActive: active, professionalTimestamp: now }).where(eq(s.threads.id, threadId));
  return true;
}

/** Deletes one of the professional's own messages: it keeps its place, its content and files are no longer shown. */
export async function deleteOwnMessage(
  db: Db,
  me: string,
  threadId: number,
  messageId: number,
  now: Date,
): Promise<boolean> {
  if (!Number.isSafeInteger(messageId) || !(await visibleThread(db, me, threadId, now))) return false;
  const deleted = await db
    .update(s.messages)
    .set({ deletedAt: now })
    .where(
      and(
        eq(s.messages.id, messageId),
        eq(s.messages.threadId, threadId),
        eq(s.messages.authorId, me),
        isNull(s.messages.deletedAt),
      ),
    )
    .returning({ id: s.messages.id });
  return deleted.length > 0;
}
