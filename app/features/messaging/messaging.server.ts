import { and, asc, eq } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { unreadThreadCount, userColumns, type MessagingUser } from "./threads.server";

/**
 * Messaging as a person meets it: their customer messaging user, the service's status, the menu's unread count and
 * the care team their messages reach. The service itself is threads.server.ts (reading), sending.server.ts (writing)
 * and attachments.server.ts (files): every function there takes the acting messaging user and only ever touches
 * threads that user takes part in, so another user's thread is simply not found.
 */

type Db = Database | Transaction;

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

/** The menu's unread count for a person: null when they have no customer messaging user. */
export async function unreadMessagesOf(db: Db, personId: string, openingThreadId?: number): Promise<number | null> {
  const userId = await customerMessagingUserId(db, personId);
  return userId ? unreadThreadCount(db, userId, openingThreadId) : null;
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
