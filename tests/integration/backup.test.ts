/**
 * A backup restores to the same data (`npm run db:backup` / `db:restore`): the embedded database's data folder, which
 * a restore never writes over, and on PostgreSQL (the PostgreSQL integration run) pg_dump and pg_restore.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { backupEmbedded, backupPostgres, restoreEmbedded, restorePostgres } from "~/.server/db/backup";
import { openDatabase } from "~/.server/db/client";
import * as s from "~/.server/db/schema";

import { useTestDatabase } from "./test-db";

const t = useTestDatabase({ seed: false });

/** PostgreSQL's client tools, where the PostgreSQL run has a server. */
function hasPgDump(): boolean {
  try {
    execFileSync("pg_dump", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const folder = mkdtempSync(path.join(tmpdir(), "portal-backup-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("backups of the embedded database", () => {
  it("round-trips: what was written before the backup is there after the restore", async () => {
    const original = path.join(folder, "original");
    const handle = await openDatabase({ dataDir: original });
    await handle.migrate();
    await handle.db.insert(s.outboxMessages).values({
      channel: "sms",
      recipient: "+358401234567",
      body: "Varmuuskopioitu viesti",
      createdAt: new Date("2026-11-27T06:00:00Z"),
    });
    await handle.close();

    const file = path.join(folder, "portal.tar.gz");
    const bytes = await backupEmbedded(original, file);
    expect(bytes).toBeGreaterThan(1000);
    expect(statSync(file).size).toBe(bytes);

    const restored = path.join(folder, "restored");
    await restoreEmbedded(file, restored);
    const again = await openDatabase({ dataDir: restored });
    try {
      const rows = await again.db
        .select({ body: s.outboxMessages.body })
        .from(s.outboxMessages)
        .where(eq(s.outboxMessages.recipient, "+358401234567"));
      expect(rows).toEqual([{ body: "Varmuuskopioitu viesti" }]);
    } finally {
      await again.close();
    }

    // Never over a database that is there.
    await expect(restoreEmbedded(file, restored)).rejects.toThrow(/move it away first/);
  }, 60_000);

  it.runIf(process.env.DATABASE_URL && hasPgDump())(
    "round-trips on PostgreSQL with pg_dump and pg_restore",
    async () => {
      const message = (body: string) => ({
        channel: "sms" as const,
        recipient: "+358409999999",
        body,
        createdAt: new Date("2026-11-27T06:00:00Z"),
      });
      await t.db.insert(s.outboxMessages).values(message("before the backup"));
      const file = path.join(folder, "portal.dump");
      backupPostgres(t.url!, file);
      await t.db.insert(s.outboxMessages).values(message("after the backup"));
      restorePostgres(file, t.url!);
      const rows = await t.db
        .select({ body: s.outboxMessages.body })
        .from(s.outboxMessages)
        .where(eq(s.outboxMessages.recipient, "+358409999999"));
      expect(rows).toEqual([{ body: "before the backup" }]);
    },
    60_000,
  );
});
