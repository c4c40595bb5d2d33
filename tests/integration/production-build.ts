import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The production build, for the tests that start the production server (scale-out, drain): CI has made it by then
 * (the checks build it), and it is made here when it is missing or older than the sources.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function ensureBuild() {
  const built = path.join(ROOT, "build/server/index.js");
  const sources = Math.max(...["app", "brands", "locales"].map((d) => newestSource(path.join(ROOT, d))));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log("building the app (the build is missing or older than the sources)");
  // Outside the test runner's environment (VITEST turns the React Router plugin off in vite.config.ts).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("VITEST") && k !== "NODE_ENV" && k !== "TEST"),
  );
  try {
    execFileSync("npx", ["react-router", "build"], { cwd: ROOT, env, stdio: "pipe" });
  } catch (error) {
    throw new Error(`the build failed:\n${String((error as { stderr?: Buffer }).stderr ?? error)}`);
  }
}
