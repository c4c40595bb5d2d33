import { Readable } from "node:stream";
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

type Sent = { method: string; path: string; query: Record<string, string | string[] | null> };

/** A stand-in for the network: records each request and answers it with the next of `answers` (status, XML body). */
function fakeTransport(answers: { status: number; body: string }[]) {
  const sent: Sent[] = [];
  const transport = {
    async handle(request: Sent) {
      sent.push({ method: request.method, path: request.path, query: { ...request.query } });
      const answer = answers.shift() ?? { status: 500, body: "" };
      return {
        response: {
          statusCode: answer.status,
          headers: { "content-type": "application/xml" },
          body: Readable.from([Buffer.from(answer.body)]),
        },
      };
    },
  };
  return { sent, transport };
}

const listPage = (objects: [string, string][], next: string | null) => `<?xml version="1.0" encoding="UTF-8"?>
<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
  <Name>portal-files</Name><Prefix>incoming/</Prefix><KeyCount>${objects.length}</KeyCount><MaxKeys>1000</MaxKeys>
  <IsTruncated>${next ? "true" : "false"}</IsTruncated>${next ? `<NextContinuationToken>${next}</NextContinuationToken>` : ""}
  ${objects.map(([key, at]) => `<Contents><Key>${key}</Key><LastModified>${at}</LastModified><Size>5</Size></Contents>`).join("")}
</ListBucketResult>`;

describe("S3 listing, for housekeeping", () => {
  it("lists every object under the prefix with its time, page after page (ListObjectsV2)", async () => {
    const { sent, transport } = fakeTransport([
      { status: 200, body: listPage([["incoming/kela-card/a1", "2026-11-20T09:00:00.000Z"]], "page-2") },
      {
        status: 200,
        body: listPage(
          [
            ["incoming/message-attachment/b2", "2026-11-20T09:59:00.000Z"],
            // Not a key the portal makes: left alone.
            ["incoming/Other Thing", "2026-11-20T09:00:00.000Z"],
          ],
          null,
        ),
      },
    ]);
    const store = new S3FileStorage({ ...CONFIG, endpoint: "https://objects.example:9000" }, transport);
    expect(await store.list("incoming/")).toEqual([
      { key: "incoming/kela-card/a1", lastModified: new Date("2026-11-20T09:00:00Z") },
      { key: "incoming/message-attachment/b2", lastModified: new Date("2026-11-20T09:59:00Z") },
    ]);
    expect(sent).toHaveLength(2);
    for (const request of sent) {
      expect(request.method).toBe("GET");
      expect(request.path).toMatch(/^\/portal-files\/?$/);
      expect(request.query).toMatchObject({ "list-type": "2", prefix: "incoming/" });
    }
    expect(sent[0].query["continuation-token"]).toBeUndefined();
    expect(sent[1].query["continuation-token"]).toBe("page-2");
    await expect(store.list("../")).rejects.toThrow(/not a storage prefix/);
  });

  it("deletes one object by its key (the sweep's call)", async () => {
    const { sent, transport } = fakeTransport([{ status: 204, body: "" }]);
    const store = new S3FileStorage({ ...CONFIG, endpoint: "https://objects.example:9000" }, transport);
    await store.delete("incoming/kela-card/a1");
    expect(sent).toEqual([{ method: "DELETE", path: "/portal-files/incoming/kela-card/a1", query: expect.anything() }]);
  });
});
