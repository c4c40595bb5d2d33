import http from "node:http";
import type { AddressInfo } from "node:net";
import { inArray, isNull } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import { withRequestId } from "~/.server/request-id";
import { queueSms } from "~/.server/sms/outbox";
import { deliverQueuedSms, queuedSmsCount } from "~/.server/sms/gateway";
import { useTestDatabase } from "./test-db";

const t = useTestDatabase({ seed: false });

/** A stand-in SMS gateway that records what it is sent and refuses texts containing "refuse" while `refusing`. */
async function gateway() {
  const received: {
    auth: string | undefined;
    requestId: string | undefined;
    body: { to: string; text: string; reference: string };
  }[] = [];
  let refusing = true;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = JSON.parse(raw);
      received.push({ auth: req.headers.authorization, requestId: req.headers["x-request-id"] as string, body });
      res.statusCode = refusing && body.text.includes("refuse") ? 500 : 202;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => server.close());
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    received,
    stopRefusing: () => (refusing = false),
  };
}

describe("SMS delivery through the gateway", () => {
  it("sends each queued SMS once with the token, keeps a refused one queued and sends it on a later round", async () => {
    const gw = await gateway();
    await queueSms(t.db, { to: "+358401111111", body: "first" });
    await queueSms(t.db, { to: "+358402222222", body: "please refuse this" });
    await queueSms(t.db, { to: "+358403333333", body: "third" });
    expect(await queuedSmsCount()).toBe(3);

    expect(await deliverQueuedSms({ url: gw.url, token: "secret-token" })).toEqual({ sent: 2, failed: 1 });
    expect(gw.received.map((r) => r.body.to)).toEqual(["+358401111111", "+358402222222", "+358403333333"]);
    expect(gw.received.every((r) => r.auth === "Bearer secret-token")).toBe(true);
    const unsent = await t.db.select().from(s.outboxMessages).where(isNull(s.outboxMessages.sentAt));
    expect(unsent.map((r) => r.body)).toEqual(["please refuse this"]);

    gw.stopRefusing();
    expect(await deliverQueuedSms({ url: gw.url, token: "secret-token" })).toEqual({ sent: 1, failed: 0 });
    expect(await deliverQueuedSms({ url: gw.url, token: "secret-token" })).toEqual({ sent: 0, failed: 0 });
    expect(gw.received.map((r) => r.body.text)).toEqual(["first", "please refuse this", "third", "please refuse this"]);
    expect(await queuedSmsCount()).toBe(0);
  });

  it("passes on the id of the request that queued a message, and none for one queued outside a request", async () => {
    const gw = await gateway();
    await withRequestId("lb-request-4711", () => queueSms(t.db, { to: "+358404444444", body: "from a request" }));
    await queueSms(t.db, { to: "+358405555555", body: "from a job" });
    await deliverQueuedSms({ url: gw.url, token: "secret-token" });
    expect(gw.received.map((r) => [r.body.text, r.requestId])).toEqual([
      ["from a request", "lb-request-4711"],
      ["from a job", undefined],
    ]);
  });

  it("never sends a message twice when two nodes deliver at the same moment", async () => {
    const gw = await gateway();
    gw.stopRefusing();
    for (let i = 0; i < 10; i++) await queueSms(t.db, { to: "+358400000000", body: `parallel ${i}` });
    const results = await Promise.all([
      deliverQueuedSms({ url: gw.url, token: "x" }, { batch: 10 }),
      deliverQueuedSms({ url: gw.url, token: "x" }, { batch: 10 }),
    ]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(10);
    const texts = gw.received.map((r) => r.body.text).filter((text) => text.startsWith("parallel"));
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts).toHaveLength(10);
    const rows = await t.db.select().from(s.outboxMessages).where(inArray(s.outboxMessages.body, texts));
    expect(rows.every((r) => r.sentAt)).toBe(true);
  });
});
