import { and, eq, gt, isNull } from "drizzle-orm";
import { now } from "./clock";
import { db, type Database, type Transaction } from "./db/client";
import { accessLog } from "./db/schema";

/**
 * A poll repeats a read the person already made: it is logged only when the same read (who, whose, what) has no row
 * within this window, so an open page does not add a row every two minutes, and a poll alone still leaves one.
 */
const BACKGROUND_READ_WINDOW_MS = 60 * 60 * 1000;

/**
 * Every read of health data leaves a row: who (the logged-in user), whose (the acting person), what and when.
 * Pass the transaction when the row must stand or fall with the write it records; `background` for a read that a
 * poll made (app/.server/background.ts).
 */
export async function logAccess(
  entry: {
    actorId: string;
    subjectId: string;
    resource: string;
    resourceId?: string | null;
    action?: "read" | "write";
    background?: boolean;
  },
  executor: Database | Transaction = db(),
) {
  const at = now();
  const row = {
    at,
    actorId: entry.actorId,
    subjectId: entry.subjectId,
    action: entry.action ?? "read",
    resource: entry.resource,
    resourceId: entry.resourceId ?? null,
  };
  if (entry.background && row.action === "read") {
    const [recent] = await executor
      .select({ id: accessLog.id })
      .from(accessLog)
      .where(
        and(
          eq(accessLog.actorId, row.actorId),
          eq(accessLog.subjectId, row.subjectId),
          eq(accessLog.action, "read"),
          eq(accessLog.resource, row.resource),
          row.resourceId === null ? isNull(accessLog.resourceId) : eq(accessLog.resourceId, row.resourceId),
          gt(accessLog.at, new Date(at.getTime() - BACKGROUND_READ_WINDOW_MS)),
        ),
      )
      .limit(1);
    if (recent) return;
  }
  await executor.insert(accessLog).values(row);
}
