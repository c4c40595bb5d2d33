import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { FormBodyError, bodyCapOf, formLimitOf, readMultipart, uploadFormOf, type UploadFormLimits } from "./form-body";

const LIMITS: UploadFormLimits = { files: { photo: 100, attachments: 150 }, textBytes: 200 };

/** A multipart body as a browser sends it, in chunks of `chunk` bytes (a body arrives in pieces). */
async function bodyOf(fields: [string, string | File][], chunk = 7) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  const bytes = new Uint8Array(await request.arrayBuffer());
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += chunk) pieces.push(bytes.subarray(i, i + chunk));
  return { stream: Readable.from(pieces), type: request.headers.get("Content-Type")!, length: String(bytes.length) };
}

const file = (bytes: number, name = "a.bin") => new File([new Uint8Array(bytes).fill(65)], name);

async function read(fields: [string, string | File][], limits = LIMITS) {
  const body = await bodyOf(fields);
  return readMultipart(body.stream, body.type, body.length, limits);
}

describe("readMultipart", () => {
  it("keeps the text fields and the files within their limits, in the order they came", async () => {
    const { form, tooLarge } = await read([
      ["csrfToken", "token"],
      ["subject", "Aihe"],
      ["attachments", file(60, "one.pdf")],
      ["attachments", file(90, "two.pdf")],
      ["photo", file(100, "card.png")],
    ]);
    expect(tooLarge).toEqual([]);
    expect(form.get("csrfToken")).toBe("token");
    expect(form.get("subject")).toBe("Aihe");
    const attachments = form.getAll("attachments") as File[];
    expect(attachments.map((f) => [f.name, f.size])).toEqual([
      ["one.pdf", 60],
      ["two.pdf", 90],
    ]);
    expect((form.get("photo") as File).size).toBe(100);
  });

  it("drops a file field past its limit (all its files), names it, and still reads the fields after it", async () => {
    const { form, tooLarge } = await read([
      ["csrfToken", "token"],
      ["attachments", file(100, "one.pdf")],
      ["attachments", file(51, "two.pdf")],
      ["photo", file(101)],
      ["message", "Viesti tiedostojen jälkeen"],
    ]);
    expect(tooLarge.sort()).toEqual(["attachments", "photo"]);
    expect(form.getAll("attachments")).toEqual([]);
    expect(form.get("photo")).toBeNull();
    expect(form.get("csrfToken")).toBe("token");
    expect(form.get("message")).toBe("Viesti tiedostojen jälkeen");
  });

  it("keeps an empty file input as a nameless empty file, and drops a file field the form does not have", async () => {
    const { form } = await read([
      ["photo", new File([], "")],
      ["other", file(10)],
    ]);
    expect((form.get("photo") as File).size).toBe(0);
    expect(form.get("other")).toBeNull();
  });

  it("refuses more text than the form has with 413", async () => {
    await expect(read([["message", "x".repeat(201)]])).rejects.toEqual(new FormBodyError(413));
    await expect(
      read([
        ["a", "x".repeat(100)],
        ["b", "x".repeat(100)],
      ]),
    ).rejects.toEqual(new FormBodyError(413));
  });

  it("refuses a declared length past the cap before reading, and a body longer than it declared", async () => {
    const body = await bodyOf([["photo", file(10)]]);
    const cap = bodyCapOf(LIMITS);
    await expect(readMultipart(body.stream, body.type, String(cap + 1), LIMITS)).rejects.toEqual(
      new FormBodyError(413),
    );
    const tiny: UploadFormLimits = { files: { photo: 1 }, textBytes: 1 };
    const big = await bodyOf([["photo", file(100)]]);
    await expect(readMultipart(big.stream, big.type, undefined, tiny)).rejects.toEqual(new FormBodyError(413));
  });

  it("refuses a body that is not a multipart form with 400", async () => {
    await expect(
      readMultipart(Readable.from([Buffer.from("not a form")]), "multipart/form-data; boundary=x", "10", LIMITS),
    ).rejects.toEqual(new FormBodyError(400));
    await expect(readMultipart(Readable.from([]), "multipart/form-data", "0", LIMITS)).rejects.toEqual(
      new FormBodyError(400),
    );
  });
});

describe("the forms that take files", () => {
  it("are the message forms and the Kela card page, in every language and as React Router's data call", () => {
    for (const path of ["/fi/viestit/uusi", "/sv/meddelanden/ny", "/en/conversations/new", "/fi/viestit/12"])
      expect(uploadFormOf(path)?.files).toHaveProperty("attachments");
    expect(uploadFormOf("/fi/viestit/uusi.data")?.files).toHaveProperty("attachments");
    for (const path of ["/fi/omat-tiedot/kela-kortti", "/sv/mina-uppgifter/fpa-kort", "/en/my-information/kela-card"])
      expect(Object.keys(uploadFormOf(path)!.files)).toEqual(["front", "back"]);
    expect(uploadFormOf("/fi/omat-tiedot")).toBeNull();
    expect(uploadFormOf("/api/user")).toBeNull();
  });

  it("are read up to a few times their limit", () => {
    const kela = uploadFormOf("/fi/omat-tiedot/kela-kortti")!;
    expect(formLimitOf(kela)).toBe(2 * 5 * 1024 * 1024 + 64 * 1024);
    expect(bodyCapOf(kela)).toBe(4 * formLimitOf(kela));
  });
});
