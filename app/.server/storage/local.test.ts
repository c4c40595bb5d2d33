import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setNow } from "../clock";
import { isIncomingKey, isSealedKey, isStorageKey, newIncomingKey, newSealedKey, sealedKeyOf } from "./file-storage";
import { LocalFileStorage } from "./local";

const NOW = new Date("2026-11-20T10:00:00Z");
const RULES = { contentType: "image/png", maxBytes: 1000, expiresInSeconds: 600 };
let root = "";
let store: LocalFileStorage;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "portal-storage-"));
  store = new LocalFileStorage(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The parts of a signed URL's request that the check reads, with overrides. */
async function upload(
  overrides: Partial<Parameters<LocalFileStorage["checkUpload"]>[0]> = {},
  key = "incoming/kela-card/a1",
) {
  const signed = await store.signUpload(key, RULES, NOW);
  const url = new URL(signed.url, "http://localhost");
  return {
    signed,
    request: {
      method: "PUT",
      key: url.pathname.replace(/^\/dev\/uploads\//, ""),
      query: url.searchParams,
      contentType: signed.headers["Content-Type"],
      contentLength: "500",
      ...overrides,
    },
  };
}

describe("local signed upload URLs", () => {
  it("signs a PUT of one key with its type, size limit and expiry, and accepts exactly that", async () => {
    const { signed, request } = await upload();
    expect(signed.url).toMatch(
      /^\/dev\/uploads\/incoming\/kela-card\/a1\?type=image%2Fpng&max=1000&expires=\d+&signature=[\w-]{43}$/,
    );
    expect(signed.headers).toEqual({ "Content-Type": "image/png" });
    expect(signed.expiresAt).toEqual(new Date(NOW.getTime() + 600_000));
    expect(store.checkUpload(request, NOW)).toBeNull();
    expect(store.checkUpload({ ...request, contentLength: "1000" }, new Date(NOW.getTime() + 599_000))).toBeNull();
  });

  it("refuses an expired URL", async () => {
    const { request } = await upload();
    expect(store.checkUpload(request, new Date(NOW.getTime() + 600_000))).toEqual({ reason: "expired", status: 403 });
  });

  it("refuses another method", async () => {
    const { request } = await upload();
    for (const method of ["POST", "GET", "DELETE"])
      expect(store.checkUpload({ ...request, method }, NOW)).toEqual({ reason: "method", status: 405 });
  });

  it("refuses another content type than the signed one", async () => {
    const { request } = await upload();
    for (const contentType of ["image/jpeg", "text/plain", "image/png; x=1", null])
      expect(store.checkUpload({ ...request, contentType }, NOW)).toEqual({ reason: "contentType", status: 415 });
    expect(store.checkUpload({ ...request, contentType: "IMAGE/PNG" }, NOW)).toBeNull();
  });

  it("refuses a body over the signed limit, or of unknown length, before reading it", async () => {
    const { request } = await upload();
    expect(store.checkUpload({ ...request, contentLength: "1001" }, NOW)).toEqual({ reason: "tooLarge", status: 413 });
    expect(store.checkUpload({ ...request, contentLength: null }, NOW)).toEqual({
      reason: "lengthRequired",
      status: 411,
    });
    expect(store.checkUpload({ ...request, contentLength: "1e3" }, NOW)).toEqual({
      reason: "lengthRequired",
      status: 411,
    });
  });

  it("refuses a tampered signature, or a signed part changed: key, type, limit or expiry", async () => {
    const { request } = await upload();
    const changed = (name: string, value: string) => {
      const query = new URLSearchParams(request.query);
      query.set(name, value);
      return store.checkUpload({ ...request, query }, NOW);
    };
    const signature = request.query.get("signature")!;
    const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    const refused = { reason: "signature", status: 403 };
    expect(changed("signature", flipped)).toEqual(refused);
    expect(changed("signature", "")).toEqual(refused);
    expect(changed("max", "999999999")).toEqual(refused);
    expect(changed("expires", String(Number(request.query.get("expires")) + 3600))).toEqual(refused);
    expect(changed("type", "text/html")).toEqual(refused);
    expect(store.checkUpload({ ...request, key: "incoming/kela-card/a2" }, NOW)).toEqual(refused);
    expect(store.checkUpload({ ...request, key: "../../etc/passwd" }, NOW)).toEqual(refused);
  });
});

describe("local file storage", () => {
  it("puts, stats, gets and deletes a file under its key; a missing file is null", async () => {
    const key = newSealedKey("kela-card");
    expect(await store.get(key)).toBeNull();
    expect(await store.stat(key)).toBeNull();
    await store.put(key, new Uint8Array([1, 2, 3]), "image/png");
    expect(await store.stat(key)).toEqual({ size: 3, contentType: null });
    expect([...(await store.get(key))!]).toEqual([1, 2, 3]);
    await store.delete(key);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect((await readdir(path.join(root, "sealed", "kela-card"))).filter((f) => f.endsWith(".part"))).toEqual([]);
  });

  it("stores a checked upload's body up to the limit, and nothing of a longer one", async () => {
    const body = (size: number) => new Response(new Uint8Array(size).fill(7)).body;
    expect(await store.receive("incoming/kela-card/b1", body(1000), 1000)).toBe(true);
    expect((await store.stat("incoming/kela-card/b1"))?.size).toBe(1000);
    expect(await store.receive("incoming/kela-card/b2", body(1001), 1000)).toBe(false);
    expect(await store.stat("incoming/kela-card/b2")).toBeNull();
  });

  it("takes only keys the portal makes", async () => {
    expect(isStorageKey(newIncomingKey("kela-card"))).toBe(true);
    for (const key of [
      "../x/y",
      "kela-card",
      "kela-card/",
      "/kela-card/x",
      "kela-card/../x",
      "Kela-card/x",
      "a/b\u0000",
    ])
      expect(isStorageKey(key), key).toBe(false);
    await expect(store.get("../../etc/passwd")).rejects.toThrow(/not a storage key/);
    await expect(store.signUpload("incoming/kela-card/../x", RULES, NOW)).rejects.toThrow(/not a storage key/);
  });
});

describe("incoming and sealed keys", () => {
  afterEach(() => setNow(null));

  it("signs uploads to incoming keys only, and takes a PUT to no other key, whatever its signature", async () => {
    const incoming = newIncomingKey("message-attachment");
    expect(incoming).toMatch(/^incoming\/message-attachment\/[0-9a-f-]{36}$/);
    expect(isIncomingKey(incoming) && !isSealedKey(incoming)).toBe(true);
    const sealed = sealedKeyOf(incoming);
    expect(sealed).toBe(incoming.replace(/^incoming\//, "sealed/"));
    expect(isSealedKey(sealed) && !isIncomingKey(sealed)).toBe(true);
    // Files stored before sealing existed are served as they are: no URL is signed for them any more.
    expect(isSealedKey("kela-card/0f9e")).toBe(true);
    for (const key of [sealed, newSealedKey("kela-card"), "kela-card/0f9e"])
      await expect(store.signUpload(key, RULES, NOW), key).rejects.toThrow(/incoming keys only/);
    expect(() => sealedKeyOf(sealed)).toThrow(/already sealed/);
    expect(sealedKeyOf("kela-card/0f9e")).toBe("sealed/kela-card/0f9e");

    // The signature of an incoming key, moved to the sealed key of the same name, is refused.
    const { request } = await upload({}, incoming);
    expect(store.checkUpload(request, NOW)).toBeNull();
    for (const key of [sealed, "kela-card/" + incoming.split("/")[2]])
      expect(store.checkUpload({ ...request, key }, NOW), key).toEqual({ reason: "signature", status: 403 });
  });

  it("lists the files under a folder with the portal's clock as their time, leaving out files being written", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "portal-list-"));
    try {
      const own = new LocalFileStorage(folder);
      expect(await own.list("incoming/")).toEqual([]);
      setNow(new Date("2026-11-20T09:00:00Z"));
      await own.put("incoming/kela-card/old", new Uint8Array([1]), "image/png");
      setNow(NOW);
      await own.put("incoming/message-attachment/new", new Uint8Array([2]), "application/pdf");
      await own.put("sealed/kela-card/kept", new Uint8Array([3]), "image/png");
      await writeFile(path.join(folder, "incoming", "kela-card", "half.abc123.part"), "x");
      const listed = await own.list("incoming/");
      expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
        { key: "incoming/kela-card/old", lastModified: new Date("2026-11-20T09:00:00Z") },
        { key: "incoming/message-attachment/new", lastModified: NOW },
      ]);
      expect((await own.list("sealed/kela-card/")).map((o) => o.key)).toEqual(["sealed/kela-card/kept"]);
      await expect(own.list("../")).rejects.toThrow(/not a storage prefix/);
      await expect(own.list("incoming")).rejects.toThrow(/not a storage prefix/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
