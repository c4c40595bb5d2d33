/**
 * The production server as an operator runs it: `/healthz` and `/readyz` (no session, no cookie); the metrics, on
 * their own port or with a token and nowhere else; one log line per request with the request's id; and the drain on
 * SIGTERM: readiness 503 at once while the node still serves for the grace period (polls are told to come back,
 * answers close their connections), then no new connections, the request in flight finishes, and the process ends.
 * It starts its own production server on the embedded database; the drain ends it, so it comes last.
 */
import { once } from "node:events";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoPeople } from "~/.server/db/seed/demo-people";
import { login } from "../bench/login";
import { findFreePort, startServer, type RunningServer } from "../bench/server";
import { ensureBuild } from "./production-build";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const GRACE_MS = 1_500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const METRICS_TOKEN = "metrics-token-for-the-test-0123456789";

let server: RunningServer;
let metricsPort: number;

beforeAll(async () => {
  ensureBuild();
  const port = await findFreePort(3900);
  metricsPort = await findFreePort(port + 1);
  server = await startServer({
    root: ROOT,
    port,
    dataDir: `data/service-${port}`,
    env: {
      DRAIN_GRACE_MS: String(GRACE_MS),
      DRAIN_TIMEOUT_MS: "10000",
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      METRICS_TOKEN,
      METRICS_PORT: String(metricsPort),
    },
  });
}, 180_000);

afterAll(() => server?.stop());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${server.port}${path}`, { redirect: "manual", headers, signal: AbortSignal.timeout(5_000) });

/** The value of one sample of the metrics page (0 when it is not there). */
function sample(text: string, name: string, labels: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

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

  it("serves the metrics on their own port, or with the token, and nowhere else", async () => {
    const before = await (await get("/metrics", { Authorization: `Bearer ${METRICS_TOKEN}` })).text();
    const maija = demoPeople(new Date().getUTCFullYear()).patient;
    await login({ port: server.port }, maija);
    await get("/fi/varaus/not-a-real-door-token");
    const tries: Record<string, string>[] = [{}, { Authorization: "Bearer wrong" }, { Authorization: METRICS_TOKEN }];
    for (const headers of tries) {
      const refused = await get("/metrics", headers);
      expect(refused.status, JSON.stringify(headers)).toBe(404);
      expect(await refused.text()).not.toContain("portal_http_requests_total");
    }
    const page = await get("/metrics", { Authorization: `Bearer ${METRICS_TOKEN}` });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await page.text();
    // Requests by route id, never by path; a login by its method; Node's own metrics; the outbox.
    expect(sample(text, "portal_http_requests_total", 'route="login",method="GET",status="2xx"')).toBeGreaterThan(
      sample(before, "portal_http_requests_total", 'route="login",method="GET",status="2xx"'),
    );
    expect(sample(text, "portal_http_requests_total", 'route="doorAppointment"')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain("not-a-real-door-token");
    expect(sample(text, "portal_logins_total", 'method="urn:ftn:nordea",outcome="success"')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^portal_http_request_duration_seconds_bucket\{le="0\.05",route="home",method="GET"\} \d+/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^portal_sms_outbox_pending\{measure="messages"\} \d+/m);
    expect(text).toMatch(/^portal_http_requests_in_flight \d+/m);
    const ownPort = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(ownPort.status).toBe(200);
    expect(await ownPort.text()).toContain("portal_http_requests_total");
  });

  it("logs one line per request with its id, which the answer carries", async () => {
    const answer = await get("/fi/kirjaudu");
    const id = answer.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await sleep(100);
    const line = server
      .output()
      .split("\n")
      .find((l) => l.includes(`"requestId":"${id}"`) && l.includes('"message":"request"'));
    expect(JSON.parse(line ?? "null")).toMatchObject({ level: "info", method: "GET", route: "login", status: 200 });
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
