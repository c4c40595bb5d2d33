/**
 * `npx tsx tests/e2e/no-personal-data-in-logs.ts <log files>`: after the end-to-end run (.ci/run), the servers' logs
 * must hold none of the demo people's identity codes or names — the runs log in, book, message and pay as all of
 * them, so a log line that carried personal data would be found here. Exits 1, naming the file and line, if any does.
 */
import { readFileSync } from "node:fs";
import { demoPeople, unregisteredChildren, unregisteredIdentityCode } from "../../app/.server/db/seed/demo-people";

const year = new Date().getUTCFullYear();
const people = [...Object.values(demoPeople(year)), ...unregisteredChildren(year)];
const needles = [
  unregisteredIdentityCode(),
  ...people.flatMap((p) => [
    p.identityCode,
    `${p.firstName} ${p.lastName}`,
    `${p.lastName} ${p.firstName}`,
    p.lastName,
  ]),
];

const files = process.argv.slice(2);
let found = 0;
let lines = 0;
for (const file of files) {
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, i) => {
      lines++;
      const hit = needles.find((needle) => line.includes(needle));
      if (!hit) return;
      found++;
      if (found <= 20)
        console.error(`${file}:${i + 1}: personal data (${hit.replace(/.(?=.{2})/g, "•")}) in a log line`);
    });
}
console.log(
  `Logs: ${lines} lines in ${files.length} files checked for ${needles.length} identity codes and names: ${found} found`,
);
process.exit(found ? 1 : 0);
