import cluster from "node:cluster";
import compression from "compression";
import express from "express";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { env } from "./env";
import { shedLoad } from "./http-guards";
import { metricsText } from "./metrics";

/**
 * Starts the portal: in development through Vite (hot reload), in production from the build.
 * Everything else (security headers, identity, the React Router handler) lives in app.ts, which is built
 * together with the routes so they share one module graph.
 */
const production = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

type AppModule = {
  getApp(): Promise<express.Express>;
  shutdown(): Promise<void>;
  prepareDatabase(): Promise<void>;
  startDraining(): void;
};

/**
 * On SIGTERM: readiness turns 503 at once (app/.server/readiness.ts) and the node keeps serving for the grace period,
 * while the load balancer notices; then it takes no new connections, lets the requests in flight finish (at most
 * the drain timeout), closes the database and exits 0. In development there is no grace period.
 */
const drainGraceMs = Number(process.env.DRAIN_GRACE_MS ?? (production ? 5_000 : 0));
const drainTimeoutMs = Number(process.env.DRAIN_TIMEOUT_MS ?? 20_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const started = Date.now();
  const server = express();
  server.disable("x-powered-by");
  // Liveness: the process is up and answering, nothing else (no database, no session), before load shedding.
  server.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain").send("ok\n");
  });
  let appModule: () => Promise<AppModule>;

  if (production) {
    server.use(compression());
    server.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
    // Other files of public/ (copied into build/client): only paths that look like files reach the disk.
    const files = express.static("build/client", { maxAge: "1h", index: false });
    server.use((req, res, next) => (/\.\w+$/.test(req.path) ? files(req, res, next) : next()));
    // Beyond this many requests in flight, answer 503 at once rather than queue (DESIGN §8, overload).
    server.use(shedLoad(env().maxRequestsInFlight));
    const mod = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as AppModule;
    appModule = async () => mod;
  } else {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    server.use(vite.middlewares);
    appModule = () => vite.ssrLoadModule("./app/.server/app.ts") as Promise<AppModule>;
  }

  // Open the database and the identity provider before taking traffic.
  await (await appModule()).getApp();
  server.use(async (req, res, next) => {
    try {
      const app = await (await appModule()).getApp();
      app(req, res, next);
    } catch (error) {
      next(error);
    }
  });

  // The metrics on a port of their own (for the scraper, never exposed to the public), when METRICS_PORT is set.
  const metricsPort = Number(process.env.METRICS_PORT ?? 0);
  const metricsListener = metricsPort
    ? express()
        .get("/metrics", (_req, res, next) => {
          metricsText().then(({ contentType, text }) => {
            res.set("Content-Type", contentType).set("Cache-Control", "no-store").send(text);
          }, next);
        })
        .listen(metricsPort, process.env.METRICS_HOST ?? "127.0.0.1")
    : null;

  const listener = server.listen(port, host, () => {
    console.log(
      `Portal listening on http://localhost:${port} (children's brand: http://pikkujatti.localhost:${port}) — ready in ${Date.now() - started} ms`,
    );
  });

  // A signal may come more than once (to the process group, and passed on by a wrapper such as tsx or npm): the
  // drain starts once and the repeats are ignored.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const mod = await appModule();
    const began = Date.now();
    mod.startDraining();
    await sleep(drainGraceMs);
    // No new connections; idle kept-alive ones close, busy ones once their answer is sent.
    const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
    const inTime = await Promise.race([closed.then(() => true), sleep(drainTimeoutMs).then(() => false)]);
    if (!inTime) listener.closeAllConnections();
    metricsListener?.close();
    await mod.shutdown();
    console.log(`Drained in ${Date.now() - began} ms${inTime ? "" : " (requests still open were cut at the timeout)"}`);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

/** A refused configuration is a message for the operator, not a stack trace. */
function fail(error: unknown) {
  if (error instanceof Error && error.message.startsWith("Refusing to start")) console.error(error.message);
  else console.error(error);
  process.exit(1);
}

/**
 * WEB_CONCURRENCY > 1 runs that many worker processes sharing the port (app nodes are stateless when the
 * database is PostgreSQL; the embedded database belongs to one process, so it always runs one).
 */
const workers = Number(process.env.WEB_CONCURRENCY ?? 1);
async function primary() {
  // Migrate and seed once, before the workers start.
  const mod = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as AppModule;
  await mod.prepareDatabase();
  await mod.shutdown();
  console.log(`Starting ${workers} worker processes`);
  for (let i = 0; i < workers; i++) cluster.fork();
}

if (production && workers > 1 && process.env.DATABASE_URL && cluster.isPrimary) {
  primary().catch(fail);
  cluster.on("exit", (worker, code) => {
    if (code !== 0) console.error(`worker ${worker.process.pid} exited with ${code}`);
  });
  const stopAll = () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
    process.exit(0);
  };
  process.once("SIGTERM", stopAll);
  process.once("SIGINT", stopAll);
} else {
  main().catch(fail);
}
