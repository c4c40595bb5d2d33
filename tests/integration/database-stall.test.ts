import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { currentDatabase, openDatabase, setDatabase } from "~/.server/db/client";
import { loader as homeLoader } from "~/routes/front-page/home";
import { cookiePair, login, makeContext, makeRequest, routeArgs, useTestDatabase } from "./test-db";

/**
 * DESIGN §8: with the database stalled, a request fails within 5 s (the error view), and the server recovers
 * without a restart. A TCP proxy between the app and PostgreSQL stands in for a frozen server: frozen, it stops
 * passing bytes both ways and holds new connections.
 */
const t = useTestDatabase();

function stallableProxy(target: URL) {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const held: (() => void)[] = [];
  const server = net.createServer((client) => {
    const connect = () => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => {});
      }
      client.pipe(upstream);
      upstream.pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
      if (frozen) for (const s of [client, upstream]) s.pause();
    };
    if (frozen) held.push(connect);
    else connect();
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
      ),
    freeze() {
      frozen = true;
      for (const s of sockets) s.pause();
    },
    thaw() {
      frozen = false;
      for (const s of sockets) s.resume();
      for (const connect of held.splice(0)) connect();
    },
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

describe.skipIf(!process.env.DATABASE_URL)("a stalled database (PostgreSQL)", () => {
  let proxy: ReturnType<typeof stallableProxy> | null = null;
  afterAll(() => proxy?.close());

  it("fails a request within 5 seconds, and serves again once the database answers, without a restart", async () => {
    const direct = currentDatabase();
    const target = new URL(t.url!);
    proxy = stallableProxy(target);
    const port = await proxy.listen();
    const viaProxy = new URL(target);
    viaProxy.host = `127.0.0.1:${port}`;
    const handle = await openDatabase({ databaseUrl: viaProxy.toString() });
    setDatabase(handle);
    try {
      const session = cookiePair(await login(t.person("patient")));
      const frontPage = async () => {
        const request = makeRequest("/fi", { cookie: session });
        return homeLoader(routeArgs(request, await makeContext(request)));
      };
      await expect(frontPage()).resolves.toBeTruthy();

      proxy.freeze();
      for (const attempt of [1, 2]) {
        const started = Date.now();
        await expect(frontPage(), `attempt ${attempt}`).rejects.toThrow();
        const elapsed = Date.now() - started;
        console.log(`database frozen: request ${attempt} failed after ${elapsed} ms`);
        expect(elapsed).toBeLessThan(5000);
      }

      proxy.thaw();
      await expect(frontPage()).resolves.toBeTruthy();
    } finally {
      setDatabase(direct);
      await handle.close().catch(() => {});
    }
  }, 30_000);
});
