import { defineConfig } from "@playwright/test";
import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * End-to-end tests in the machine's Chromium (never a downloaded browser): CHROMIUM_PATH, else /usr/bin/chromium.
 * Every flow runs twice: with JavaScript and without. The server runs the production build on a fresh
 * embedded database.
 */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const SHORT_SESSION_PORT = PORT + 1;

function server(port: number, dataDir: string, extraEnv: string) {
  return {
    command: `rm -rf ${dataDir} && mkdir -p data && NODE_ENV=production PORT=${port} DATA_DIR=${dataDir} ${extraEnv} RATE_LIMIT_LOGIN=10000 RATE_LIMIT_IDENTIFICATION=10000 npx tsx app/.server/server.ts > data/${dataDir.replace("data/", "")}.log 2>&1`,
    cwd: "..",
    url: `http://localhost:${port}/fi/kirjaudu`,
    timeout: 120_000,
    reuseExistingServer: false,
  };
}

const PROJECTS = [
  { name: "js", use: { javaScriptEnabled: true } },
  { name: "no-js", use: { javaScriptEnabled: false } },
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
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  webServer: [
    // Data folders by port, so two runs on different ports (E2E_PORT) do not wipe each other's databases.
    server(PORT, `data/e2e-${PORT}`, ""),
    // A second server whose sessions go idle after 40 seconds, for the expiry warnings and redirect.
    server(SHORT_SESSION_PORT, `data/e2e-${SHORT_SESSION_PORT}`, "SESSION_IDLE_SECONDS=40"),
  ],
});
