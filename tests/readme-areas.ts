import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { getTableName, isTable } from "drizzle-orm";
import * as schema from "../app/.server/db/schema";
import { routeTable } from "../app/route-table/pages.server";

/**
 * README "Areas": a table of every feature folder with the pages that use it (their Finnish path words), the
 * tables it reads and writes, and the tests that import it, made from the code itself so that it cannot drift.
 * `npm run readme:areas` writes it between the README's markers; tests/integration/readme-areas.test.ts fails
 * when the README's copy differs from what the code says now.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const START = "<!-- areas:start (npm run readme:areas) -->";
export const END = "<!-- areas:end -->";

function files(dir: string, pattern: RegExp): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...files(path, pattern));
    else if (pattern.test(entry.name)) out.push(path);
  }
  return out.sort();
}

const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** The repository paths a file imports (relative and `~/` specifiers only), without extensions. */
function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const m of read(file).matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
    const spec = m[1];
    const target = spec.startsWith("~/")
      ? join("app", spec.slice(2))
      : spec.startsWith(".")
        ? join(dirname(file), spec)
        : null;
    if (target) found.push(relative(ROOT, resolve(ROOT, target)).split("\\").join("/"));
  }
  return found;
}

const featureOfImport = (path: string) => /^app\/features\/([^/]+)\//.exec(`${path}/`)?.[1] ?? null;

/** The features a file uses: directly, or through a sibling module of its own folder (a page's pages.server.ts). */
function featuresUsedBy(file: string, seen = new Set<string>()): Set<string> {
  const used = new Set<string>();
  if (seen.has(file)) return used;
  seen.add(file);
  for (const target of importsOf(file)) {
    const feature = featureOfImport(target);
    if (feature) used.add(feature);
    else if (dirname(target) === dirname(file))
      for (const ext of [".ts", ".tsx"])
        try {
          for (const f of featuresUsedBy(target + ext, seen)) used.add(f);
        } catch {
          // not that extension
        }
  }
  return used;
}

/** The SQL names of the tables a feature's code refers to (`s.<table>`), by the schema's own names. */
function tablesOf(feature: string): string[] {
  const byVariable = new Map<string, string>();
  for (const [name, value] of Object.entries(schema)) if (isTable(value)) byVariable.set(name, getTableName(value));
  const used = new Set<string>();
  for (const file of files(`app/features/${feature}`, /\.tsx?$/)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    for (const m of read(file).matchAll(/\bs\.(\w+)/g)) {
      const table = byVariable.get(m[1]);
      if (table) used.add(table);
    }
  }
  return [...used].sort();
}

export function areasTable(): string {
  const features = readdirSync(join(ROOT, "app/features"), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  // The layers test names features only as examples in its own strings.
  const tests = [...files("tests/integration", /\.test\.ts$/), ...files("app", /\.test\.tsx?$/)].filter(
    (t) => t !== "app/layers.test.ts",
  );
  const rows = features.map((feature) => {
    const paths = routeTable
      .filter((r) => featuresUsedBy(`app/${r.file}`).has(feature))
      .map((r) => `\`/${r.paths.fi}\``);
    const testFiles = tests
      .filter((t) => t.startsWith(`app/features/${feature}/`) || featuresUsedBy(t).has(feature))
      .map((t) => t.replace(/^tests\/integration\//, "").replace(/^app\/features\/[^/]+\//, ""));
    const cell = (list: string[]) => (list.length ? [...new Set(list)].join(", ") : "—");
    return `| \`${feature}/\` | ${cell(paths)} | ${cell(tablesOf(feature).map((t) => `\`${t}\``))} | ${cell(testFiles)} |`;
  });
  return [
    "| Feature (`app/features/`) | Pages that use it (fi path words; the session guards left out) | Tables | Tests (integration, and unit beside the code) |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** The README with the areas table between its markers replaced by `table`. */
export function withAreas(readme: string, table: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README has no ${START} … ${END} block`);
  return `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
}

if (process.argv.includes("--write")) {
  const path = join(ROOT, "README.md");
  writeFileSync(path, withAreas(readFileSync(path, "utf8"), areasTable()));
}
