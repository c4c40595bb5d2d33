/**
 * Vitest global setup: one database is migrated and seeded before the test files run, and each file that wants the
 * seeded database starts from a copy of it instead of building its own — on PGlite a dump of the data folder
 * (opening a fresh PGlite takes about 4.5 s, migrating and seeding 2 s more; loading a dump about 1 s), on
 * PostgreSQL `CREATE DATABASE … TEMPLATE`. The files the seed writes to storage are copied with it.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/.server/db/client";
import { seed } from "~/.server/db/seed/seed";
import { LocalFileStorage, setStorage } from "~/.server/storage";
import { FIXED_NOW } from "./fixed-now";

export type SeededTemplate =
  { kind: "pglite"; dump: string; uploadsDir: string } | { kind: "postgres"; database: string; uploadsDir: string };

declare module "vitest" {
  export interface ProvidedContext {
    seededTemplate: SeededTemplate;
  }
}

export async function adminQuery(url: string, sql: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "portal-template-"));
  const uploadsDir = path.join(dir, "uploads");
  setStorage(new LocalFileStorage(uploadsDir));
  const url = process.env.DATABASE_URL;
  let template: SeededTemplate;
  let drop = async () => {};
  if (url) {
    const database = `t_template_${randomBytes(6).toString("hex")}`;
    await adminQuery(url, `CREATE DATABASE "${database}"`);
    drop = () => adminQuery(url, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    const target = new URL(url);
    target.pathname = `/${database}`;
    const handle = await openDatabase({ databaseUrl: target.toString() });
    await handle.migrate();
    await seed(handle.db, FIXED_NOW);
    // A template database must have no connections while it is copied.
    await handle.close();
    template = { kind: "postgres", database, uploadsDir };
  } else {
    const handle = await openDatabase({ dataDir: "memory://" });
    await handle.migrate();
    await seed(handle.db, FIXED_NOW);
    const dump = path.join(dir, "seeded.tar");
    writeFileSync(dump, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
    await handle.close();
    template = { kind: "pglite", dump, uploadsDir };
  }
  setStorage(null);
  project.provide("seededTemplate", template);
  return async () => {
    await drop();
    rmSync(dir, { recursive: true, force: true });
  };
}
