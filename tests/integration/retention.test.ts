/**
 * The data lifecycle: what has outlived its retention (app/.server/retention.ts) is deleted by the hourly
 * housekeeping, and nothing younger.
 */
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import { RETENTION, purgeExpiredRecords } from "~/.server/retention";
import { FIXED_NOW } from "./fixed-now";
import { useTestDatabase } from "./test-db";

const t = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(FIXED_NOW.getTime() - days * DAY);

describe("data retention", () => {
  it("deletes SMS codes, sent and stale messages, rate-limit windows and access-log rows past their time, and nothing younger", async () => {
    const maija = t.person("patient");
    const challenge = (expiresDaysAgo: number) => ({
      personId: maija.id,
      purpose: "login" as const,
      phoneNumber: "+358401234567",
      codeHash: "x",
      createdAt: ago(expiresDaysAgo + 0.01),
      expiresAt: ago(expiresDaysAgo),
    });
    const challenges = await t.db
      .insert(s.smsChallenges)
      .values([challenge(RETENTION.smsChallengeDays + 0.5), challenge(RETENTION.smsChallengeDays - 0.5)])
      .returning({ id: s.smsChallenges.id });
    const messages = await t.db
      .insert(s.outboxMessages)
      .values([
        {
          channel: "sms",
          recipient: "+358401234567",
          body: "old, sent",
          createdAt: ago(40),
          sentAt: ago(RETENTION.sentMessageDays + 1),
        },
        {
          channel: "sms",
          recipient: "+358401234567",
          body: "sent lately",
          createdAt: ago(40),
          sentAt: ago(RETENTION.sentMessageDays - 1),
        },
        {
          channel: "sms",
          recipient: "+358401234567",
          body: "never sent",
          createdAt: ago(RETENTION.unsentMessageDays + 1),
        },
        {
          channel: "sms",
          recipient: "+358401234567",
          body: "waiting",
          createdAt: ago(RETENTION.unsentMessageDays - 1),
        },
      ])
      .returning({ id: s.outboxMessages.id });
    await t.db.insert(s.rateLimits).values([
      { key: "retention:old", windowStart: ago(RETENTION.rateLimitDays + 1), count: 3 },
      { key: "retention:new", windowStart: ago(0.1), count: 3 },
    ]);
    const years = (n: number) => {
      const d = new Date(FIXED_NOW);
      d.setUTCFullYear(d.getUTCFullYear() - n);
      return d;
    };
    const logRow = (at: Date) => ({
      at,
      actorId: maija.id,
      subjectId: maija.id,
      action: "view",
      resource: "retention-test",
    });
    await t.db
      .insert(s.accessLog)
      .values([logRow(years(RETENTION.accessLogYears + 1)), logRow(years(RETENTION.accessLogYears - 1))]);

    const purged = await purgeExpiredRecords(t.db, FIXED_NOW);
    expect(purged).toMatchObject({ smsChallenges: 1, outboxMessages: 2, rateLimits: 1, accessLog: 1 });

    const keptChallenges = await t.db
      .select({ id: s.smsChallenges.id })
      .from(s.smsChallenges)
      .where(
        inArray(
          s.smsChallenges.id,
          challenges.map((c) => c.id),
        ),
      );
    expect(keptChallenges).toEqual([{ id: challenges[1].id }]);
    const keptMessages = await t.db
      .select({ body: s.outboxMessages.body })
      .from(s.outboxMessages)
      .where(
        inArray(
          s.outboxMessages.id,
          messages.map((m) => m.id),
        ),
      );
    expect(keptMessages.map((m) => m.body).sort()).toEqual(["sent lately", "waiting"]);
    expect((await t.db.select({ key: s.rateLimits.key }).from(s.rateLimits)).map((r) => r.key)).not.toContain(
      "retention:old",
    );
    const log = await t.db
      .select({ at: s.accessLog.at })
      .from(s.accessLog)
      .where(eq(s.accessLog.resource, "retention-test"));
    expect(log).toEqual([{ at: years(RETENTION.accessLogYears - 1) }]);
  });
});
