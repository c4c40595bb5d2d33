import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { BACKGROUND_HEADER, BACKGROUND_PARAM } from "~/route-table/api-paths";
import { isBackground } from "./background";
import { db, migrationsFolder } from "./db/client";
import { logger } from "./logger";
import { storage } from "./storage";

/**
 * Readiness for the load balancer, and the drain that ends it. `/readyz` answers 200 while this node can take
 * traffic: the database answers within a second, its migrations are the ones this build carries, and a file
 * storage is configured; 503 otherwise, and from the moment the process starts draining (SIGTERM, server.ts). It
 * touches no session, access log or rate limit, and says nothing of versions or configuration. (`/healthz`, the
 * liveness check, is answered by server.ts before anything else, load shedding included.)
 */

const DATABASE_TIMEOUT_MS = 1_000;

let draining = false;

/** From now on the node is not ready; polls are told to come back, every answer closes its connection. */
export function startDraining() {
  draining = true;
}

let migrationsInBuild: number | undefined;
function expectedMigrations(): number {
  migrationsInBuild ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: unknown[] }
  ).entries.length;
  return migrationsInBuild;
}

type Readiness = "ready" | "draining" | "database" | "migrations" | "storage";

/** Whether this node can take traffic, or why not. */
export async function readiness(): Promise<Readiness> {
  if (draining) return "draining";
  try {
    storage();
  } catch {
    return "storage";
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">(
    (resolve) => (timer = setTimeout(() => resolve("timeout"), DATABASE_TIMEOUT_MS)),
  );
  try {
    const applied = db()
      .execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
      // node-postgres and PGlite both answer with `rows`.
      .then((result) => Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n));
    const answer = await Promise.race([applied, timeout]);
    if (answer === "timeout") return "database";
    return answer === expectedMigrations() ? "ready" : "migrations";
  } catch (error) {
    logger.warn("readiness: the database check failed", { error: String(error) });
    return "database";
  } finally {
    clearTimeout(timer);
  }
}

export const readyz: RequestHandler = (_req, res, next) => {
  readiness().then((state) => {
    res
      .status(state === "ready" ? 200 : 503)
      .set("Cache-Control", "no-store")
      .set("X-Content-Type-Options", "nosniff")
      .json(state === "ready" ? { status: "ready" } : { status: "unavailable", reason: state });
  }, next);
};

/**
 * While draining: every answer closes its connection (so a kept-alive browser reconnects to another node), and a
 * poll (app/.server/background.ts) is answered 503 with Retry-After at once instead of being served.
 */
export const drainingAnswers: RequestHandler = (req, res, next) => {
  if (!draining) return next();
  res.set("Connection", "close");
  if (isBackground(req.get(BACKGROUND_HEADER), req.query[BACKGROUND_PARAM])) {
    res.status(503).set("Retry-After", "5").set("Cache-Control", "no-store").type("text/plain").send("Draining\n");
    return;
  }
  next();
};
