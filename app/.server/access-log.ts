import { now } from "./clock";
import { db, type Database, type Transaction } from "./db/client";
import { accessLog } from "./db/schema";

/**
 * Every read of health data leaves a row: who (the logged-in user), whose (the acting person), what and when.
 * Pass the transaction when the row must stand or fall with the write it records.
 */
export async function logAccess(
  entry: {
    actorId: string;
    subjectId: string;
    resource: string;
    resourceId?: string | null;
    action?: "read" | "write";
  },
  executor: Database | Transaction = db(),
) {
  await executor.insert(accessLog).values({
    at: now(),
    actorId: entry.actorId,
    subjectId: entry.subjectId,
    action: entry.action ?? "read",
    resource: entry.resource,
    resourceId: entry.resourceId ?? null,
  });
}
