import express from "express";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { href } from "~/route-table";
import { logger } from "./logger";
import { requestIdHeaders } from "./request-id";
import { requestLog, routeLabel } from "./request-log";

describe("a request's name in its log line", () => {
  it("is the page's route id or a call's fixed path, never the path as sent", () => {
    expect(routeLabel(href("doorAppointment", "fi", { token: "SECRET-door-token" }))).toBe("doorAppointment");
    expect(routeLabel("/sv/tidsbokningar/42")).toBe("appointment");
    expect(routeLabel("/api/customer-messaging")).toBe("/api/customer-messaging");
    expect(routeLabel("/api/customer-messaging/")).toBe("/api/customer-messaging");
    expect(routeLabel("/api/attachments/5f0c-secret")).toBe("api:other");
    expect(routeLabel("/dev/uploads/incoming/x")).toBe("dev:other");
    expect(routeLabel("/150385-9024")).toBe("other");
  });
});

describe("the request log", () => {
  afterEach(() => vi.restoreAllMocks());

  /** Serves one request through `requestLog` and answers the log lines written meanwhile and the answer's id. */
  async function serve(trustProxy: boolean, path: string, headers: Record<string, string> = {}) {
    const lines: Record<string, unknown>[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      return true;
    });
    const app = express();
    app.use(requestLog({ trustProxy }));
    let outgoing: Record<string, string> = {};
    app.get(/.*/, (_req, res) => {
      setTimeout(() => {
        // Work done for the request, after an await: its log lines and its calls carry the id.
        logger.info("inside");
        outgoing = requestIdHeaders();
        res.send("ok");
      }, 5);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { headers });
      await answer.text();
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { lines, outgoing, id: answer.headers.get("x-request-id") };
    } finally {
      server.close();
    }
  }

  it("writes one line per request with its id, which the request's own lines and calls carry too", async () => {
    const { lines, outgoing, id } = await serve(false, "/fi/varaus/SECRET-door-token");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toEqual([
      expect.objectContaining({ level: "info", message: "inside", requestId: id }),
      expect.objectContaining({
        message: "request",
        requestId: id,
        method: "GET",
        route: "doorAppointment",
        status: 200,
      }),
    ]);
    expect(typeof lines[1].ms).toBe("number");
    expect(outgoing).toEqual({ "X-Request-Id": id });
    expect(JSON.stringify(lines)).not.toContain("SECRET");
  });

  it("takes a trusted proxy's id when it looks like one, and never an untrusted client's", async () => {
    const proxied = await serve(true, "/fi", { "X-Request-Id": "lb-7f3a9c21" });
    expect(proxied.id).toBe("lb-7f3a9c21");
    expect(proxied.lines.at(-1)).toMatchObject({ requestId: "lb-7f3a9c21", route: "home" });
    const forged = await serve(true, "/fi", { "X-Request-Id": 'x" injected' });
    expect(forged.id).toMatch(/^[0-9a-f-]{36}$/);
    const untrusted = await serve(false, "/fi", { "X-Request-Id": "client-chosen-id" });
    expect(untrusted.id).not.toBe("client-chosen-id");
  });
});
