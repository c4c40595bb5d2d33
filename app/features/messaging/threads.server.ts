import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { helsinkiToday } from "~/lib/format";
import { FALLBACK_THREAD_TITLE, isThreadRead } from "./rules";

/**
 * Reading threads: the list, one thread with its messages, and the read state (the unread count and marking a
 * thread read). Every function takes the acting messaging user and only ever touches threads that user takes part
 * in; another user's thread is simply not found. Writing is in sending.server.ts, files in attachments.server.ts.
 */

type Db = Database | Transaction;
type UserType = (typeof s.MESSAGING_USER_TYPES)[number];
export type ThreadType = (typeof s.THREAD_TYPES)[number];

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

/** A messaging user's columns, selected as a `MessagingUser`. */
export const userColumns = {
  id: s.messagingUsers.id,
  type: s.messagingUsers.type,
  firstName: s.messagingUsers.firstName,
  lastName: s.messagingUsers.lastName,
  title: s.messagingUsers.title,
};

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

/** Whether the user takes part in the thread: the one check in front of every read and write. */
export async function participation(db: Db, userId: string, threadId: number) {
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
