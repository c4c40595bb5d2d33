import { eq, sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { now } from "./clock";
import { db } from "./db/client";
import { rateLimits } from "./db/schema";
import { clientAddressKey } from "./http-guards";
import { rateLimited } from "./metrics";

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Fixed-window counter kept in the database, so every app node shares it. One upsert per hit.
 */
export async function hitRateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const t = now();
  const windowStart = new Date(t.getTime() - windowSeconds * 1000);
  const [row] = await db()
    .insert(rateLimits)
    .values({ key, windowStart: t, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowStart.toISOString()}::timestamptz THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowStart.toISOString()}::timestamptz THEN ${t.toISOString()}::timestamptz ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((row.windowStart.getTime() + windowSeconds * 1000 - t.getTime()) / 1000),
  );
  // Counted by the key's first part (`callback`, `door`…), never by the client's address.
  if (row.count > limit) rateLimited.inc({ limit: key.split(":")[0] });
  return { allowed: row.count <= limit, retryAfterSeconds };
}

/** The state of a counter without counting a hit (whether the next hit would still be allowed). */
export async function peekRateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const [row] = await db().select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  const t = now().getTime();
  if (!row || row.windowStart.getTime() + windowSeconds * 1000 <= t) return { allowed: true, retryAfterSeconds: 0 };
  const retryAfterSeconds = Math.max(1, Math.ceil((row.windowStart.getTime() + windowSeconds * 1000 - t) / 1000));
  return { allowed: row.count < limit, retryAfterSeconds };
}

/** Limits for identification endpoints: generous for people, tight for scripts. */
export const LIMITS = {
  login: { limit: Number(process.env.RATE_LIMIT_LOGIN ?? 30), windowSeconds: 60 },
  identification: { limit: Number(process.env.RATE_LIMIT_IDENTIFICATION ?? 20), windowSeconds: 60 },
} as const;

/** Express guard for POSTs to the development identity provider. */
export function expressRateLimit(name: string, limit: number, windowSeconds: number): RequestHandler {
  return async (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    try {
      const r = await hitRateLimit(`${name}:ip:${clientAddressKey(req.ip)}`, limit, windowSeconds);
      if (r.allowed) return next();
      res.setHeader("Retry-After", String(r.retryAfterSeconds));
      res.status(429).type("text/plain").send("Too many attempts. Please try again in a moment.");
    } catch (error) {
      next(error);
    }
  };
}
