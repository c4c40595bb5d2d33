/**
 * `npm run db:migrate`: applies the migrations to DATABASE_URL (or the embedded database in DATA_DIR).
 * `npm run db:seed`: migrates, then seeds the demo data into an empty database — development only.
 * `npm run db:backup -- <file>`, `npm run db:restore -- <file>`: see backup.ts.
 */
import { now } from "../clock";
import { assertSafeConfiguration, env } from "../env";
import { backupEmbedded, backupPostgres, restoreEmbedded, restorePostgres } from "./backup";
import { openDatabase } from "./client";
import { isEmpty, seed } from "./seed/seed";

async function main(command: string | undefined, file: string | undefined) {
  if (command === "backup" || command === "restore") return backupOrRestore(command, file);
  if (command !== "migrate" && command !== "seed")
    throw new Error("usage: cli.ts migrate|seed|backup <file>|restore <file>");
  assertSafeConfiguration();
  const handle = await openDatabase({ databaseUrl: env().databaseUrl, dataDir: env().dataDir });
  try {
    await handle.migrate();
    console.log(`migrated (${handle.kind})`);
    if (command === "seed") {
      if (env().environment === "production") throw new Error("Demo data is never seeded in production.");
      if (!(await isEmpty(handle.db)))
        console.log("the database has data already: not seeded (delete ./data to start over)");
      else {
        await seed(handle.db, now());
        console.log("seeded the demo data");
      }
    }
  } finally {
    await handle.close();
  }
}

async function backupOrRestore(command: "backup" | "restore", file: string | undefined) {
  if (!file) throw new Error(`usage: npm run db:${command} -- <file>`);
  const { databaseUrl, dataDir } = env();
  if (command === "backup") {
    if (databaseUrl) backupPostgres(databaseUrl, file);
    else console.log(`backed up ${await backupEmbedded(dataDir, file)} bytes of ${dataDir} to ${file}`);
  } else {
    if (databaseUrl) restorePostgres(file, databaseUrl);
    else await restoreEmbedded(file, dataDir);
    console.log(`restored ${file}`);
  }
}

main(process.argv[2], process.argv[3]).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
