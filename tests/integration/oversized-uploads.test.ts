/**
 * The forms that post files without JavaScript, through Express with the portal's body limits: a file over its
 * form's limit, even a body far over it, answers the form's page in the visitor's language with the error summary
 * and the field error, everything else typed is kept, the CSRF token is still checked, and nothing is written.
 * Only a body beyond a few times the limit is answered unread, with the error view of its language.
 */
import { readFileSync } from "node:fs";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CSRF_COOKIE, newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { bodyCapOf, uploadFormOf } from "~/.server/form-body";
import type { Person } from "~/.server/session";
import { sendRawPath } from "./request-handler";
import { boundCsrfToken, cookiePair, login, useTestDatabase } from "./test-db";

const t = useTestDatabase();
const csrfCookie = newCsrfCookieValue();

const PNG = new Uint8Array(readFileSync("tests/fixtures/kela-card-front.png"));
const JPEG = new Uint8Array(readFileSync("tests/fixtures/kela-card-back.jpg"));
const PDF = new Uint8Array(readFileSync("tests/fixtures/message-attachment.pdf"));
const MB = 1024 * 1024;

/** `bytes` long, starting with `head` (a real file's signature), the rest zeros. */
function fileOf(head: Uint8Array, bytes: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(bytes);
  out.set(head.subarray(0, Math.min(head.length, bytes)));
  return out;
}

/** A form as a browser without JavaScript posts it: the CSRF field first, then the fields in the page's order. */
async function multipart(
  csrfToken: string,
  fields: [string, string | File][],
): Promise<{ body: Uint8Array; type: string }> {
  const form = new FormData();
  form.append("csrfToken", csrfToken);
  for (const [name, value] of fields) form.append(name, value);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), type: request.headers.get("Content-Type")! };
}

async function post(path: string, session: string, fields: [string, string | File][], token?: string) {
  const sessionPair = cookiePair(session);
  const { body, type } = await multipart(token ?? boundCsrfToken(csrfCookie, sessionPair), fields);
  return sendRawPath("POST", path, {
    headers: {
      Cookie: `${CSRF_COOKIE()}=${csrfCookie}; ${sessionPair}`,
      "Content-Type": type,
      "Content-Length": String(body.byteLength),
    },
    body,
  });
}

const threadsOf = async (p: Person) =>
  (await t.db.select({ n: count() }).from(s.threads).where(eq(s.threads.personId, p.id)))[0].n;
const kelaCardOf = async (p: Person) => t.db.select().from(s.kelaCards).where(eq(s.kelaCards.personId, p.id));

describe("a new conversation without JavaScript, with an attachment over the limit", () => {
  it.each([
    ["/fi/viestit/uusi", "fi", "Virhe: ", "Liitetiedosto on liian suuri", "Tarkista seuraavat kentät"],
    ["/sv/meddelanden/ny", "sv", "Fel: ", "Bilagan är för stor", "Kontrollera följande fält"],
  ] as const)(
    "%s answers the form in %s with the summary, the field error and the typed text",
    async (path, lang, prefix, error, summary) => {
      const maija = t.person("patient");
      const session = await login(maija);
      const before = await threadsOf(maija);
      const answer = await post(path, session, [
        ["subject", "Kysymys laboratoriotuloksesta"],
        ["message", "Voisitteko kertoa, mitä tulos tarkoittaa?"],
        ["attachments", new File([fileOf(PDF, 10 * MB)], "tulos.pdf", { type: "application/pdf" })],
      ]);
      expect(answer.status).toBe(400);
      expect(answer.contentType).toMatch(/^text\/html/);
      expect(answer.text).toContain(`<html lang="${lang}"`);
      expect(answer.text).toMatch(new RegExp(`<title>${prefix}`));
      expect(answer.text).toContain(summary);
      expect(answer.text).toMatch(new RegExp(`<a href="#attachments">${error}`));
      expect(answer.text).toMatch(/<input[^>]*id="attachments"[^>]*aria-invalid="true"/);
      // Everything else typed is kept.
      expect(answer.text).toMatch(/<input[^>]*value="Kysymys laboratoriotuloksesta"/);
      expect(answer.text).toMatch(/<textarea[^>]*>Voisitteko kertoa, mitä tulos tarkoittaa\?<\/textarea>/);
      expect(await threadsOf(maija)).toBe(before);
    },
  );

  it("reports the missing subject and the attachment in one answer", async () => {
    const maija = t.person("patient");
    const session = await login(maija);
    const answer = await post("/en/conversations/new", session, [
      ["subject", ""],
      ["message", "Hello"],
      ["attachments", new File([fileOf(PDF, 10 * MB)], "result.pdf", { type: "application/pdf" })],
    ]);
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/<a href="#subject">/);
    expect(answer.text).toMatch(/<a href="#attachments">Attachment file is too large/);
  });

  it("still checks the CSRF token, and writes nothing without it", async () => {
    const maija = t.person("patient");
    const session = await login(maija);
    const before = await threadsOf(maija);
    const answer = await post(
      "/fi/viestit/uusi",
      session,
      [
        ["subject", "Aihe"],
        ["message", "Viesti"],
        ["attachments", new File([fileOf(PDF, 10 * MB)], "tulos.pdf", { type: "application/pdf" })],
      ],
      "forged-token",
    );
    expect(answer.status).toBe(403);
    expect(await threadsOf(maija)).toBe(before);
  });

  it("answers a body far beyond the limit unread, with the error view in the page's language", async () => {
    const maija = t.person("patient");
    const session = await login(maija);
    const sessionPair = cookiePair(session);
    const cap = bodyCapOf(uploadFormOf("/en/conversations/new")!);
    // Declared longer than the cap: the answer comes before the (never sent) rest of the body.
    const answer = await sendRawPath("POST", "/en/conversations/new", {
      headers: {
        Cookie: `${CSRF_COOKIE()}=${csrfCookie}; ${sessionPair}`,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(cap + 1),
      },
      body: "--x\r\n",
    });
    expect(answer.status).toBe(413);
    expect(answer.contentType).toMatch(/^text\/html/);
    expect(answer.headers.connection).toBe("close");
    expect(answer.text).toContain('<html lang="en"');
    expect(answer.text).toContain("The files are too large");
  });
});

describe("the Kela card form without JavaScript, with a photo over the limit", () => {
  it.each([
    ["/fi/omat-tiedot/kela-kortti", "fi", "Virhe: ", "Etupuolen kuva on liian suuri"],
    ["/en/my-information/kela-card", "en", "Error: ", "The front side image is too large"],
  ] as const)("%s answers the form in %s with the summary and the side's error", async (path, lang, prefix, error) => {
    const olli = t.person("myInfoAdult");
    const session = await login(olli);
    const before = await kelaCardOf(olli);
    const answer = await post(path, session, [
      ["front", new File([fileOf(JPEG, 11 * MB)], "etupuoli.jpg", { type: "image/jpeg" })],
      ["back", new File([PNG], "takapuoli.png", { type: "image/png" })],
    ]);
    expect(answer.status).toBe(400);
    expect(answer.contentType).toMatch(/^text\/html/);
    expect(answer.text).toContain(`<html lang="${lang}"`);
    expect(answer.text).toMatch(new RegExp(`<title>${prefix}`));
    expect(answer.text).toMatch(new RegExp(`<a href="#kela-card-front">${error}`));
    expect(answer.text).toMatch(/<input[^>]*id="kela-card-front"[^>]*aria-invalid="true"/);
    // The card stays as it was.
    expect(await kelaCardOf(olli)).toEqual(before);
  });

  it("still saves two images within the limit through the same reading", async () => {
    const sanna = t.person("newCustomer");
    const session = await login(sanna);
    const answer = await post("/fi/omat-tiedot/kela-kortti", session, [
      ["front", new File([PNG], "etupuoli.png", { type: "image/png" })],
      ["back", new File([JPEG], "takapuoli.jpg", { type: "image/jpeg" })],
    ]);
    expect(answer.status).toBe(302);
    expect(await kelaCardOf(sanna)).toHaveLength(1);
  });
});

describe("a questionnaire's step without JavaScript, with files over the step's limit", () => {
  it("answers the step with the question's error, keeps what was typed and stores no file", async () => {
    const maija = t.person("patient");
    const session = await login(maija);
    const [invitation] = await t.db
      .insert(s.questionnaireInvitations)
      .values({
        personId: maija.id,
        title: "Liitteet",
        createdAt: new Date(),
        form: {
          elements: [
            { type: "comment", name: "note", title: "Lisätietoja" },
            { type: "file", name: "results", title: "Tulokset", allowMultiple: true },
          ],
        },
      })
      .returning({ id: s.questionnaireInvitations.id });
    const answer = await post(`/fi/kyselyt/${invitation.id}`, session, [
      ["page", "0"],
      ["shown", "note"],
      ["shown", "results"],
      ["answer:note", "Tulokset ovat viime keväältä."],
      ["file:results", new File([fileOf(PDF, 6 * MB)], "tulos.pdf", { type: "application/pdf" })],
      ["file:results", new File([fileOf(PDF, 5 * MB)], "toinen.pdf", { type: "application/pdf" })],
      ["intent", "send"],
    ]);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('<html lang="fi"');
    expect(answer.text).toMatch(/<a href="#q-results">Tulokset: Tiedosto on liian suuri\. [^<]*9 Mt/);
    expect(answer.text).toMatch(/<textarea[^>]*>Tulokset ovat viime keväältä\.<\/textarea>/);
    const stored = await t.db
      .select({ n: count() })
      .from(s.questionnaireFiles)
      .where(eq(s.questionnaireFiles.invitationId, invitation.id));
    expect(stored[0].n).toBe(0);
    const [sent] = await t.db
      .select()
      .from(s.questionnaireInvitations)
      .where(eq(s.questionnaireInvitations.id, invitation.id));
    expect(sent.answeredAt).toBeNull();
  });
});
