import type { Database, Transaction } from "../db/client";
import { outboxMessages } from "../db/schema";
import { now } from "../clock";
import { currentRequestId } from "../request-id";

/**
 * Queues an SMS in the outbox, inside the caller's transaction: it is sent only if what it tells about was
 * committed. A delivery adapter (an HTTP SMS gateway, configured by SMS_GATEWAY_URL) sends unsent rows in
 * production; in development /dev/outbox lists them.
 */
export async function queueSms(tx: Database | Transaction, message: { to: string; body: string }) {
  await tx.insert(outboxMessages).values({
    channel: "sms",
    recipient: message.to,
    body: message.body,
    createdAt: now(),
    requestId: currentRequestId() ?? null,
  });
}
