/**
 * `npm run bench`: the budgets of DESIGN §8, measured side by side in one run against the production build.
 *
 *   1. cold start of the production server on a fresh database (spawn → first 200 of /fi/kirjaudu)
 *   2. a demo person's login through the development identity provider, with plain fetch
 *   3. page weight (HTML, CSS, JS; raw, gzip -9 and on the wire) of /fi/kirjaudu and the logged-in /fi
 *   4. throughput and latency under N concurrent clients: the bare page, then the logged-in front page
 *
 * Budgets are reported, not enforced: the exit code is 0 whenever the benchmark ran.
 * Environment: BENCH_SECONDS (10), BENCH_CLIENTS (50), BENCH_WARMUP_SECONDS (1), BENCH_PORT (first port tried, 3200).
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { demoPeople } from "../../app/.server/db/seed/demo-people";
import { httpStack, runLoad, type LoadResult } from "./load";
import { login } from "./login";
import { findFreePort, startServer, treeCpuMs, type RunningServer } from "./server";
import { measurePage, type PageWeight } from "./sizes";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DATA_DIR = "data/bench";
const RESULT_FILE = path.join(ROOT, "test-results", "bench.json");

/** DESIGN §8. 1 kB = 1000 bytes. */
const BUDGETS = {
  htmlGzipBytes: 40_000,
  cssGzipBytes: 20_000,
  jsGzipBytes: 150_000,
  frontToBareRpsRatio: 0.5,
  p99Ms: 250,
};

function numberFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number ≥ ${min}, got "${raw}"`);
  return n;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 1 : 0) : "–");
const verdict = (ok: boolean) => (ok ? "ok" : "OVER BUDGET");

function table(head: string[], rows: string[][], rightAlign: boolean[] = head.map((_, i) => i > 0)): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAlign[i] ? (c ?? "").padStart(widths[i]) : (c ?? "").padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(head), widths.map((w) => "─".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

async function main(): Promise<number> {
  const seconds = numberFromEnv("BENCH_SECONDS", 10, 1);
  const clients = Math.round(numberFromEnv("BENCH_CLIENTS", 50, 1));
  const warmupSeconds = numberFromEnv("BENCH_WARMUP_SECONDS", 1, 0);
  const firstPort = Math.round(numberFromEnv("BENCH_PORT", 3200, 1024));

  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    console.error("bench: build/server/index.js is missing — run `npm run build` first.");
    return 2;
  }

  const person = demoPeople(new Date().getUTCFullYear()).patient;
  const port = await findFreePort(firstPort);
  const target = { port };
  console.log(
    `Benchmark: production build on http://127.0.0.1:${port}, fresh ${DATA_DIR}, ${clients} clients × ${seconds} s per page (+${warmupSeconds} s warm-up)`,
  );
  const loadBefore = os.loadavg()[0];
  console.log(
    `Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? "unknown"}), Node ${process.version}, load average ${loadBefore.toFixed(1)}; the load generator shares the machine with the server.`,
  );
  if (loadBefore > os.cpus().length * 0.5)
    console.log(
      `Note: the machine is already busy (load ${loadBefore.toFixed(1)} on ${os.cpus().length} CPUs) — throughput and latency will be lower and noisier than on an idle machine.`,
    );
  console.log("");

  let server: RunningServer | null = null;
  const stopServer = async () => {
    const s = server;
    server = null;
    await s?.stop();
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\nbench: ${signal}, stopping the server`);
    void stopServer().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    // 1. Cold start
    process.stdout.write("Starting the server … ");
    server = await startServer({ root: ROOT, port, dataDir: DATA_DIR });
    const serverPid = server.pid;
    const coldStart = server.coldStartMs;
    const reportedReady = server.reportedReadyMs;
    console.log(`${Math.round(coldStart)} ms`);

    // 2. Login
    process.stdout.write(`Logging in ${person.firstName} ${person.lastName} (Nordea → demo person) … `);
    const loginStarted = performance.now();
    const session = await login(target, person);
    const loginMs = performance.now() - loginStarted;
    console.log(`${Math.round(loginMs)} ms`);
    const cookie = (pathname: string) => session.jar.header(pathname);

    // 3. Page weight
    process.stdout.write("Weighing pages … ");
    const pages: { label: string; weight: PageWeight }[] = [
      { label: "login page /fi/kirjaudu (anonymous)", weight: await measurePage(target, "/fi/kirjaudu") },
      {
        label: "front page /fi (logged in)",
        weight: await measurePage(target, "/fi", { cookie, mustContain: `Hei, ${person.firstName}!` }),
      },
    ];
    console.log("done");

    // 4. Throughput, side by side
    const stack = await httpStack(ROOT, clients);
    const serverCpuMs = () => treeCpuMs(serverPid);
    const runs: LoadResult[] = [];
    try {
      for (const phase of [
        { label: "bare page", path: "/fi/kirjaudu" },
        { label: "front page", path: "/fi", cookie },
      ]) {
        process.stdout.write(`Load: ${phase.label} ${phase.path}, ${clients} clients, ${seconds} s … `);
        const result = await runLoad({ target, stack, clients, seconds, warmupSeconds, serverCpuMs, ...phase });
        runs.push(result);
        console.log(`${Math.round(result.rps)} req/s`);
      }
    } finally {
      await stack.close();
    }
    const [bare, front] = runs;

    await stopServer();
    const loadAfter = os.loadavg()[0];

    // Report
    const sizeRows: string[][] = [];
    const sizeChecks: Record<string, { html: boolean; css: boolean; js: boolean }> = {};
    for (const { label, weight } of pages) {
      const w = weight;
      sizeChecks[w.path] = {
        html: w.html.gzip9 <= BUDGETS.htmlGzipBytes,
        css: w.css.gzip9 <= BUDGETS.cssGzipBytes,
        js: w.js.gzip9 <= BUDGETS.jsGzipBytes,
      };
      sizeRows.push([label, "", "", "", "", ""]);
      sizeRows.push([
        "  HTML",
        kB(w.html.raw),
        kB(w.html.gzip9),
        kB(w.html.wire),
        `≤ ${kB(BUDGETS.htmlGzipBytes)}`,
        verdict(sizeChecks[w.path].html),
      ]);
      sizeRows.push([
        `  CSS (${w.css.files.length} file${w.css.files.length === 1 ? "" : "s"})`,
        kB(w.css.raw),
        kB(w.css.gzip9),
        kB(w.css.wire),
        `≤ ${kB(BUDGETS.cssGzipBytes)}`,
        verdict(sizeChecks[w.path].css),
      ]);
      sizeRows.push([
        `  JS (${w.js.files.length} module${w.js.files.length === 1 ? "" : "s"})`,
        kB(w.js.raw),
        kB(w.js.gzip9),
        kB(w.js.wire),
        `≤ ${kB(BUDGETS.jsGzipBytes)}`,
        verdict(sizeChecks[w.path].js),
      ]);
      const total = {
        raw: w.html.raw + w.css.raw + w.js.raw,
        gzip9: w.html.gzip9 + w.css.gzip9 + w.js.gzip9,
        wire: w.html.wire + w.css.wire + w.js.wire,
      };
      sizeRows.push(["  total", kB(total.raw), kB(total.gzip9), kB(total.wire), "", ""]);
      sizeRows.push([
        "  before any script (HTML + CSS)",
        kB(w.html.raw + w.css.raw),
        kB(w.html.gzip9 + w.css.gzip9),
        kB(w.html.wire + w.css.wire),
        "",
        "",
      ]);
    }

    const ratio = front.rps / bare.rps;
    const worstP99 = Math.max(bare.latencyMs.p99, front.latencyMs.p99);
    const loadRows = runs.map((r) => [
      `${r.label} ${r.path}`,
      String(r.requests),
      r.rps.toFixed(0),
      ms(r.latencyMs.p50),
      ms(r.latencyMs.p95),
      ms(r.latencyMs.p99),
      ms(r.latencyMs.max),
      String(r.errors),
      `${r.clientCpuPercent.toFixed(0)} %`,
      r.serverCpuPercent === null ? "–" : `${r.serverCpuPercent.toFixed(0)} %`,
    ]);

    console.log("\nStart-up");
    console.log(
      table(
        ["", "ms"],
        [
          ["cold start (spawn → first 200 of /fi/kirjaudu)", String(Math.round(coldStart))],
          ...(reportedReady !== null ? [["  of which the server reports “ready in”", String(reportedReady)]] : []),
          ["login (/fi/kirjaudu → Nordea → demo person → /oauth/callback → /fi)", String(Math.round(loginMs))],
        ],
      ),
    );

    console.log("\nPage weight (1 kB = 1000 B; budgets apply to gzip -9)");
    console.log(
      table(["", "raw", "gzip -9", "on the wire", "budget", ""], sizeRows, [false, true, true, true, true, false]),
    );
    for (const { label, weight } of pages) {
      const notes: string[] = [];
      if (weight.js.notPreloaded.length)
        notes.push(
          `${weight.js.notPreloaded.length} module(s) imported but not modulepreloaded: ${weight.js.notPreloaded.join(", ")}`,
        );
      if (weight.js.lazy.length)
        notes.push(
          `not counted, loaded only on demand with import(): ${weight.js.lazy.map((f) => `${f.url} (${kB(f.gzip9)} gzip -9)`).join(", ")}`,
        );
      if (weight.renderBlockingScripts.length)
        notes.push(`render-blocking scripts: ${weight.renderBlockingScripts.join(", ")}`);
      const bad = [weight.html, ...weight.css.files, ...weight.js.files].filter((f) => f.status !== 200);
      if (bad.length) notes.push(`not 200: ${bad.map((f) => `${f.url} (${f.status})`).join(", ")}`);
      if (notes.length) console.log(`  ${label}: ${notes.join("; ")}`);
    }

    console.log(
      `\nThroughput (${clients} concurrent clients, ${seconds} s each, ${stack.name}; CPU % of one core; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after)`,
    );
    console.log(
      table(
        ["", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "max ms", "errors", "client CPU", "server CPU"],
        loadRows,
        [false, true, true, true, true, true, true, true, true, true],
      ),
    );
    for (const r of runs) if (r.errorSamples.length) console.log(`  ${r.label} errors: ${r.errorSamples.join("; ")}`);
    console.log("");
    console.log(
      table(
        ["budget", "measured", "limit", ""],
        [
          [
            "front page req/s ÷ bare page req/s",
            `${(ratio * 100).toFixed(0)} %`,
            `≥ ${BUDGETS.frontToBareRpsRatio * 100} %`,
            verdict(ratio >= BUDGETS.frontToBareRpsRatio),
          ],
          [
            "p99 latency, bare page",
            `${ms(bare.latencyMs.p99)} ms`,
            `≤ ${BUDGETS.p99Ms} ms`,
            verdict(bare.latencyMs.p99 <= BUDGETS.p99Ms),
          ],
          [
            "p99 latency, front page",
            `${ms(front.latencyMs.p99)} ms`,
            `≤ ${BUDGETS.p99Ms} ms`,
            verdict(front.latencyMs.p99 <= BUDGETS.p99Ms),
          ],
        ],
        [false, true, true, false],
      ),
    );

    const summary = {
      at: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model.trim() ?? null,
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
        loadAverage1m: { before: Number(loadBefore.toFixed(2)), after: Number(loadAfter.toFixed(2)) },
      },
      config: { port, dataDir: DATA_DIR, clients, seconds, warmupSeconds, httpClient: stack.name },
      budgets: BUDGETS,
      startup: {
        coldStartMs: Math.round(coldStart),
        serverReportedReadyMs: reportedReady,
        loginMs: Math.round(loginMs),
      },
      sizes: Object.fromEntries(
        pages.map(({ weight: w }) => [
          w.path,
          {
            html: { raw: w.html.raw, gzip9: w.html.gzip9, wire: w.html.wire, encoding: w.html.encoding },
            css: { raw: w.css.raw, gzip9: w.css.gzip9, wire: w.css.wire, files: w.css.files },
            js: {
              raw: w.js.raw,
              gzip9: w.js.gzip9,
              wire: w.js.wire,
              files: w.js.files,
              namedByHtml: w.js.named,
              notPreloaded: w.js.notPreloaded,
              lazyNotCounted: w.js.lazy,
            },
            renderBlockingScripts: w.renderBlockingScripts,
            inlineScriptBytes: w.inlineScriptBytes,
            withinBudget: sizeChecks[w.path],
          },
        ]),
      ),
      throughput: {
        bare,
        front,
        frontToBareRpsRatio: Number(ratio.toFixed(3)),
        worstP99Ms: Number(worstP99.toFixed(1)),
      },
      withinBudget: {
        sizes: Object.values(sizeChecks).every((c) => c.html && c.css && c.js),
        rpsRatio: ratio >= BUDGETS.frontToBareRpsRatio,
        p99: worstP99 <= BUDGETS.p99Ms,
      },
    };
    mkdirSync(path.dirname(RESULT_FILE), { recursive: true });
    writeFileSync(RESULT_FILE, JSON.stringify(summary, null, 2) + "\n");
    const brief = {
      coldStartMs: summary.startup.coldStartMs,
      loginMs: summary.startup.loginMs,
      sizesGzip9: Object.fromEntries(
        pages.map(({ weight: w }) => [w.path, { html: w.html.gzip9, css: w.css.gzip9, js: w.js.gzip9 }]),
      ),
      rps: { bare: Math.round(bare.rps), front: Math.round(front.rps) },
      p99Ms: { bare: Number(bare.latencyMs.p99.toFixed(1)), front: Number(front.latencyMs.p99.toFixed(1)) },
      errors: { bare: bare.errors, front: front.errors },
      frontToBareRpsRatio: summary.throughput.frontToBareRpsRatio,
      withinBudget: summary.withinBudget,
    };
    console.log(`\nSummary (full detail in ${path.relative(process.cwd(), RESULT_FILE)}):`);
    console.log(JSON.stringify(brief, null, 2));
    return 0;
  } finally {
    await stopServer();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`\nbench: could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
