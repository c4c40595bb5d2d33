import { now } from "./clock";
import { db } from "./db/client";
import { accessLog } from "./db/schema";
import type { SessionState } from "./session";

/**
 * Every read of health data leaves a row: who (the logged-in user), whose (the acting person), what and when.
 */
export async function logAccess(entry: { actorId: string; subjectId: string; resource: string; resourceId?: string | null; action?: "read" | "write" }) {
  await db()
    .insert(accessLog)
    .values({ at: now(), actorId: entry.actorId, subjectId: entry.subjectId, action: entry.action ?? "read", resource: entry.resource, resourceId: entry.resourceId ?? null });
}

/** Shorthand for a loader that reads the acting person's data in a valid session. */
export async function logRead(session: Extract<SessionState, { status: "valid" }>, resource: string, resourceId?: string) {
  if (!session.user || !session.actingPerson) return;
  await logAccess({ actorId: session.user.id, subjectId: session.actingPerson.id, resource, resourceId });
}
