/**
 * The Kela card through the real request handler: the form without JavaScript (multipart to the Kela card page),
 * the calls of the spec (init-upload, a PUT to the signed URL of the development storage, finish-upload, GET
 * /api/kela-card) and the images served to their owner only. The file storage is this test file's temporary folder.
 */
import { readFileSync, readdirSync, utimesSync } from "node:fs";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { logger } from "~/.server/logger";
import { LocalFileStorage, storage } from "~/.server/storage";
import { purgeAbandonedUploads } from "~/.server/storage/uploads";
import type { Person } from "~/.server/session";
import { sendAsBrowser, type SendOptions } from "./request-handler";
import { boundCsrfToken, clockAt, cookiePair, login, useTestDatabase } from "./test-db";

const t = useTestDatabase();
const csrfCookie = newCsrfCookieValue();

const PNG = new Uint8Array(readFileSync("tests/fixtures/kela-card-front.png"));
const JPEG = new Uint8Array(readFileSync("tests/fixtures/kela-card-back.jpg"));
const TEXT = new Uint8Array(readFileSync("tests/fixtures/not-an-image.png"));

const send = (method: string, url: string, options: SendOptions = {}) =>
  sendAsBrowser(csrfCookie, method, url, options);

/** The posted form of the Kela card page: `front` and `back` as files (name and declared type as a browser sends). */
function cardForm(files: {
  front?: [Uint8Array<ArrayBuffer>, string, string];
  back?: [Uint8Array<ArrayBuffer>, string, string];
}) {
  const form = new FormData();
  for (const side of ["front", "back"] as const) {
    const file = files[side];
    // An empty file input is sent as a file without a name or bytes.
    form.set(
      side,
      file ? new File([file[0]], file[1], { type: file[2] }) : new File([], "", { type: "application/octet-stream" }),
    );
  }
  return form;
}

const cardOf = async (p: Person) => (await t.db.select().from(s.kelaCards).where(eq(s.kelaCards.personId, p.id)))[0];
const filesOf = (p: Person) => t.db.select().from(s.storedFiles).where(eq(s.storedFiles.ownerId, p.id));
/** The keys of every Kela card file in the storage's folder, uploaded (incoming) or checked (sealed). */
function storedOnDisk(): string[] {
  return ["incoming", "sealed"].flatMap((folder) => {
    try {
      return readdirSync(path.join(t.uploadsDir, folder, "kela-card")).map((name) => `${folder}/kela-card/${name}`);
    } catch {
      return [];
    }
  });
}
/** The storage key a signed URL uploads to. */
const keyOf = (url: string) => new URL(url, "http://localhost").pathname.replace("/dev/uploads/", "");
const fileOnDisk = (key: string) => new Uint8Array(readFileSync(path.join(t.uploadsDir, ...key.split("/"))));
const logRows = async (p: Person, action: "read" | "write") =>
  (
    await t.db
      .select({ n: count() })
      .from(s.accessLog)
      .where(
        and(eq(s.accessLog.subjectId, p.id), eq(s.accessLog.resource, "kela-card"), eq(s.accessLog.action, action)),
      )
  )[0].n;

describe("the Kela card form without JavaScript", () => {
  it("saves a PNG front and a JPEG back, and shows them in My information, served to their owner only", async () => {
    const sanna = t.person("newCustomer");
    const session = await login(sanna);
    const before = await send("GET", "/fi/omat-tiedot", { session });
    expect(before.text).toMatch(/<form[^>]*enctype="multipart\/form-data"[^>]*method="post"/i);
    expect(before.text).toContain('action="/fi/omat-tiedot/kela-kortti"');
    expect(before.text).toMatch(/<input[^>]*type="file"[^>]*id="kela-card-front"[^>]*accept="image\/jpeg,image\/png"/);
    expect(before.text).toContain('<label class="field__label" for="kela-card-back">Kortin takapuoli</label>');

    const saved = await send("POST", "/fi/omat-tiedot/kela-kortti", {
      session,
      form: cardForm({ front: [PNG, "etu.png", "image/png"], back: [JPEG, "taka.jpg", "image/jpeg"] }),
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/fi/omat-tiedot");
    expect(saved.setCookie).toContain("myInformation.saved.kelaCard");

    const card = await cardOf(sanna);
    const files = await filesOf(sanna);
    const front = files.find((f) => f.id === card.frontFileId)!;
    const back = files.find((f) => f.id === card.backFileId)!;
    expect(front).toMatchObject({ contentType: "image/png", sizeBytes: PNG.byteLength, purpose: "kela-card" });
    expect(back).toMatchObject({ contentType: "image/jpeg", sizeBytes: JPEG.byteLength });
    expect(fileOnDisk(front.storageKey)).toEqual(PNG);
    expect(fileOnDisk(back.storageKey)).toEqual(JPEG);
    expect(await logRows(sanna, "write")).toBe(1);

    const page = await send("GET", "/fi/omat-tiedot", { session });
    expect(page.text).toContain(
      `<img class="kela-card__image" src="/api/kela-card/images/${front.id}" alt="Kela-kortti, etupuoli"/>`,
    );
    expect(page.text).toContain(`src="/api/kela-card/images/${back.id}" alt="Kela-kortti, takapuoli"`);
    // Without JavaScript "change images" leads to the form.
    expect(page.text).toMatch(/<a[^>]*href="\/fi\/omat-tiedot\/kela-kortti"[^>]*>Vaihda kuvat<\/a>/);

    const image = await send("GET", `/api/kela-card/images/${front.id}`, { session });
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("Cache-Control")).toBe("no-store");
    expect(image.body).toEqual(PNG);
    expect(await logRows(sanna, "read")).toBe(1);

    const other = await login(t.person("patient"));
    expect((await send("GET", `/api/kela-card/images/${front.id}`, { session: other })).status).toBe(404);
    expect((await send("GET", `/api/kela-card/images/${back.id}`)).status).toBe(401);
    for (const id of ["x", "00000000-0000-0000-0000-000000000000", front.id.toUpperCase()])
      expect((await send("GET", `/api/kela-card/images/${id}`, { session })).status, id).toBe(404);
    expect(await logRows(sanna, "read")).toBe(1);
  });

  it("refuses a text file named .png with 400 and the requirements, and stores nothing", async () => {
    const liisa = t.person("employee");
    const session = await login(liisa);
    const onDisk = storedOnDisk().length;
    const refused = await send("POST", "/en/my-information/kela-card", {
      session,
      form: cardForm({ front: [TEXT, "card.png", "image/png"], back: [JPEG, "back.jpg", "image/jpeg"] }),
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('class="error-summary"');
    expect(refused.text).toContain("<title>Error: Kela card");
    expect(refused.text).toContain(
      '<a href="#kela-card-front">The front side image does not meet the requirements. Allowed formats: JPEG, PNG.</a>',
    );
    expect(refused.text).toMatch(/id="kela-card-front"[^>]*aria-invalid="true"/);
    expect(await cardOf(liisa)).toBeUndefined();
    expect(await filesOf(liisa)).toEqual([]);
    expect(storedOnDisk()).toHaveLength(onDisk);
  });

  it("needs both images: one alone is refused with 400, as is one over 5 MB, and nothing is stored", async () => {
    const liisa = t.person("employee");
    const session = await login(liisa);
    const onDisk = storedOnDisk().length;
    const one = await send("POST", "/sv/mina-uppgifter/fpa-kort", {
      session,
      form: cardForm({ front: [PNG, "fram.png", "image/png"] }),
    });
    expect(one.status).toBe(400);
    expect(one.text).toContain("Välj en bild av kortets baksida. Båda bilderna behövs.");
    expect(one.text).not.toContain('href="#kela-card-front"');

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG.subarray(0, 8));
    const tooLarge = await send("POST", "/en/my-information/kela-card", {
      session,
      form: cardForm({ front: [big, "huge.png", "image/png"], back: [JPEG, "back.jpg", "image/jpeg"] }),
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.text).toContain("The front side image is too large. The largest allowed size is 5 MB.");

    const none = await send("POST", "/en/my-information/kela-card", { session, form: cardForm({}) });
    expect(none.status).toBe(400);
    expect(none.text).toContain("Choose a picture of the front side. Both images are needed.");
    expect(none.text).toContain("Choose a picture of the back side. Both images are needed.");
    expect(await filesOf(liisa)).toEqual([]);
    expect(storedOnDisk()).toHaveLength(onDisk);
  });

  it("needs a login and the CSRF token", async () => {
    const anonymous = await send("POST", "/fi/omat-tiedot/kela-kortti", {
      form: cardForm({ front: [PNG, "a.png", "image/png"], back: [JPEG, "b.jpg", "image/jpeg"] }),
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/fi\/kirjaudu/);
    const session = await login(t.person("employee"));
    const forged = await send("POST", "/fi/omat-tiedot/kela-kortti", {
      session,
      csrf: false,
      form: cardForm({ front: [PNG, "a.png", "image/png"], back: [JPEG, "b.jpg", "image/jpeg"] }),
    });
    expect(forged.status).toBe(403);
    expect(await cardOf(t.person("employee"))).toBeUndefined();
  });
});

type Init = {
  front: { url: string; headers: Record<string, string> };
  back: { url: string; headers: Record<string, string> };
  token: string;
};

async function init(session: string, mimetypes = { front: "image/png", back: "image/jpeg" }): Promise<Init> {
  const answer = await send("POST", `/api/kela-card/init-upload?csrfToken=${encodeURIComponent(token(session))}`, {
    session,
    csrf: false,
    json: { mimetypes },
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as Init;
}
const token = (session: string) => boundCsrfToken(csrfCookie, cookiePair(session));
/** The PUT a browser sends: the signed URL, exactly the headers init-upload gave, the file's bytes. */
const put = (
  session: string,
  target: Init["front"],
  bytes: Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
) => send("PUT", target.url, { session, body: bytes, headers: { ...target.headers, ...headers } });
const finish = (session: string, uploadToken: string, csrfToken: string | null = token(session)) =>
  send(
    "GET",
    `/api/kela-card/finish-upload?${new URLSearchParams({ ...(csrfToken === null ? {} : { csrfToken }), token: uploadToken })}`,
    { session, csrf: false },
  );

describe("the Kela card calls (with JavaScript)", () => {
  it("init → PUT to the signed URLs → finish → GET: the new images replace the old ones, for their owner only", async () => {
    const olli = t.person("myInfoAdult");
    const session = await login(olli);
    const seeded = await cardOf(olli);
    const oldFiles = await filesOf(olli);
    expect(oldFiles.map((f) => f.id).sort()).toEqual([seeded.frontFileId, seeded.backFileId].sort());

    const upload = await init(session);
    expect(upload.token).toMatch(/^[\w-]{43}$/);
    for (const [side, type] of [
      ["front", "image/png"],
      ["back", "image/jpeg"],
    ] as const) {
      expect(upload[side].url).toMatch(
        /^\/dev\/uploads\/incoming\/kela-card\/[0-9a-f-]{36}\?type=image%2F\w+&max=5242880&expires=\d+&signature=/,
      );
      expect(upload[side].headers).toEqual({ "Content-Type": type, "X-CSRF-Token": token(session) });
    }
    expect((await put(session, upload.front, PNG)).status).toBe(200);
    expect((await put(session, upload.back, JPEG)).status).toBe(200);
    // Nothing changes before finish-upload.
    expect((await cardOf(olli)).frontFileId).toBe(seeded.frontFileId);

    const done = await finish(session, upload.token);
    expect(done.status, done.text).toBe(200);
    expect(done.json).toEqual({ type: "success" });

    const current = await send("GET", "/api/kela-card", { session });
    expect(current.headers.get("Cache-Control")).toBe("no-store");
    const card = await cardOf(olli);
    expect(current.json).toEqual({
      imageUrl: {
        front: `/api/kela-card/images/${card.frontFileId}`,
        back: `/api/kela-card/images/${card.backFileId}`,
      },
    });
    const front = await send("GET", current.json.imageUrl.front, { session });
    expect(front.body).toEqual(PNG);
    expect(front.headers.get("Content-Type")).toBe("image/png");
    expect(front.headers.get("Cache-Control")).toBe("no-store");
    expect((await send("GET", current.json.imageUrl.back, { session })).body).toEqual(JPEG);
    const stranger = await login(t.person("guardian"));
    expect((await send("GET", current.json.imageUrl.back, { session: stranger })).status).toBe(404);
    expect((await send("GET", "/api/kela-card", { session: stranger })).json).toEqual({
      imageUrl: { front: null, back: null },
    });

    // The replaced images are gone: their rows, their files and their URLs.
    const files = await filesOf(olli);
    expect(files.map((f) => f.id).sort()).toEqual([card.frontFileId, card.backFileId].sort());
    for (const old of oldFiles) {
      expect(storedOnDisk()).not.toContain(old.storageKey);
      expect((await send("GET", `/api/kela-card/images/${old.id}`, { session })).status).toBe(404);
    }

    // A token works once.
    const again = await finish(session, upload.token);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ type: "AlreadyUsed" });
  });

  it("checks the stored bytes, not the type the PUT declared: a text file uploaded as image/png is refused and deleted", async () => {
    const matti = t.person("guardian");
    const session = await login(matti);
    const upload = await init(session, { front: "image/png", back: "image/png" });
    expect((await put(session, upload.front, TEXT)).status).toBe(200);
    expect((await put(session, upload.back, PNG)).status).toBe(200);
    const refused = await finish(session, upload.token);
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      type: "ValidationError",
      details: [
        {
          path: "front",
          message: "Etupuolen kuva ei täytä vaatimuksia. Sallitut tiedostomuodot: JPEG, PNG.",
        },
      ],
    });
    expect(await cardOf(matti)).toBeUndefined();
    expect(await filesOf(matti)).toEqual([]);
    for (const side of [upload.front, upload.back]) expect(storedOnDisk()).not.toContain(keyOf(side.url));
    // The token was used up by that try.
    expect((await finish(session, upload.token)).status).toBe(409);
  });

  it("refuses another person's token, an expired one and an upload without its files", async () => {
    const matti = t.person("guardian");
    const liisa = t.person("employee");
    const mattiSession = await login(matti);
    const liisaSession = await login(liisa);
    const upload = await init(mattiSession);
    await put(mattiSession, upload.front, PNG);
    await put(mattiSession, upload.back, JPEG);
    const foreign = await finish(liisaSession, upload.token);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ type: "NotFound" });
    expect(await cardOf(liisa)).toBeUndefined();
    // Someone else's try does not use the token up.
    expect((await finish(mattiSession, upload.token)).json).toEqual({ type: "success" });

    const late = await init(mattiSession);
    await put(mattiSession, late.front, PNG);
    await put(mattiSession, late.back, JPEG);
    clockAt(16 * 60);
    const expired = await finish(mattiSession, late.token);
    expect(expired.status).toBe(410);
    expect(expired.json).toEqual({ type: "Expired" });

    const empty = await init(mattiSession);
    await put(mattiSession, empty.front, PNG);
    const missing = await finish(mattiSession, empty.token);
    expect(missing.status).toBe(400);
    expect(missing.json.details).toEqual([
      { path: "back", message: "Valitse kuva kortin takapuolesta. Molemmat kuvat tarvitaan." },
    ]);
    expect((await finish(mattiSession, "A".repeat(43))).status).toBe(404);
    expect((await finish(mattiSession, "not a token")).status).toBe(400);
  });

  it("checks finish-upload's CSRF token itself (a GET that changes state): none or a wrong one is 403", async () => {
    const session = await login(t.person("senior"));
    const upload = await init(session);
    await put(session, upload.front, PNG);
    await put(session, upload.back, JPEG);
    expect((await finish(session, upload.token, null)).status).toBe(403);
    expect((await finish(session, upload.token, "x".repeat(43))).status).toBe(403);
    const otherSession = await login(t.person("senior"));
    expect((await finish(session, upload.token, token(otherSession))).status).toBe(403);
    expect((await finish(session, upload.token)).json).toEqual({ type: "success" });
  });

  it("takes only JPEG and PNG at init-upload, and needs a login", async () => {
    const session = await login(t.person("senior"));
    const gif = await send("POST", "/api/kela-card/init-upload", {
      session,
      json: { mimetypes: { front: "image/gif", back: "image/png" } },
    });
    expect(gif.status).toBe(400);
    expect(gif.json).toEqual({
      type: "ValidationError",
      details: [
        {
          path: "mimetypes.front",
          message: "Etupuolen kuva ei täytä vaatimuksia. Sallitut tiedostomuodot: JPEG, PNG.",
        },
      ],
    });
    expect(
      (
        await send("POST", "/api/kela-card/init-upload", {
          json: { mimetypes: { front: "image/png", back: "image/png" } },
        })
      ).status,
    ).toBe(401);
    expect((await send("GET", "/api/kela-card")).status).toBe(401);
  });

  it("takes at the signed URL only a PUT of the signed type, within the limit, with the signature intact", async () => {
    const session = await login(t.person("senior"));
    const upload = await init(session);
    const onDisk = storedOnDisk().length;
    expect((await put(session, upload.front, PNG, { "Content-Type": "text/html" })).status).toBe(415);
    expect((await put(session, upload.front, PNG, { "Content-Length": String(5 * 1024 * 1024 + 1) })).status).toBe(413);
    const tampered = { ...upload.front, url: upload.front.url.replace("max=5242880", "max=99999999") };
    expect((await put(session, tampered, PNG)).status).toBe(403);
    const otherKey = {
      ...upload.front,
      url: upload.front.url.replace(/kela-card\/[0-9a-f-]+/, "kela-card/0b0b0b0b-0000-4000-8000-000000000000"),
    };
    // Not even to the checked copy's key, with the upload's own signature.
    const sealedKey = {
      ...upload.front,
      url: upload.front.url.replace("/incoming/", "/sealed/"),
    };
    expect((await put(session, otherKey, PNG)).status).toBe(403);
    expect((await put(session, sealedKey, PNG)).status).toBe(403);
    expect((await send("POST", upload.front.url, { session, body: PNG, headers: upload.front.headers })).status).toBe(
      405,
    );
    // The URL is valid for 2 minutes (the browser starts its PUT at once).
    clockAt(2 * 60);
    expect((await put(session, upload.front, PNG)).status).toBe(403);
    expect(storedOnDisk()).toHaveLength(onDisk);
  });

  it("deletes the files of uploads never finished once older than any token lives, their rows an hour after", async () => {
    const erkki = t.person("senior");
    const session = await login(erkki);
    const abandoned = await init(session);
    await put(session, abandoned.front, PNG);
    const key = keyOf(abandoned.front.url);
    expect(storedOnDisk()).toContain(key);
    const saved = (await cardOf(erkki)) ?? null;
    await purgeAbandonedUploads(t.db, storage(), clockAt(19 * 60));
    expect(storedOnDisk()).toContain(key);
    // 20 minutes: the token (15) expired a while ago, so the file is swept; its row stays for the hour.
    await purgeAbandonedUploads(t.db, storage(), clockAt(21 * 60));
    expect(storedOnDisk()).not.toContain(key);
    expect((await filesOf(erkki)).some((f) => f.storageKey === key)).toBe(true);
    await purgeAbandonedUploads(t.db, storage(), clockAt(76 * 60));
    const left = await filesOf(erkki);
    expect(left.every((f) => f.uploadedAt !== null)).toBe(true);
    if (saved) expect(left.map((f) => f.id).sort()).toEqual([saved.frontFileId, saved.backFileId].sort());
    // The token is gone too (a fresh session: the first one went idle meanwhile).
    const later = await login(erkki);
    expect((await finish(later, abandoned.token)).status).toBe(404);
  });
});

describe("a checked upload cannot be replaced", () => {
  it("keeps the images finish-upload checked: a later PUT to the same URL is refused and changes nothing", async () => {
    const olli = t.person("myInfoAdult");
    const session = await login(olli);
    const upload = await init(session);
    await put(session, upload.front, PNG);
    await put(session, upload.back, JPEG);
    expect((await finish(session, upload.token)).json).toEqual({ type: "success" });
    const card = await cardOf(olli);
    const [front] = (await filesOf(olli)).filter((f) => f.id === card.frontFileId);
    // The card uses a copy of the checked bytes, and the uploaded file is gone.
    expect(front.storageKey).toBe(keyOf(upload.front.url).replace(/^incoming\//, "sealed/"));
    expect(fileOnDisk(front.storageKey)).toEqual(PNG);
    expect(storedOnDisk()).not.toContain(keyOf(upload.front.url));

    const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
    const replaced = await put(session, upload.front, html);
    expect(replaced.status).toBe(403);
    expect(replaced.text).toBe("closed");
    expect(storedOnDisk()).not.toContain(keyOf(upload.front.url));
    // Object storage cannot refuse a PUT within its URL's time: bytes landing at the upload's key change nothing.
    await storage().put(keyOf(upload.front.url), html, "image/png");
    const image = await send("GET", `/api/kela-card/images/${front.id}`, { session });
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.body).toEqual(PNG);
  });

  it("leaves nothing of a refused upload after housekeeping, even what its URL stored afterwards", async () => {
    const matti = t.person("guardian");
    const session = await login(matti);
    const before = await filesOf(matti);
    const upload = await init(session, { front: "image/png", back: "image/png" });
    await put(session, upload.front, TEXT);
    await put(session, upload.back, PNG);
    expect((await finish(session, upload.token)).status).toBe(400);
    expect(await filesOf(matti)).toEqual(before);
    // The development storage refuses the URL now; object storage would take it until it expires.
    expect((await put(session, upload.front, PNG)).status).toBe(403);
    await storage().put(keyOf(upload.front.url), TEXT, "image/png");
    expect(storedOnDisk()).toContain(keyOf(upload.front.url));
    await purgeAbandonedUploads(t.db, storage(), clockAt(21 * 60));
    const left = storedOnDisk();
    for (const side of [upload.front, upload.back]) {
      expect(left).not.toContain(keyOf(side.url));
      expect(left).not.toContain(keyOf(side.url).replace(/^incoming\//, "sealed/"));
    }
  });

  it("sweeps incoming files older than any token lives that belong to no open upload, and keeps open ones", async () => {
    const liisa = t.person("employee");
    const session = await login(liisa);
    // An orphan: bytes at an incoming key that no upload has.
    const orphan = "incoming/kela-card/0b0b0b0b-0000-4000-8000-00000000000a";
    await storage().put(orphan, PNG, "image/png");
    // An upload opened 25 minutes on whose file carries an older time (a storage clock behind the portal's).
    clockAt(25 * 60);
    const open = await init(session);
    clockAt(60);
    expect((await put(session, open.front, PNG)).status).toBe(200);
    clockAt(25 * 60);
    const fresh = await init(session);
    expect((await put(session, fresh.front, PNG)).status).toBe(200);
    // Touched by hand to look old, with no token behind it: a URL's late PUT after its upload was finished.
    const late = "incoming/kela-card/0b0b0b0b-0000-4000-8000-00000000000b";
    await storage().put(late, PNG, "image/png");
    utimesSync(path.join(t.uploadsDir, ...late.split("/")), new Date(0), new Date(0));

    await purgeAbandonedUploads(t.db, storage(), clockAt(25 * 60));
    const left = storedOnDisk();
    expect(left).not.toContain(orphan);
    expect(left).not.toContain(late);
    expect(left).toContain(keyOf(open.front.url));
    expect(left).toContain(keyOf(fresh.front.url));
    // And the kept one still finishes.
    await put(session, open.back, JPEG);
    expect((await finish(session, open.token)).json).toEqual({ type: "success" });
  });

  it("reports a storage that cannot be listed and goes on with the rest of housekeeping", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const failing = new LocalFileStorage(t.uploadsDir);
    failing.list = async () => {
      throw new Error("storage unreachable");
    };
    try {
      await expect(purgeAbandonedUploads(t.db, failing, clockAt(25 * 60))).resolves.toBeUndefined();
      expect(errors).toHaveBeenCalledWith(
        "unexpected error",
        expect.objectContaining({ error: "Error: storage unreachable", storagePrefix: "incoming/" }),
      );
    } finally {
      errors.mockRestore();
    }
  });
});
