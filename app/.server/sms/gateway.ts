import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { now } from "../clock";
import { db } from "../db/client";
import { outboxMessages } from "../db/schema";
import { logger } from "../logger";
import { REQUEST_ID_HEADER } from "../request-id";

export type SmsGateway = { url: string; token: string };

/**
 * Sends queued SMS through an HTTP gateway: `POST <url>` with `Authorization: Bearer <token>` and the JSON body
 * `{ "to": "+358…", "text": "…", "reference": "<outbox id>" }`; any 2xx counts as accepted. Rows are claimed with
 * `FOR UPDATE SKIP LOCKED`, so several app nodes can deliver side by side without sending a message twice; a
 * message the gateway refuses stays queued and is tried again on the next round.
 */
export async function deliverQueuedSms(
  gateway: SmsGateway,
  options: { batch?: number; fetchImpl?: typeof fetch } = {},
): Promise<{ sent: number; failed: number }> {
  const send = options.fetchImpl ?? fetch;
  let sent = 0;
  let failed = 0;
  await db().transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, "sms"), isNull(outboxMessages.sentAt)))
      .orderBy(asc(outboxMessages.id))
      .limit(options.batch ?? 20)
      .for("update", { skipLocked: true });
    for (const row of rows) {
      try {
        const response = await send(gateway.url, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Authorization: `Bearer ${gateway.token}`,
            // The request that queued the message, so one request can be followed into the gateway's logs.
            ...(row.requestId ? { [REQUEST_ID_HEADER]: row.requestId } : {}),
          },
          body: JSON.stringify({ to: row.recipient, text: row.body, reference: String(row.id) }),
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) throw new Error(`gateway answered ${response.status}`);
        await tx.update(outboxMessages).set({ sentAt: now() }).where(eq(outboxMessages.id, row.id));
        sent++;
      } catch (error) {
        failed++;
        // The recipient and text are personal data: log only the row id.
        logger.warn("SMS not delivered, will retry", { outboxId: row.id, error: (error as Error).message });
      }
    }
  });
  return { sent, failed };
}

/** Delivers the outbox every few seconds while the process runs. */
export function startSmsDelivery(gateway: SmsGateway, intervalMs = 2000): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await deliverQueuedSms(gateway);
    } catch (error) {
      logger.warn("SMS delivery round failed", { error: (error as Error).message });
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Unsent SMS in the outbox (for monitoring and tests). */
export async function queuedSmsCount(): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, "sms"), isNull(outboxMessages.sentAt)));
  return row.n;
}
