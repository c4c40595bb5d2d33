import { defineConfig } from "@playwright/test";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { E2eServer } from "./fixtures/e2e-servers";
import { SHORT_SESSION_PORT, workerPort } from "./fixtures/ports";

/**
 * End-to-end tests in the machine's Chromium (never a downloaded browser): CHROMIUM_PATH, else Debian's headless
 * shell, else /usr/bin/chromium (see `chromium()`).
 * Every flow runs twice: with JavaScript and without. The servers run the production build on fresh embedded
 * databases: one per worker (E2E_WORKERS, 2 by default), so tests that run at the same time never share data, and
 * one whose sessions go idle after 40 seconds, shared by the two tests that use it (tests/fixtures/ports.ts).
 */
/**
 * The browser binary. Debian's `chromium-headless-shell` (the headless-only build Playwright itself runs headless
 * tests in) takes half the CPU time of the full browser's headless mode: measured on this suite, 2 min 39 s of user
 * time instead of 5 min 8 s, and 7.4 instead of 10.1 minutes on two cores.
 */
function chromium(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const shell = "/usr/lib/chromium/chromium-headless-shell";
  return existsSync(shell) ? shell : "/usr/bin/chromium";
}

export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

function server(port: number, env: Record<string, string> = {}): E2eServer {
  // Logs on (the run's logs are read for personal data afterwards), background jobs off.
  const common = { LOG_LEVEL: "info", JOB_INTERVAL_SECONDS: "0" };
  // Data folders by port, so two runs on different ports (E2E_PORT) do not wipe each other's databases.
  return { port, dataDir: `data/e2e-${port}`, env: { ...common, ...env } };
}

const SERVERS: E2eServer[] = [
  ...Array.from({ length: WORKERS }, (_, i) => server(workerPort(i))),
  // Sessions that go idle after 40 seconds, for the expiry warnings and redirect.
  server(SHORT_SESSION_PORT, { SESSION_IDLE_SECONDS: "40" }),
];

/**
 * Tests tagged `@idle` spend most of their time waiting for a session to go idle (tens of seconds, no CPU). Each
 * runs at the start of its half of the suite, in a project of its own, so that its wait overlaps the other worker's
 * work rather than ends the run with one worker waiting alone (Playwright hands out tests in project order).
 */
const IDLE = /@idle/;
const PROJECTS = [
  { name: "js, idle session", grep: IDLE, use: { javaScriptEnabled: true } },
  { name: "js", grepInvert: IDLE, use: { javaScriptEnabled: true } },
  { name: "no-js, idle session", grep: IDLE, use: { javaScriptEnabled: false } },
  { name: "no-js", grepInvert: IDLE, use: { javaScriptEnabled: false } },
];

/**
 * E2E_REVERSE=1 runs the suite back to front (last file first, and without JavaScript before with), which proves
 * that no test depends on what an earlier one left behind.
 */
function reversedProjects() {
  const files = readdirSync(path.join(import.meta.dirname, "e2e"))
    .filter((f) => f.endsWith(".spec.ts"))
    .sort()
    .reverse();
  return files.flatMap((file) =>
    [...PROJECTS].reverse().map((p) => ({ ...p, name: `${p.name} ${file}`, testMatch: file })),
  );
}

export default defineConfig({
  testDir: "./e2e",
  outputDir: "../test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A file's tests run in order in one worker; files are shared out between the workers.
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    launchOptions: {
      executablePath: chromium(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "off",
  },
  projects: process.env.E2E_REVERSE ? reversedProjects() : PROJECTS,
  // One entry that starts every server at once (fixtures/e2e-servers.ts): the entries of a list start one by one.
  webServer: {
    command: "node --import tsx tests/fixtures/e2e-servers.ts",
    cwd: "..",
    env: { E2E_SERVERS: JSON.stringify(SERVERS) },
    wait: { stdout: /e2e servers ready/ },
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    timeout: 180_000,
  },
});
