/**
 * The S3 adapter against an S3 protocol server (s3rver, installed by `npm ci` and started here on a free port): what
 * the portal does with files — a signed upload a browser PUTs, its size and type, the portal's own write, reading it
 * back, listing, deleting — over real S3 requests, signatures included, not through a stand-in for the network.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setNow } from "~/.server/clock";
import { newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { setStorage, storage as currentStorage } from "~/.server/storage";
import { S3FileStorage } from "~/.server/storage/s3";
import { findFreePort } from "../bench/server";
import { FIXED_NOW } from "./fixed-now";
import { sendAsBrowser, type SendOptions } from "./request-handler";
import { boundCsrfToken, cookiePair, login, useTestDatabase } from "./test-db";

const t = useTestDatabase();
const csrfCookie = newCsrfCookieValue();
const send = (method: string, url: string, options: SendOptions = {}) =>
  sendAsBrowser(csrfCookie, method, url, options);

const BUCKET = "portal-files";
let server: S3rver;
let folder: string;
let storage: S3FileStorage;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "s3rver-"));
  const port = await findFreePort(4568);
  server = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory: folder,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await server.run();
  storage = new S3FileStorage({
    bucket: BUCKET,
    region: "eu-north-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    endpoint: `http://127.0.0.1:${port}`,
  });
}, 30_000);

afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

describe("the S3 adapter on an S3 server", () => {
  it("signs an upload a browser can PUT, the content type among the signed headers, and reads it back with its type", async () => {
    const key = "incoming/kela-card/0b6c1d2e-0000-4000-8000-000000000001";
    const signed = await storage.signUpload(
      key,
      { contentType: "image/png", maxBytes: 1_000_000, expiresInSeconds: 120 },
      new Date(),
    );
    const put = await fetch(signed.url, { method: "PUT", headers: signed.headers, body: PNG });
    expect(put.status).toBe(200);
    expect(await storage.stat(key)).toEqual({ size: PNG.length, contentType: "image/png" });
    expect(await storage.get(key)).toEqual(PNG);
    // (The signature also covers the Content-Type header; s3rver does not check version 4 signatures, so that
    // part is AWS's, and the portal checks the bytes it reads at finish-upload whatever the PUT declared.)
    expect(new URL(signed.url).searchParams.get("X-Amz-SignedHeaders")).toBe("content-type;host");
  });

  it("writes, lists, deletes, and answers a missing file as none", async () => {
    const sealed = "sealed/kela-card/0b6c1d2e-0000-4000-8000-000000000002";
    await storage.put(sealed, PNG, "image/png");
    expect(await storage.get(sealed)).toEqual(PNG);
    const listed = await storage.list("incoming/");
    expect(listed.map((o) => o.key)).toEqual(["incoming/kela-card/0b6c1d2e-0000-4000-8000-000000000001"]);
    expect(listed[0].lastModified).toBeInstanceOf(Date);
    await storage.delete(sealed);
    expect(await storage.get(sealed)).toBeNull();
    expect(await storage.stat(sealed)).toBeNull();
    await storage.delete(sealed);
    await storage.delete(listed[0].key);
    expect(await storage.list("incoming/")).toEqual([]);
  });

  it("never signs an upload to a key outside incoming/", async () => {
    await expect(
      storage.signUpload(
        "sealed/kela-card/0b6c1d2e-0000-4000-8000-000000000003",
        { contentType: "image/png", maxBytes: 10, expiresInSeconds: 60 },
        new Date(),
      ),
    ).rejects.toThrow();
  });
});

describe("the Kela card with JavaScript, its files on the S3 server", () => {
  it("init → PUT to the S3 URLs → finish: the portal keeps the checked bytes under a sealed key, serves them to their owner only, and leaves no incoming object", async () => {
    const local = currentStorage();
    setStorage(storage);
    // The S3 server checks a signed URL's expiry against the real clock, not the tests' fixed one.
    setNow(new Date());
    try {
      const olli = t.person("myInfoAdult");
      const session = await login(olli);
      const csrfToken = boundCsrfToken(csrfCookie, cookiePair(session));
      const init = await send("POST", `/api/kela-card/init-upload?csrfToken=${encodeURIComponent(csrfToken)}`, {
        session,
        csrf: false,
        json: { mimetypes: { front: "image/png", back: "image/jpeg" } },
      });
      expect(init.status, init.text).toBe(200);
      const upload = init.json as Record<"front" | "back", { url: string; headers: Record<string, string> }> & {
        token: string;
      };
      const front = new Uint8Array(readFileSync("tests/fixtures/kela-card-front.png"));
      const back = new Uint8Array(readFileSync("tests/fixtures/kela-card-back.jpg"));
      for (const [side, bytes] of [
        ["front", front],
        ["back", back],
      ] as const) {
        expect(new URL(upload[side].url).pathname).toMatch(new RegExp(`^/${BUCKET}/incoming/kela-card/[0-9a-f-]{36}$`));
        const put = await fetch(upload[side].url, { method: "PUT", headers: upload[side].headers, body: bytes });
        expect(put.status, await put.text()).toBe(200);
      }
      const done = await send(
        "GET",
        `/api/kela-card/finish-upload?${new URLSearchParams({ csrfToken, token: upload.token })}`,
        { session, csrf: false },
      );
      expect(done.json).toEqual({ type: "success" });

      const [card] = await t.db.select().from(s.kelaCards).where(eq(s.kelaCards.personId, olli.id));
      const files = await t.db.select().from(s.storedFiles).where(eq(s.storedFiles.ownerId, olli.id));
      expect(files.map((f) => f.storageKey).every((key) => key.startsWith("sealed/kela-card/"))).toBe(true);
      expect(await storage.list("incoming/kela-card/")).toEqual([]);
      const image = await send("GET", `/api/kela-card/images/${card.frontFileId}`, { session });
      expect(image.body).toEqual(front);
      const stranger = await login(t.person("guardian"));
      expect((await send("GET", `/api/kela-card/images/${card.frontFileId}`, { session: stranger })).status).toBe(404);
    } finally {
      setStorage(local);
      setNow(FIXED_NOW);
    }
  });
});
