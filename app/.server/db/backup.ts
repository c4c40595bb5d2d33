import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/**
 * Backups of the database (`npm run db:backup -- <file>`, `npm run db:restore -- <file>`). The embedded database is
 * copied whole, as PGlite's gzipped data folder: the server must be stopped meanwhile (the folder belongs to one
 * process). PostgreSQL is dumped and restored with its own `pg_dump` and `pg_restore` (custom format), which must be
 * installed where this runs.
 */

const embeddedFolder = (dataDir: string) => path.join(dataDir, "pglite");

export async function backupEmbedded(dataDir: string, file: string): Promise<number> {
  const folder = embeddedFolder(dataDir);
  if (!existsSync(folder)) throw new Error(`There is no embedded database in ${folder}.`);
  const client = new PGlite(folder);
  try {
    await client.waitReady;
    const dump = Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer());
    writeFileSync(file, dump);
    return dump.length;
  } finally {
    await client.close();
  }
}

/** Restores into an empty data folder only: an existing database is never overwritten (move it away first). */
export async function restoreEmbedded(file: string, dataDir: string): Promise<void> {
  const folder = embeddedFolder(dataDir);
  if (existsSync(folder) && readdirSync(folder).length)
    throw new Error(`${folder} holds a database: move it away first, a restore never overwrites one.`);
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(folder, { loadDataDir: new Blob([readFileSync(file)]) });
  try {
    await client.waitReady;
  } finally {
    await client.close();
  }
}

/** The connection for PostgreSQL's tools: the URL without its password, which goes in PGPASSWORD (not in `ps`). */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

export function backupPostgres(databaseUrl: string, file: string) {
  const { url, env } = connection(databaseUrl);
  execFileSync("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, url], { stdio: "inherit", env });
}

export function restorePostgres(file: string, databaseUrl: string) {
  const { url, env } = connection(databaseUrl);
  execFileSync("pg_restore", ["--clean", "--if-exists", "--no-owner", `--dbname=${url}`, file], {
    stdio: "inherit",
    env,
  });
}
