/**
 * `/readyz`'s checks against the test database: ready with the build's migrations applied, not ready when the
 * database lacks one of them or does not answer within a second. (The drain, and the endpoints through a real
 * server, are in drain.test.ts.)
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { currentDatabase, setDatabase } from "~/.server/db/client";
import { readiness } from "~/.server/readiness";
import { useTestDatabase } from "./test-db";

const t = useTestDatabase({ seed: false });

describe("readiness", () => {
  it("is ready with the build's migrations applied", async () => {
    expect(await readiness()).toBe("ready");
  });

  it("is not ready when the database lacks a migration of this build", async () => {
    const rows = (await t.db.execute(
      sql`select * from drizzle.__drizzle_migrations order by id desc limit 1`,
    )) as unknown as {
      rows: { id: number; hash: string; created_at: string }[];
    };
    const last = rows.rows[0];
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      expect(await readiness()).toBe("migrations");
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    expect(await readiness()).toBe("ready");
  });

  it("is not ready when the database does not answer within a second", async () => {
    const handle = currentDatabase()!;
    const stalled = { ...handle, db: { execute: () => new Promise(() => {}) } };
    setDatabase(stalled as unknown as typeof handle);
    const started = Date.now();
    try {
      expect(await readiness()).toBe("database");
    } finally {
      setDatabase(handle);
    }
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
