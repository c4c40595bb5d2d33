import { and, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Database } from "./db/client";
import * as s from "./db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long the portal keeps what only serves for a while (README "Deploying", data lifecycle). Sessions are purged a
 * day after they end (session.ts) and upload tokens an hour after they expire (storage/uploads.ts); the rest is here.
 */
export const RETENTION = {
  /** An SMS code is of no use once it has expired or been used: kept a day for the lockout's and support's sake. */
  smsChallengeDays: 1,
  /** A sent SMS (a phone number and its text): kept 30 days, for questions about a message. */
  sentMessageDays: 30,
  /** An SMS never sent in a week is stale (its codes and links have expired): dropped. */
  unsentMessageDays: 7,
  /** A rate-limit window over for a day counts nothing any more. */
  rateLimitDays: 1,
  /**
   * Who viewed a person's data: the access log of health data is kept 12 years from its writing (the client data
   * act, 703/2023, and the Kanta log rules); confirm the figure with the data protection officer before changing it.
   */
  accessLogYears: 12,
};

/** Deletes what has outlived its retention (RETENTION); answers how many rows of each were deleted. */
export async function purgeExpiredRecords(db: Database, now: Date): Promise<Record<string, number>> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const accessLogCutoff = new Date(now);
  accessLogCutoff.setUTCFullYear(accessLogCutoff.getUTCFullYear() - RETENTION.accessLogYears);
  const smsChallenges = await db
    .delete(s.smsChallenges)
    .where(lt(s.smsChallenges.expiresAt, daysAgo(RETENTION.smsChallengeDays)))
    .returning({ id: s.smsChallenges.id });
  const messages = await db
    .delete(s.outboxMessages)
    .where(
      or(
        and(isNotNull(s.outboxMessages.sentAt), lt(s.outboxMessages.sentAt, daysAgo(RETENTION.sentMessageDays))),
        and(isNull(s.outboxMessages.sentAt), lt(s.outboxMessages.createdAt, daysAgo(RETENTION.unsentMessageDays))),
      ),
    )
    .returning({ id: s.outboxMessages.id });
  const rateLimits = await db
    .delete(s.rateLimits)
    .where(lt(s.rateLimits.windowStart, daysAgo(RETENTION.rateLimitDays)))
    .returning({ key: s.rateLimits.key });
  const accessLog = await db
    .delete(s.accessLog)
    .where(lt(s.accessLog.at, accessLogCutoff))
    .returning({ id: s.accessLog.id });
  return {
    smsChallenges: smsChallenges.length,
    outboxMessages: messages.length,
    rateLimits: rateLimits.length,
    accessLog: accessLog.length,
  };
}
