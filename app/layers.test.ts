import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The arrows between the app's layers point one way only:
 *
 *   routes/ ─▶ features/ ─▶ .server/, ui/ ─▶ lib/, route-table.ts ─▶ brands/
 *
 * root.tsx, entry.*.tsx and routes.ts are the shell around all of them: they may import anything, and nothing
 * imports them. This test reads the imports of every source file under app/ and brands/ and names each arrow
 * that points back up. Test files (`*.test.ts[x]`) are held to the same rules. Between the features, only the
 * arrows of FEATURE_IMPORTS are allowed, and they form no cycle.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

type Layer =
  "shell" | "routes" | "features" | ".server" | "ui" | "lib" | "route-table" | "brands" | "locales" | "other";

/** The layers a file of each layer must not import from. */
const FORBIDDEN: Record<Layer, Layer[]> = {
  shell: [],
  routes: ["shell"],
  features: ["shell", "routes"],
  ".server": ["shell", "routes", "features"],
  ui: ["shell", "routes", "features"],
  lib: ["shell", "routes", "features", ".server", "ui"],
  // The route table imports only lib/ (the Lang type) and nothing above it.
  "route-table": ["shell", "routes", "features", ".server", "ui"],
  // The brands are plain data: they import only each other.
  brands: ["shell", "routes", "features", ".server", "ui", "lib", "route-table", "locales", "other"],
  locales: [],
  other: [],
};

/** The layer of a path relative to the repository root (forward slashes). */
export function layerOf(path: string): Layer {
  if (path.startsWith("brands/")) return "brands";
  if (path.startsWith("locales/")) return "locales";
  if (!path.startsWith("app/")) return "other";
  const inApp = path.slice("app/".length);
  if (inApp.startsWith("routes/")) return "routes";
  if (inApp.startsWith("features/")) return "features";
  if (inApp.startsWith(".server/")) return ".server";
  if (inApp.startsWith("ui/")) return "ui";
  if (inApp.startsWith("lib/")) return "lib";
  if (/^(route-table|moved-paths)(\.ts)?$|^route-table\//.test(inApp)) return "route-table";
  return "shell";
}

/** The repository-relative path an import specifier points at, or null for a package. */
export function resolveSpecifier(fromFile: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, "");
  let target: string;
  if (bare.startsWith("~/")) target = join("app", bare.slice(2));
  else if (bare.startsWith("#brands/")) target = join("brands", bare.slice("#brands/".length));
  else if (bare.startsWith("#locales/")) target = join("locales", bare.slice("#locales/".length));
  else if (bare.startsWith("/")) target = bare.slice(1);
  else if (bare.startsWith(".")) target = join(dirname(fromFile), bare);
  else return null;
  return relative(ROOT, resolve(ROOT, target)).split("\\").join("/");
}

/** Every specifier a file imports or re-exports, statically or dynamically, including `import.meta.glob`. */
export function importsOf(source: string): string[] {
  const found = ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
  for (const m of source.matchAll(/import\.meta\.glob(?:<[^>]*>)?\(\s*["'`]([^"'`]+)["'`]/g)) found.push(m[1]);
  return found;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name === "node_modules" || entry.name === "migrations") continue;
      out.push(...sourceFiles(path));
    } else if (/\.(ts|tsx|mts|js|jsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      out.push(path);
    }
  }
  return out;
}

/**
 * Which features each feature may import, besides itself: the arrows between features point one way too, so no two
 * features lean on each other. A new arrow is added here on purpose, and the test refuses one that closes a cycle.
 */
const FEATURE_IMPORTS: Record<string, string[]> = {
  account: [],
  appointments: ["account"],
  booking: ["appointments", "insurance"],
  "front-page": ["messaging", "session"],
  "health-records": ["booking"],
  info: [],
  insurance: [],
  messaging: ["questionnaires"],
  "my-information": ["account", "session"],
  "occupational-team": [],
  payments: [],
  prescriptions: ["messaging"],
  questionnaires: [],
  session: [],
  "sickness-fund": [],
};

const featureOf = (path: string) => /^app\/features\/([^/]+)\//.exec(path)?.[1] ?? null;

/** "from → to (specifier)" for every import of a feature by another that the allow-list does not name. */
export function featureArrows(
  files: string[],
  read: (path: string) => string,
  allowed: Record<string, string[]> = FEATURE_IMPORTS,
): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const from = featureOf(file);
    if (!from) continue;
    if (!Object.hasOwn(allowed, from)) {
      problems.push(`${file}: the feature ${from} is not in the allow-list`);
      continue;
    }
    for (const specifier of importsOf(read(file))) {
      const target = resolveSpecifier(file, specifier);
      const to = target ? featureOf(target) : null;
      if (to && to !== from && !allowed[from].includes(to)) problems.push(`${file} → ${to}: "${specifier}"`);
    }
  }
  return problems.sort();
}

/** A cycle in the allow-list, as the features around it, or null. */
export function cycleOf(allowed: Record<string, string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const walk = (feature: string, path: string[]): string[] | null => {
    if (state.get(feature) === "open") return [...path.slice(path.indexOf(feature)), feature];
    if (state.get(feature) === "done") return null;
    state.set(feature, "open");
    for (const next of allowed[feature] ?? []) {
      const found = walk(next, [...path, feature]);
      if (found) return found;
    }
    state.set(feature, "done");
    return null;
  };
  for (const feature of Object.keys(allowed)) {
    const found = walk(feature, []);
    if (found) return found;
  }
  return null;
}

/** "from → to (specifier)" for every import that points back up. */
export function backwardArrows(files: string[], read: (path: string) => string): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const fromLayer = layerOf(file);
    for (const specifier of importsOf(read(file))) {
      const target = resolveSpecifier(file, specifier);
      if (target === null) continue;
      const toLayer = layerOf(target);
      if (FORBIDDEN[fromLayer].includes(toLayer)) problems.push(`${file} (${fromLayer}) → ${toLayer}: "${specifier}"`);
    }
  }
  return problems.sort();
}

describe("layers", () => {
  const files = [...sourceFiles("app"), ...sourceFiles("brands")];

  it("reads the whole tree", () => {
    expect(files).toContain("app/root.tsx");
    expect(files).toContain("app/.server/db/schema/catalogue.ts");
    expect(files).toContain("brands/index.ts");
    expect(files.length).toBeGreaterThan(100);
  });

  it("keeps module stand-ins (vi.mock) in *.mocked.test files, which run apart from the shared module graph", () => {
    // The unit tests and the integration tests both share a module graph per worker (vite.config.ts).
    const mocking = [...files, ...sourceFiles("tests/integration")].filter(
      (f) => /\.test\.tsx?$/.test(f) && /\bvi\.(mock|doMock)\(/.test(readFileSync(join(ROOT, f), "utf8")),
    );
    expect(mocking.filter((f) => f.startsWith("tests/")).length).toBeGreaterThan(0);
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((f) => !/\.mocked\.test\.tsx?$/.test(f))).toEqual([]);
  });

  it("has no import pointing back up a layer", () => {
    expect(backwardArrows(files, (path) => readFileSync(join(ROOT, path), "utf8"))).toEqual([]);
  });

  it("has features that import only the features the allow-list names, and the allow-list has no cycle", () => {
    expect(featureArrows(files, (path) => readFileSync(join(ROOT, path), "utf8"))).toEqual([]);
    expect(cycleOf(FEATURE_IMPORTS)).toBeNull();
    const folders = readdirSync(join(ROOT, "app/features"), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(folders.map((e) => e.name).sort()).toEqual(Object.keys(FEATURE_IMPORTS).sort());
  });

  it("notices an arrow between features the allow-list lacks, and a cycle", () => {
    const fake: Record<string, string> = {
      "app/features/session/a.ts": `import { x } from "~/features/my-information/y";`,
      "app/features/booking/b.ts": `import { x } from "../appointments/rules"; import { y } from "./search";`,
      "app/features/unknown/c.ts": `import { x } from "~/lib/id";`,
    };
    const allowed = { session: [], booking: ["appointments"], appointments: [] };
    expect(featureArrows(Object.keys(fake), (path) => fake[path], allowed)).toEqual([
      'app/features/session/a.ts → my-information: "~/features/my-information/y"',
      "app/features/unknown/c.ts: the feature unknown is not in the allow-list",
    ]);
    expect(cycleOf({ a: ["b"], b: ["c"], c: ["a"] })).toEqual(["a", "b", "c", "a"]);
    expect(cycleOf({ a: ["b"], b: [], c: ["a", "b"] })).toBeNull();
  });

  it("notices a backward arrow in every form of import", () => {
    const fake: Record<string, string> = {
      "app/lib/a.ts": `import { x } from "~/features/booking/care-type";`,
      "app/ui/b.tsx": `import type { RootData } from "../root";`,
      "app/.server/c.ts": `export { y } from "../features/insurance/insurers.server";`,
      "app/features/d.ts": `const m = await import("~/routes/booking/search");`,
      "app/lib/e.ts": `import "../.server/env";`,
      "app/route-table.ts": `import { z } from "./ui/form";`,
      "brands/main/f.ts": `import { LANGS } from "../../app/lib/lang";`,
      "app/routes/g.ts": `import { a } from "~/features/a"; import { b } from "~/.server/b"; import { c } from "~/lib/c";`,
      "app/features/h.ts": `import { a } from "~/.server/a"; import { b } from "~/ui/b"; import { c } from "#brands/index";`,
    };
    const found = backwardArrows(Object.keys(fake), (path) => fake[path]);
    expect(found.map((p) => p.split(" ")[0])).toEqual([
      "app/.server/c.ts",
      "app/features/d.ts",
      "app/lib/a.ts",
      "app/lib/e.ts",
      "app/route-table.ts",
      "app/ui/b.tsx",
      "brands/main/f.ts",
    ]);
  });
});
