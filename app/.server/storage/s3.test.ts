import { describe, expect, it } from "vitest";
import { S3FileStorage } from "./s3";

const NOW = new Date("2026-11-20T10:00:00Z");
const RULES = { contentType: "image/jpeg", maxBytes: 5 * 1024 * 1024, expiresInSeconds: 600 };
const CONFIG = {
  bucket: "portal-files",
  region: "eu-north-1",
  accessKeyId: "AKIAEXAMPLEEXAMPLE",
  secretAccessKey: "secret/example/key",
};

// Signing is local to the SDK: these tests make no network calls.
describe("S3 presigned uploads", () => {
  it("signs a PUT of the key that must carry exactly the content type, for the given time", async () => {
    const store = new S3FileStorage({ ...CONFIG, endpoint: "https://objects.example:9000" });
    const signed = await store.signUpload("incoming/kela-card/0f9e", RULES, NOW);
    const url = new URL(signed.url);
    expect(url.origin).toBe("https://objects.example:9000");
    expect(store.uploadOrigin).toBe("https://objects.example:9000");
    expect(url.pathname).toBe("/portal-files/incoming/kela-card/0f9e");
    const q = url.searchParams;
    expect(q.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(q.get("X-Amz-Credential")).toBe("AKIAEXAMPLEEXAMPLE/20261120/eu-north-1/s3/aws4_request");
    expect(q.get("X-Amz-Date")).toBe("20261120T100000Z");
    expect(q.get("X-Amz-Expires")).toBe("600");
    expect(q.get("X-Amz-SignedHeaders")?.split(";")).toEqual(expect.arrayContaining(["content-type", "host"]));
    expect(q.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    // No checksum the browser's PUT would have to match.
    expect([...q.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
    expect(signed.headers).toEqual({ "Content-Type": "image/jpeg" });
    expect(signed.expiresAt).toEqual(new Date(NOW.getTime() + 600_000));
  });

  it("signs differently for another content type", async () => {
    const store = new S3FileStorage({ ...CONFIG, endpoint: "https://objects.example" });
    const jpeg = new URL((await store.signUpload("incoming/kela-card/0f9e", RULES, NOW)).url);
    const png = new URL(
      (await store.signUpload("incoming/kela-card/0f9e", { ...RULES, contentType: "image/png" }, NOW)).url,
    );
    expect(png.searchParams.get("X-Amz-Signature")).not.toBe(jpeg.searchParams.get("X-Amz-Signature"));
  });

  it("addresses AWS itself by the bucket's host name", async () => {
    const store = new S3FileStorage({ ...CONFIG, endpoint: null });
    expect(store.uploadOrigin).toBe("https://portal-files.s3.eu-north-1.amazonaws.com");
    const url = new URL((await store.signUpload("incoming/kela-card/0f9e", RULES, NOW)).url);
    expect(url.origin).toBe(store.uploadOrigin);
    expect(url.pathname).toBe("/incoming/kela-card/0f9e");
  });

  it("takes only keys the portal makes", async () => {
    const store = new S3FileStorage({ ...CONFIG, endpoint: null });
    await expect(store.signUpload("../other-bucket/x", RULES, NOW)).rejects.toThrow(/not a storage key/);
  });

  it("signs no URL for a key outside incoming/: checked files are kept where no upload can reach", async () => {
    const store = new S3FileStorage({ ...CONFIG, endpoint: null });
    for (const key of ["sealed/kela-card/0f9e", "kela-card/0f9e"])
      await expect(store.signUpload(key, RULES, NOW), key).rejects.toThrow(/incoming keys only/);
  });
});
