import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";

/**
 * The production server as a child process on a fresh database: node with tsx's loader, as `npm run serve` without
 * npm's and tsx's wrapper processes. It runs in its own process group so that the whole tree can be stopped, and it
 * is stopped when the benchmark (or test) exits for any reason.
 */

export type RunningServer = {
  port: number;
  pid: number;
  coldStartMs: number;
  /** "ready in N ms" as the server itself logs it, when it does. */
  reportedReadyMs: number | null;
  output: () => string;
  stop: () => Promise<void>;
};

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host: "0.0.0.0", exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

export async function findFreePort(from: number): Promise<number> {
  for (let port = from; port < from + 100; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in ${from}–${from + 99}`);
}

const live = new Set<ChildProcess>();

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

// Last resort: never leave the server running behind us.
process.once("exit", () => {
  for (const child of live) signalGroup(child, "SIGTERM");
});

export async function startServer(opts: {
  root: string;
  port: number;
  dataDir: string;
  timeoutMs?: number;
  env?: Record<string, string>;
  /** A file (from `root`) for the server's output, kept after it stops; otherwise the output is kept in memory. */
  log?: string;
}): Promise<RunningServer> {
  rmSync(path.resolve(opts.root, opts.dataDir), { recursive: true, force: true });
  let output = "";
  const logFile = opts.log ? path.resolve(opts.root, opts.log) : null;
  const logFd = logFile ? openSync(logFile, "w") : null;
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "app/.server/server.ts"], {
    cwd: opts.root,
    detached: true,
    stdio: logFd === null ? ["ignore", "pipe", "pipe"] : ["ignore", logFd, logFd],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(opts.port),
      DATA_DIR: opts.dataDir,
      RATE_LIMIT_LOGIN: "100000",
      RATE_LIMIT_IDENTIFICATION: "100000",
      LOG_LEVEL: "silent",
      // Stopped at once: a test or the benchmark is not behind a load balancer.
      DRAIN_GRACE_MS: "0",
      ...opts.env,
    },
  });
  if (logFd !== null) closeSync(logFd);
  live.add(child);
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const outputSoFar = () => (logFile ? readFileSync(logFile, "utf8").slice(-20_000) : output);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("exit", () => live.delete(child));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    signalGroup(child, "SIGTERM");
    const timer = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 10_000).unref());
    if ((await Promise.race([exited.then(() => "exited" as const), timer])) === "timeout") {
      signalGroup(child, "SIGKILL");
      await exited;
    }
  };

  const deadline = started + (opts.timeoutMs ?? 120_000);
  const probeUrl = `http://127.0.0.1:${opts.port}/fi/kirjaudu`;
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${outputSoFar()}`,
        );
      }
      const attempt = performance.now();
      try {
        const res = await fetch(probeUrl, { redirect: "manual", signal: AbortSignal.timeout(2_000) });
        await res.arrayBuffer();
        if (res.status === 200) break;
      } catch {
        // not listening yet
      }
      if (performance.now() > deadline)
        throw new Error(
          `the server did not answer 200 on ${probeUrl} within ${opts.timeoutMs ?? 120_000} ms:\n${outputSoFar()}`,
        );
      await new Promise((r) => setTimeout(r, Math.max(0, 100 - (performance.now() - attempt))));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const coldStartMs = performance.now() - started;
  const ready = /ready in (\d+) ms/.exec(outputSoFar());
  return {
    port: opts.port,
    pid: child.pid!,
    coldStartMs,
    reportedReadyMs: ready ? Number(ready[1]) : null,
    output: outputSoFar,
    stop,
  };
}

/**
 * CPU time (ms) used so far by a process and all its descendants, from /proc (Linux only; null elsewhere).
 * Used to show how busy the server was during a load phase.
 */
export function treeCpuMs(rootPid: number): number | null {
  try {
    const stats = new Map<number, { ppid: number; ticks: number }>();
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        // Fields after the parenthesised command name: state ppid ... utime(14) stime(15)
        const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        stats.set(Number(entry), { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) });
      } catch {
        // the process ended meanwhile
      }
    }
    if (!stats.has(rootPid)) return null;
    let ticks = 0;
    const queue = [rootPid];
    const seen = new Set<number>();
    while (queue.length) {
      const pid = queue.pop()!;
      if (seen.has(pid)) continue;
      seen.add(pid);
      ticks += stats.get(pid)?.ticks ?? 0;
      for (const [child, s] of stats) if (s.ppid === pid) queue.push(child);
    }
    return ticks * 10; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}
