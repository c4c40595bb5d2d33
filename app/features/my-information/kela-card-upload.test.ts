import { afterEach, describe, expect, it, vi } from "vitest";
import { KelaCardUploadError, progressPercent, uploadKelaCard } from "./kela-card-upload";

describe("progressPercent", () => {
  it("is the whole percent uploaded", () => {
    expect(progressPercent(0, 200)).toBe(0);
    expect(progressPercent(101, 200)).toBe(51);
    expect(progressPercent(200, 200)).toBe(100);
  });

  it("refuses anything outside 0–100 (spec §5)", () => {
    expect(() => progressPercent(201, 200)).toThrow(RangeError);
    expect(() => progressPercent(-1, 100)).toThrow(RangeError);
    expect(() => progressPercent(0, 0)).toThrow(RangeError);
    expect(() => progressPercent(Number.NaN, 10)).toThrow(RangeError);
  });
});

/** A stand-in XMLHttpRequest that records what is sent and plays the given upload progress, then `status`. */
class FakeXhr {
  static sent: { method: string; url: string; headers: Record<string, string>; body: unknown; timeout: number }[] = [];
  static progress: [number, number][] = [
    [50, 100],
    [100, 100],
  ];
  static status = 200;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  timeout = 0;
  status = 0;
  #request = { method: "", url: "", headers: {} as Record<string, string> };
  open(method: string, url: string) {
    this.#request = { method, url, headers: {} };
  }
  setRequestHeader(name: string, value: string) {
    this.#request.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    FakeXhr.sent.push({ ...this.#request, body, timeout: this.timeout });
    queueMicrotask(() => {
      for (const [loaded, total] of FakeXhr.progress)
        this.upload.onprogress?.({ lengthComputable: true, loaded, total });
      this.status = FakeXhr.status;
      this.onload?.();
    });
  }
}

const FILES = {
  front: { file: new File([new Uint8Array([0x89, 0x50])], "front.png"), type: "image/png" as const },
  back: { file: new File([new Uint8Array([0xff, 0xd8])], "back.jpg"), type: "image/jpeg" as const },
};
const INIT = {
  front: { url: "https://objects.example/b/kela-card/1?sig=1", headers: { "Content-Type": "image/png" } },
  back: { url: "https://objects.example/b/kela-card/2?sig=2", headers: { "Content-Type": "image/jpeg" } },
  token: "t".repeat(43),
};

function fakeServer(answers: Record<string, [number, unknown]>) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const [status, body] = answers[url.split("?")[0]] ?? [404, {}];
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  FakeXhr.sent = [];
  FakeXhr.status = 200;
  FakeXhr.progress = [
    [50, 100],
    [100, 100],
  ];
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const noop = { onProgress: () => {}, onUploaded: () => {} };

describe("uploadKelaCard", () => {
  it("inits with the detected types, PUTs each file with exactly the given headers, finishes with the token, loads the images", async () => {
    const calls = fakeServer({
      "/api/kela-card/init-upload": [200, INIT],
      "/api/kela-card/finish-upload": [200, { type: "success" }],
      "/api/kela-card": [200, { imageUrl: { front: "/api/kela-card/images/a", back: "/api/kela-card/images/b" } }],
    });
    const progress: string[] = [];
    const images = await uploadKelaCard(FILES, "csrf-1", {
      onProgress: (side, p) => progress.push(`${side} ${p}`),
      onUploaded: (side) => progress.push(`${side} done`),
    });
    expect(images).toEqual({ front: "/api/kela-card/images/a", back: "/api/kela-card/images/b" });
    expect(calls[0].url).toBe("/api/kela-card/init-upload?csrfToken=csrf-1");
    expect(calls[0].init?.method).toBe("POST");
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ mimetypes: { front: "image/png", back: "image/jpeg" } });
    expect(FakeXhr.sent).toEqual([
      { method: "PUT", url: INIT.front.url, headers: INIT.front.headers, body: FILES.front.file, timeout: 120_000 },
      { method: "PUT", url: INIT.back.url, headers: INIT.back.headers, body: FILES.back.file, timeout: 120_000 },
    ]);
    expect(calls[1].url).toBe(`/api/kela-card/finish-upload?csrfToken=csrf-1&token=${INIT.token}`);
    expect(calls[2].url).toBe("/api/kela-card");
    expect(progress).toEqual(["front 50", "front 100", "back 50", "back 100", "front done", "back done"]);
  });

  it("fails on progress outside 0–100, on a refused PUT, and passes on the server's messages per side", async () => {
    fakeServer({ "/api/kela-card/init-upload": [200, INIT] });
    FakeXhr.progress = [[150, 100]];
    await expect(uploadKelaCard(FILES, "c", noop)).rejects.toMatchObject({ step: "put" });

    fakeServer({ "/api/kela-card/init-upload": [200, INIT] });
    FakeXhr.status = 403;
    await expect(uploadKelaCard(FILES, "c", noop)).rejects.toBeInstanceOf(KelaCardUploadError);

    fakeServer({
      "/api/kela-card/init-upload": [200, INIT],
      "/api/kela-card/finish-upload": [
        400,
        { type: "ValidationError", details: [{ path: "front", message: "Not an image" }] },
      ],
    });
    await expect(uploadKelaCard(FILES, "c", noop)).rejects.toMatchObject({
      step: "finish",
      details: { front: "Not an image" },
    });

    fakeServer({
      "/api/kela-card/init-upload": [200, INIT],
      "/api/kela-card/finish-upload": [200, { type: "success" }],
      "/api/kela-card": [500, {}],
    });
    await expect(uploadKelaCard(FILES, "c", noop)).rejects.toMatchObject({ step: "load" });
  });
});
