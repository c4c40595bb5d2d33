/**
 * `npm run db:migrate`: applies the migrations to DATABASE_URL (or the embedded database in DATA_DIR).
 * `npm run db:seed`: migrates, then seeds the demo data into an empty database — development only.
 */
import { now } from "../clock";
import { assertSafeConfiguration, env } from "../env";
import { openDatabase } from "./client";
import { isEmpty, seed } from "./seed/seed";

async function main(command: string | undefined) {
  if (command !== "migrate" && command !== "seed") throw new Error("usage: cli.ts migrate|seed");
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

main(process.argv[2]).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
