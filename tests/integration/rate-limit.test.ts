import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import { hitRateLimit } from "~/.server/rate-limit";
import { clockAt, useTestDatabase } from "./test-db";

const t = useTestDatabase({ seed: false });

async function hits(key: string, n: number, limit: number, windowSeconds: number) {
  const results = [];
  for (let i = 0; i < n; i++) results.push(await hitRateLimit(key, limit, windowSeconds));
  return results;
}

describe("hitRateLimit", () => {
  it("allows `limit` hits in a window and refuses the next with a Retry-After", async () => {
    const results = await hits("login:ip:10.0.0.1", 5, 5, 60);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true]);

    clockAt(20);
    const refused = await hitRateLimit("login:ip:10.0.0.1", 5, 60);
    expect(refused.allowed).toBe(false);
    // The window opened 20 s ago, so it ends in 40 s.
    expect(refused.retryAfterSeconds).toBe(40);
    expect((await hitRateLimit("login:ip:10.0.0.1", 5, 60)).allowed).toBe(false);
  });

  it("starts a new window once the old one has passed", async () => {
    const key = "login:ip:10.0.0.2";
    await hits(key, 3, 3, 60);
    clockAt(59);
    const stillRefused = await hitRateLimit(key, 3, 60);
    expect(stillRefused.allowed).toBe(false);
    expect(stillRefused.retryAfterSeconds).toBe(1);

    const later = clockAt(60);
    const fresh = await hitRateLimit(key, 3, 60);
    expect(fresh).toEqual({ allowed: true, retryAfterSeconds: 60 });
    const [row] = await t.db.select().from(s.rateLimits).where(eq(s.rateLimits.key, key));
    expect(row.count).toBe(1);
    expect(row.windowStart.getTime()).toBe(later.getTime());
    expect((await hits(key, 2, 3, 60)).every((r) => r.allowed)).toBe(true);
    expect((await hitRateLimit(key, 3, 60)).allowed).toBe(false);
  });

  it("counts every key separately", async () => {
    await hits("identification:ip:10.0.0.3", 2, 2, 60);
    expect((await hitRateLimit("identification:ip:10.0.0.3", 2, 60)).allowed).toBe(false);
    expect((await hitRateLimit("identification:ip:10.0.0.4", 2, 60)).allowed).toBe(true);
    expect((await hitRateLimit("login:ip:10.0.0.3", 2, 60)).allowed).toBe(true);
  });

  it("counts concurrent hits exactly", async () => {
    const key = "login:ip:10.0.0.5";
    const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(key, 15, 60)));
    expect(results.filter((r) => r.allowed)).toHaveLength(15);
    expect(results.filter((r) => !r.allowed)).toHaveLength(5);
    const [row] = await t.db.select().from(s.rateLimits).where(eq(s.rateLimits.key, key));
    expect(row.count).toBe(20);
  });

  it("counts concurrent first hits on many keys exactly", async () => {
    const keys = ["a", "b", "c", "d"].map((k) => `login:ip:10.0.1.${k}`);
    await Promise.all(keys.flatMap((key) => Array.from({ length: 6 }, () => hitRateLimit(key, 10, 60))));
    const rows = await t.db.select().from(s.rateLimits);
    for (const key of keys) expect(rows.find((r) => r.key === key)?.count).toBe(6);
  });
});
