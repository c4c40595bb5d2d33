import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import { now } from "~/.server/clock";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { env } from "~/.server/env";
import { sessionExpiry } from "~/.server/session";
import type { UserSession } from "~/.server/guards";
import { describeUserAgent } from "./user-agent";

/** Public session handles are UUIDs; anything else is not one of the person's sessions. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The logged-in person's active sessions (ASVS 3.3.4): started, last used, the browser, and which one is this
 * device. Only the person's own sessions are listed, by a public handle, never by the cookie's id or its hash.
 */
export async function activeSessions(db: Database, session: UserSession) {
  const t = now();
  const rows = await db
    .select({
      idHash: s.sessions.idHash,
      publicId: s.sessions.publicId,
      createdAt: s.sessions.createdAt,
      lastSeenAt: s.sessions.lastSeenAt,
      absoluteExpiresAt: s.sessions.absoluteExpiresAt,
      userAgent: s.sessions.userAgent,
    })
    .from(s.sessions)
    .where(
      and(eq(s.sessions.userId, session.user.id), isNull(s.sessions.revokedAt), gt(s.sessions.absoluteExpiresAt, t)),
    )
    .orderBy(desc(s.sessions.lastSeenAt));
  return rows
    .filter((r) => sessionExpiry(r).getTime() > t.getTime())
    .map((r) => ({
      id: r.publicId,
      startedAt: r.createdAt.toISOString(),
      lastUsedAt: r.lastSeenAt.toISOString(),
      ...describeUserAgent(r.userAgent),
      current: r.idHash === session.idHash,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Ends one of the person's other sessions (ASVS 3.3.3). False when the handle is not an active session of this
 * person, or is this very session (that one ends through logging out).
 */
export async function endOtherSession(db: Database, session: UserSession, publicId: string): Promise<boolean> {
  if (!UUID.test(publicId)) return false;
  const ended = await db
    .update(s.sessions)
    .set({ revokedAt: now() })
    .where(
      and(
        eq(s.sessions.publicId, publicId),
        eq(s.sessions.userId, session.user.id),
        ne(s.sessions.idHash, session.idHash),
        isNull(s.sessions.revokedAt),
      ),
    )
    .returning({ publicId: s.sessions.publicId });
  return ended.length > 0;
}

/** Ends every other session of the person; returns how many were ended. */
export async function endAllOtherSessions(db: Database, session: UserSession): Promise<number> {
  const ended = await db
    .update(s.sessions)
    .set({ revokedAt: now() })
    .where(
      and(eq(s.sessions.userId, session.user.id), ne(s.sessions.idHash, session.idHash), isNull(s.sessions.revokedAt)),
    )
    .returning({ publicId: s.sessions.publicId });
  return ended.length;
}

/** The idle time-out, for the page's note on when an unused session ends by itself. */
export function idleMinutes(): number {
  return Math.round(env().sessionIdleSeconds / 60);
}
