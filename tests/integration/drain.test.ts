/**
 * The production server as a load balancer sees it: `/healthz` and `/readyz` (no session, no cookie), and the
 * drain on SIGTERM: readiness 503 at once while the node still serves for the grace period (polls are told to come
 * back, answers close their connections), then no new connections, the request in flight finishes, and the
 * process ends. It starts its own production server on the embedded database.
 */
import { once } from "node:events";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreePort, startServer, type RunningServer } from "../bench/server";
import { ensureBuild } from "./production-build";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const GRACE_MS = 1_500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: RunningServer;

beforeAll(async () => {
  ensureBuild();
  const port = await findFreePort(3900);
  server = await startServer({
    root: ROOT,
    port,
    dataDir: `data/drain-${port}`,
    env: { DRAIN_GRACE_MS: String(GRACE_MS), DRAIN_TIMEOUT_MS: "10000", DATABASE_URL: "" },
  });
}, 180_000);

afterAll(() => server?.stop());

const get = (path: string) =>
  fetch(`http://127.0.0.1:${server.port}${path}`, { redirect: "manual", signal: AbortSignal.timeout(5_000) });

/** Whether a new connection to the server is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

describe("a node behind a load balancer", () => {
  it("answers liveness and readiness without a session, a cookie or its versions", async () => {
    const live = await get("/healthz");
    expect(live.status).toBe(200);
    expect(await live.text()).toBe("ok\n");
    expect(live.headers.get("cache-control")).toBe("no-store");
    expect(live.headers.get("set-cookie")).toBeNull();
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    expect(ready.headers.get("set-cookie")).toBeNull();
  });

  it("drains on SIGTERM: not ready at once, serving for the grace period, then refusing, the request in flight finished", async () => {
    // A request in flight: a form post whose body is still coming when the signal arrives.
    const body = "csrfToken=not-a-token&analytics=granted";
    const inFlight = net.connect(server.port, "127.0.0.1");
    await once(inFlight, "connect");
    let answer = "";
    inFlight.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    inFlight.write(
      "POST /api/analytics-consent HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(200);

    const signalled = Date.now();
    process.kill(-server.pid, "SIGTERM");
    await sleep(100);

    // Within the grace period: not ready, alive, a poll told to come back, a page still served (closing).
    const ready = await get("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", reason: "draining" });
    expect((await get("/healthz")).status).toBe(200);
    const poll = await get("/fi/viestit?background=1");
    expect(poll.status).toBe(503);
    expect(poll.headers.get("retry-after")).toBe("5");
    const page = await get("/fi/kirjaudu");
    expect(page.status).toBe(200);
    expect(page.headers.get("connection")).toBe("close");

    // After it: new connections are refused.
    while (!(await refused(server.port))) {
      expect(Date.now() - signalled).toBeLessThan(GRACE_MS + 5_000);
      await sleep(50);
    }
    const refusedAfterMs = Date.now() - signalled;
    expect(refusedAfterMs).toBeGreaterThanOrEqual(GRACE_MS);

    // The request in flight still gets its whole answer (the forged token's 403), and then the process ends.
    inFlight.end(body.slice(10));
    await once(inFlight, "close");
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    while (!/Drained in \d+ ms/.test(server.output())) {
      expect(Date.now() - signalled).toBeLessThan(GRACE_MS + 15_000);
      await sleep(50);
    }
    expect(server.output()).not.toContain("cut at the timeout");
    console.log(
      `drain: refused new connections ${refusedAfterMs} ms after SIGTERM (grace ${GRACE_MS} ms); ${/Drained in \d+ ms/.exec(server.output())?.[0]}`,
    );
  }, 60_000);
});
