import { createRequire } from "node:module";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { localUrl, type Target } from "./http";

/**
 * A closed-loop load generator: N clients, each sending its next request as soon as the previous response
 * has been read, for a fixed time. Every response must be 200; anything else (including redirects, which
 * are not followed) counts as an error. The loops end by themselves at the deadline.
 */

type FetchLike = (url: URL, init: Record<string, unknown>) => Promise<Response>;
export type HttpStack = { name: string; fetch: FetchLike; dispatcher?: unknown; close: () => Promise<void> };

/** undici's own fetch and an Agent sized for the clients when undici is installed, else Node's fetch (keep-alive). */
export async function httpStack(root: string, clients: number): Promise<HttpStack> {
  try {
    const resolved = createRequire(path.join(root, "package.json")).resolve("undici");
    const undici = (await import(pathToFileURL(resolved).href)) as {
      fetch: FetchLike;
      Agent: new (opts: Record<string, unknown>) => { close(): Promise<void> };
    };
    const agent = new undici.Agent({ connections: clients + 8, keepAliveTimeout: 30_000, pipelining: 1 });
    return { name: "undici Agent", fetch: undici.fetch, dispatcher: agent, close: () => agent.close() };
  } catch {
    return {
      name: `node ${process.version} fetch (keep-alive)`,
      fetch: globalThis.fetch as unknown as FetchLike,
      close: async () => {},
    };
  }
}

export type LoadResult = {
  label: string;
  path: string;
  clients: number;
  seconds: number;
  requests: number;
  ok: number;
  errors: number;
  /** Of the errors, the requests the server shed under overload (503 with Retry-After), and how fast. */
  shed: number;
  shedLatencyMs: { p50: number; p99: number };
  errorSamples: string[];
  rps: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number; mean: number };
  bytesPerResponse: number;
  clientCpuPercent: number;
  serverCpuPercent: number | null;
  /** Server CPU time per answered request (ms), all cores counted: what a page costs, whatever the load generator does. */
  serverCpuMsPerRequest: number | null;
};

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

export async function runLoad(opts: {
  target: Target;
  stack: HttpStack;
  label: string;
  path: string;
  clients: number;
  seconds: number;
  warmupSeconds: number;
  cookie?: (pathname: string) => string;
  serverCpuMs?: () => number | null;
}): Promise<LoadResult> {
  const url = localUrl(opts.target, opts.path);
  const headers: Record<string, string> = {
    accept: "text/html,application/xhtml+xml,*/*;q=0.8",
    "accept-encoding": "gzip",
    "accept-language": "fi",
  };
  const cookie = opts.cookie?.(url.pathname);
  if (cookie) headers.cookie = cookie;
  const init: Record<string, unknown> = { headers, redirect: "manual" };
  if (opts.stack.dispatcher) init.dispatcher = opts.stack.dispatcher;

  /** One phase: every client loops until `until`; returns what it saw. */
  const phase = async (seconds: number, record: boolean) => {
    const latencies: number[] = [];
    const shedLatencies: number[] = [];
    let requests = 0;
    let errors = 0;
    let shed = 0;
    let bytes = 0;
    const errorSamples = new Map<string, number>();
    const noteError = (what: string) => {
      errors++;
      errorSamples.set(what, (errorSamples.get(what) ?? 0) + 1);
    };
    const startedAt = performance.now();
    const until = startedAt + seconds * 1000;
    const client = async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          const res = await opts.stack.fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
          const body = await res.arrayBuffer();
          const ms = performance.now() - t0;
          requests++;
          if (!record) continue;
          latencies.push(ms);
          bytes += body.byteLength;
          if (res.status === 503 && res.headers.get("retry-after")) {
            shed++;
            shedLatencies.push(ms);
          }
          if (res.status !== 200)
            noteError(`HTTP ${res.status}${res.headers.get("location") ? ` → ${res.headers.get("location")}` : ""}`);
        } catch (error) {
          requests++;
          if (record) {
            latencies.push(performance.now() - t0);
            noteError(
              error instanceof Error
                ? `${error.name}: ${(error.cause as Error | undefined)?.message ?? error.message}`
                : String(error),
            );
          }
          // Do not spin when the server is gone.
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    await Promise.all(Array.from({ length: opts.clients }, client));
    return {
      latencies,
      shedLatencies,
      requests,
      errors,
      shed,
      bytes,
      errorSamples,
      elapsedMs: performance.now() - startedAt,
    };
  };

  if (opts.warmupSeconds > 0) await phase(opts.warmupSeconds, false);

  const cpu0 = process.cpuUsage();
  const server0 = opts.serverCpuMs?.() ?? null;
  const r = await phase(opts.seconds, true);
  const cpu = process.cpuUsage(cpu0);
  const server1 = opts.serverCpuMs?.() ?? null;

  const sorted = Float64Array.from(r.latencies).sort();
  const shedSorted = Float64Array.from(r.shedLatencies).sort();
  const ok = r.requests - r.errors;
  const elapsedS = r.elapsedMs / 1000;
  return {
    label: opts.label,
    path: opts.path,
    clients: opts.clients,
    seconds: Number(elapsedS.toFixed(3)),
    requests: r.requests,
    ok,
    errors: r.errors,
    shed: r.shed,
    shedLatencyMs: { p50: percentile(shedSorted, 50), p99: percentile(shedSorted, 99) },
    errorSamples: [...r.errorSamples].map(([what, n]) => `${n}× ${what}`).slice(0, 5),
    rps: ok / elapsedS,
    latencyMs: {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.length ? sorted[sorted.length - 1] : NaN,
      mean: sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : NaN,
    },
    bytesPerResponse: r.requests ? r.bytes / r.requests : 0,
    clientCpuPercent: ((cpu.user + cpu.system) / 1000 / r.elapsedMs) * 100,
    serverCpuPercent: server0 !== null && server1 !== null ? ((server1 - server0) / r.elapsedMs) * 100 : null,
    serverCpuMsPerRequest: server0 !== null && server1 !== null && ok > 0 ? (server1 - server0) / ok : null,
  };
}
