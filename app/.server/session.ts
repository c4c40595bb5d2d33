import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { now } from "./clock";
import { cookieName, readCookie, serializeCookie } from "./cookies";
import { db, preparedQuery } from "./db/client";
import { people, sessions } from "./db/schema";
import { env } from "./env";

export type Person = typeof people.$inferSelect;
const users = alias(people, "session_user");
const actingPeople = alias(people, "acting_person");
export type SessionRow = typeof sessions.$inferSelect;

export type SessionState =
  | { status: "none" }
  | { status: "expired"; idHash: string; row: SessionRow }
  | {
      /** Identified, but the SMS code of the person's SMS login is still to be entered: logged out elsewhere. */
      status: "secondFactor";
      idHash: string;
      row: SessionRow;
      user: Person;
      expiresAt: Date;
    }
  | {
      status: "valid";
      idHash: string;
      row: SessionRow;
      /** The identified user, or null while a newly identified person registers. */
      user: Person | null;
      /** Whose data is shown: the user, or the child acted for. Every personal-data query is scoped to this. */
      actingPerson: Person | null;
      expiresAt: Date;
    };

/** One round trip: the session with its user and acting person (every request with a cookie makes it). */
const sessionRead = preparedQuery((d) =>
  d
    .select({ row: sessions, user: users, acting: actingPeople })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(actingPeople, eq(actingPeople.id, sessions.actingPersonId))
    .where(eq(sessions.idHash, sql.placeholder("idHash")))
    .limit(1)
    .prepare("session_read"),
);

/** The idle timer is refreshed at most this often (a write per request would be wasteful). */
const touchAfterMs = () => Math.min(60_000, (env().sessionIdleSeconds * 1000) / 4);

export const SESSION_COOKIE = () => cookieName("session");

/** What the database keeps of a session id (and what CSRF tokens are bound to). */
export function hashId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

export function sessionExpiry(row: Pick<SessionRow, "lastSeenAt" | "absoluteExpiresAt">): Date {
  const idle = row.lastSeenAt.getTime() + env().sessionIdleSeconds * 1000;
  return new Date(Math.min(idle, row.absoluteExpiresAt.getTime()));
}

/**
 * Reads the session of a request. With `touch`, refreshes its idle timer (at most once a minute, to spare
 * writes; "force" always).
 */
export async function readSession(
  request: Request,
  options: { touch?: boolean | "force" } = {},
): Promise<SessionState> {
  const id = readCookie(request.headers.get("Cookie"), SESSION_COOKIE());
  if (!id || id.length > 100) return { status: "none" };
  const idHash = hashId(id);
  const [found] = await sessionRead().execute({ idHash });
  const row = found?.row;
  if (!row || row.revokedAt) return { status: "none" };
  const expiresAt = sessionExpiry(row);
  if (expiresAt.getTime() <= now().getTime()) return { status: "expired", idHash, row };
  if (row.awaitingSecondFactor && found.user)
    return { status: "secondFactor", idHash, row, user: found.user, expiresAt };
  return touchSession(
    { status: "valid", idHash, row, user: found.user, actingPerson: found.acting, expiresAt },
    options.touch ?? true,
  );
}

/** Counts a request as activity on a valid session (see readSession). */
export async function touchSession(state: SessionState, touch: boolean | "force"): Promise<SessionState> {
  if (state.status !== "valid" || touch === false) return state;
  const t = now();
  if (touch === "force" || t.getTime() - state.row.lastSeenAt.getTime() > touchAfterMs()) {
    await db().update(sessions).set({ lastSeenAt: t }).where(eq(sessions.idHash, state.idHash));
    state.row.lastSeenAt = t;
    state.expiresAt = sessionExpiry(state.row);
  }
  return state;
}

/** What a CSRF token is bound to: the session's id hash (also of an expired one), or nothing before login. */
export function sessionBinding(state: SessionState): string | null {
  return state.status === "none" ? null : state.idHash;
}

/**
 * Starts a new session (a fresh id at every login, so an id planted before login is worthless)
 * and revokes the previous one. Returns the Set-Cookie header.
 */
export async function createSession(...args: Parameters<typeof startSession>): Promise<string> {
  return (await startSession(...args)).cookie;
}

/** createSession, also telling the new session's id hash (what a login SMS code is bound to). */
export async function startSession(
  values: {
    userId: string | null;
    actingPersonId: string | null;
    pendingIdentity?: SessionRow["pendingIdentity"];
    acr?: string | null;
    /** The browser's User-Agent header, for the person's own session list. */
    userAgent?: string | null;
    /** The person has SMS login on: the session counts only once the SMS code is entered. */
    awaitingSecondFactor?: boolean;
    /** A session resumed after its idle timeout keeps the absolute end of the one it replaces. */
    absoluteExpiresAt?: Date;
  },
  previousIdHash?: string | null,
): Promise<{ cookie: string; idHash: string }> {
  const id = randomBytes(32).toString("base64url");
  const t = now();
  await db().transaction(async (tx) => {
    if (previousIdHash) await tx.update(sessions).set({ revokedAt: t }).where(eq(sessions.idHash, previousIdHash));
    await tx.insert(sessions).values({
      idHash: hashId(id),
      userId: values.userId,
      actingPersonId: values.actingPersonId,
      pendingIdentity: values.pendingIdentity ?? null,
      acr: values.acr ?? null,
      userAgent: values.userAgent ? values.userAgent.slice(0, 300) : null,
      createdAt: t,
      lastSeenAt: t,
      absoluteExpiresAt: values.absoluteExpiresAt ?? new Date(t.getTime() + env().sessionAbsoluteSeconds * 1000),
      awaitingSecondFactor: values.awaitingSecondFactor ?? false,
    });
  });
  return { cookie: serializeCookie(SESSION_COOKIE(), id), idHash: hashId(id) };
}

/** Ends a session server-side; the returned header clears the cookie. */
export async function destroySession(idHash: string | null): Promise<string> {
  if (idHash)
    await db()
      .update(sessions)
      .set({ revokedAt: now() })
      .where(and(eq(sessions.idHash, idHash), isNull(sessions.revokedAt)));
  return serializeCookie(SESSION_COOKIE(), "", { maxAge: 0 });
}

/** Housekeeping: drop sessions that ended more than a day ago. */
export async function purgeOldSessions() {
  const cutoff = new Date(now().getTime() - 24 * 60 * 60 * 1000);
  await db()
    .delete(sessions)
    .where(or(lt(sessions.absoluteExpiresAt, cutoff), lt(sessions.revokedAt, cutoff)));
}
