import express from "express";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseTrustProxy } from "./env";
import { clientAddressKey, limitBody, noDevelopmentPaths, shedLoad } from "./http-guards";

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function serve(app: express.Express): Promise<string> {
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A raw HTTP request, so the test decides the headers (fetch would compute the length itself). */
function raw(base: string, lines: string[], body = ""): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.end(lines.join("\r\n") + "\r\n\r\n" + body));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("limitBody", () => {
  async function app() {
    let bytesRead = 0;
    const a = express();
    a.use(limitBody(100 * 1024));
    a.post("/form", (req, res) => {
      req.on("data", (chunk: Buffer) => (bytesRead += chunk.length));
      req.on("end", () => res.send(`read ${bytesRead}`));
    });
    return { base: await serve(a), read: () => bytesRead };
  }

  it("passes a body within the limit", async () => {
    const { base } = await app();
    const res = await fetch(`${base}/form`, {
      method: "POST",
      body: "a=" + "x".repeat(50_000),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("read 50002");
  });

  it("answers 413 to a declared 200 MB body without reading it", async () => {
    const { base, read } = await app();
    const started = Date.now();
    const answer = await raw(
      base,
      [
        "POST /form HTTP/1.1",
        "Host: localhost",
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${200 * 1024 * 1024}`,
      ],
      "a=xxxx",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(read()).toBe(0);
  });

  it("answers 411 to a chunked body of unknown length", async () => {
    const { base, read } = await app();
    const answer = await raw(
      base,
      ["POST /form HTTP/1.1", "Host: localhost", "Transfer-Encoding: chunked"],
      "5\r\nhello\r\n0\r\n\r\n",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 411/);
    expect(read()).toBe(0);
  });
});

describe("limitBody with a larger limit for an upload path", () => {
  async function app() {
    let bytesRead = 0;
    const a = express();
    a.use(limitBody(1024, [{ method: "POST", path: (p) => p === "/upload", maxBytes: 10 * 1024 }]));
    a.post(/.*/, (req, res) => {
      req.on("data", (chunk: Buffer) => (bytesRead += chunk.length));
      req.on("end", () => res.send(`read ${bytesRead}`));
    });
    a.put(/.*/, (_req, res) => res.send("put"));
    return { base: await serve(a), read: () => bytesRead };
  }
  const head = (method: string, path: string, length: number) => [
    `${method} ${path} HTTP/1.1`,
    "Host: localhost",
    "Content-Type: multipart/form-data; boundary=x",
    `Content-Length: ${length}`,
  ];

  it("takes a body up to the larger limit on that method and path only", async () => {
    const { base, read } = await app();
    expect(await raw(base, head("POST", "/upload", 8 * 1024), "x".repeat(8 * 1024))).toMatch(
      /^HTTP\/1\.1 200[\s\S]*read 8192/,
    );
    expect(await raw(base, head("POST", "/upload?x=1", 2048), "x".repeat(2048))).toMatch(/^HTTP\/1\.1 200/);
    const before = read();
    for (const [method, path] of [
      ["POST", "/other"],
      ["PUT", "/upload"],
      ["POST", "/upload/"],
      ["POST", "/upload/x"],
    ])
      expect(await raw(base, head(method, path, 2048), "x".repeat(2048)), `${method} ${path}`).toMatch(
        /^HTTP\/1\.1 413[\s\S]*at most 1 KB/,
      );
    expect(read()).toBe(before);
  });

  it("still answers 413 over the larger limit and 411 without a length, before reading", async () => {
    const { base, read } = await app();
    expect(await raw(base, head("POST", "/upload", 10 * 1024 + 1), "x")).toMatch(/^HTTP\/1\.1 413[\s\S]*at most 10 KB/);
    expect(
      await raw(
        base,
        ["POST /upload HTTP/1.1", "Host: localhost", "Transfer-Encoding: chunked"],
        "1\r\nx\r\n0\r\n\r\n",
      ),
    ).toMatch(/^HTTP\/1\.1 411/);
    expect(read()).toBe(0);
  });
});

describe("limitBody for a page's form", () => {
  it("hands a body over the limit to the app unread, as a GET of the catch-all route marked 413", async () => {
    const a = express();
    a.use(limitBody(1024, [{ method: "POST", path: (p) => p === "/en/upload", maxBytes: 2048, page: true }]));
    a.all(/.*/, (req, res) => {
      res.send(`${req.method} ${req.originalUrl} ${res.locals.refusedBody}`);
    });
    const base = await serve(a);
    const head = ["POST /en/upload HTTP/1.1", "Host: localhost", "Content-Type: multipart/form-data; boundary=x"];
    const answer = await raw(base, [...head, "Content-Length: 2049"], "x");
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/Connection: close/i);
    expect(answer).toContain("GET /en/- 413");
    expect(await raw(base, [...head, "Content-Length: 2048"], "x".repeat(2048))).toContain("POST /en/upload undefined");
  });
});

describe("shedLoad", () => {
  it("serves up to the bound at once and answers 503 with Retry-After beyond it, then serves again", async () => {
    const release: (() => void)[] = [];
    const a = express();
    const guard = shedLoad(2);
    a.use(guard);
    a.get("/slow", (_req, res) => {
      release.push(() => res.send("done"));
    });
    const base = await serve(a);
    const first = fetch(`${base}/slow`);
    const second = fetch(`${base}/slow`);
    await expect.poll(() => guard.inFlight()).toBe(2);
    const third = await fetch(`${base}/slow`);
    expect(third.status).toBe(503);
    expect(third.headers.get("retry-after")).toBe("2");
    expect(await third.text()).toContain("try again");
    for (const r of release.splice(0)) r();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    await expect.poll(() => guard.inFlight()).toBe(0);
    const again = fetch(`${base}/slow`);
    await expect.poll(() => release.length).toBe(1);
    release[0]();
    expect((await again).status).toBe(200);
  });

  it("frees the place of a request whose client went away", async () => {
    const a = express();
    const guard = shedLoad(1);
    a.use(guard);
    a.get("/hang", () => {});
    const base = await serve(a);
    const controller = new AbortController();
    const hanging = fetch(`${base}/hang`, { signal: controller.signal }).catch(() => null);
    await expect.poll(() => guard.inFlight()).toBe(1);
    controller.abort();
    await hanging;
    await expect.poll(() => guard.inFlight()).toBe(0);
  });
});

describe("noDevelopmentPaths", () => {
  it("answers 404 for every spelling of /dev/*, and passes everything else", async () => {
    const a = express();
    a.use(noDevelopmentPaths());
    a.use((_req, res) => res.send("served"));
    const base = await serve(a);
    for (const path of [
      "/dev/identity",
      "/dev/outbox",
      "/DEV/Outbox",
      "/%64ev/outbox",
      "//dev/outbox",
      "/dev",
      "/dev/insurers/lahitapiola/apply?x=1",
    ]) {
      expect((await fetch(base + path)).status, path).toBe(404);
    }
    for (const path of ["/fi", "/developer", "/fi/dev"]) expect((await fetch(base + path)).status, path).toBe(200);
  });
});

describe("trusted proxies", () => {
  async function ipSeen(trust: string | undefined, forwardedFor: string) {
    const parsed = parseTrustProxy(trust);
    if (!parsed.ok) throw new Error("invalid");
    const a = express();
    if (parsed.value !== false) a.set("trust proxy", parsed.value);
    a.get("/ip", (req, res) => res.send(req.ip));
    const base = await serve(a);
    return (await fetch(`${base}/ip`, { headers: { "X-Forwarded-For": forwardedFor } })).text();
  }

  it("believes only as many X-Forwarded-For entries as there are proxies", async () => {
    // One load balancer appends the address it saw; whatever the client wrote before it is ignored.
    expect(await ipSeen("1", "6.6.6.6, 203.0.113.7")).toBe("203.0.113.7");
    expect(await ipSeen("1", "1.1.1.1, 2.2.2.2, 203.0.113.7")).toBe("203.0.113.7");
    // Without a proxy setting, the header is not believed at all.
    expect(await ipSeen(undefined, "6.6.6.6")).toMatch(/127\.0\.0\.1/);
    // A list of proxy addresses: the loopback "proxy" is trusted, so its client's address is taken.
    expect(await ipSeen("loopback", "6.6.6.6, 203.0.113.7")).toBe("203.0.113.7");
  });

  it("refuses TRUST_PROXY=true and nonsense", () => {
    expect(parseTrustProxy("true").ok).toBe(false);
    expect(parseTrustProxy("yes please").ok).toBe(false);
    expect(parseTrustProxy("2")).toEqual({ ok: true, value: 2 });
    expect(parseTrustProxy("10.0.0.0/8, loopback")).toEqual({ ok: true, value: ["10.0.0.0/8", "loopback"] });
    expect(parseTrustProxy(undefined)).toEqual({ ok: true, value: false });
  });
});

describe("clientAddressKey", () => {
  it("counts IPv4 addresses one by one and IPv6 by /64 network", () => {
    expect(clientAddressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientAddressKey("2001:0db8:0001:0002:ffff:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(clientAddressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientAddressKey("::1")).toBe("0:0:0:0::/64");
    expect(clientAddressKey(undefined)).toBe("unknown");
  });
});
