/**
 * Visits and sick-leave certificates through the real request handler: the acting person's visits released to
 * patients, a visit's report (diagnoses and texts only when there are any, the patient's name and identity code for
 * paper only), the page's own 404 for anything not theirs, the certificates since 2022 with their PDFs, the
 * children's brand without certificates, and an access-log row for every read.
 */
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { sendAsBrowser, type SendOptions } from "./request-handler";
import { login, useTestDatabase, type DemoKey } from "./test-db";

const t = useTestDatabase();
const csrfCookie = newCsrfCookieValue();
const send = (path: string, options: SendOptions = {}) => sendAsBrowser(csrfCookie, "GET", path, options);
const as = async (key: DemoKey, path: string, options: SendOptions = {}) =>
  send(path, { ...options, session: await login(t.person(key)) });
const PIKKUJATTI = "pikkujatti.localhost:3000";

/** The person's visits in the seed's order: Maija's are a doctor's, a gynaecologist's, a nurse's and a hidden one. */
async function visitIds(key: DemoKey) {
  const rows = await t.db
    .select({ id: s.visits.id, restriction: s.visits.viewRestriction, specialtyId: s.visits.specialtyId })
    .from(s.visits)
    .where(eq(s.visits.personId, t.person(key).id))
    .orderBy(asc(s.visits.id));
  return rows;
}

async function maijaVisits() {
  const rows = await visitIds("patient");
  const shown = rows.filter((r) => r.restriction === "patient");
  const hidden = rows.find((r) => r.restriction === "professional");
  const nurse = rows.find((r) => r.specialtyId === "HOI");
  expect(shown).toHaveLength(3);
  expect(hidden && nurse).toBeTruthy();
  return { doctor: shown[0]!.id, gynaecologist: shown[1]!.id, nurse: nurse!.id, hidden: hidden!.id };
}

async function maijaCertificates() {
  const rows = await t.db
    .select({ id: s.certificates.id, type: s.certificates.type, createdAt: s.certificates.createdAt })
    .from(s.certificates)
    .where(eq(s.certificates.personId, t.person("patient").id))
    .orderBy(asc(s.certificates.id));
  expect(rows).toHaveLength(3);
  const old = rows.find((r) => r.createdAt.getUTCFullYear() === 2021)!;
  const doctor = rows.find((r) => r.type === "medicalCertificateA" && r !== old)!;
  const nurse = rows.find((r) => r.type === "nurse")!;
  return { doctor: doctor.id, nurse: nurse.id, old: old.id };
}

async function accessRows(key: DemoKey, resource: string) {
  return t.db
    .select({ actorId: s.accessLog.actorId, subjectId: s.accessLog.subjectId, resourceId: s.accessLog.resourceId })
    .from(s.accessLog)
    .where(and(eq(s.accessLog.actorId, t.person(key).id), eq(s.accessLog.resource, resource)));
}

describe("visits", () => {
  it("lists Maija's three visits newest first, without the one released to professionals only", async () => {
    const ids = await maijaVisits();
    const page = await as("patient", "/fi/kaynnit");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Käynnit</h1>");
    expect(page.text).toContain("<title>Käynnit – Solmu</title>");
    const links = [...page.text.matchAll(/href="\/fi\/kaynnit\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(links).toEqual([ids.doctor, ids.gynaecologist, ids.nurse]);
    expect(links).not.toContain(ids.hidden);
    expect(page.text).toContain("21.10.2026 klo 09.00");
    for (const text of ["Yleislääkäri", "Anna Aho", "Gynekologia", "Noora Nurmi", "Sairaanhoitaja", "Helena Heikkinen"])
      expect(page.text).toContain(text);
    expect(page.text).not.toContain("Ei käyntejä");

    const en = await as("patient", "/en/visits");
    expect(en.text).toContain("<h1>Visits</h1>");
    expect(en.text).toContain("21 October 2026 at 09:00");
    expect(en.text).toContain("General practitioner");
    expect(en.text).toContain("Gynaecology");
  });

  it("says there are no visits in each language", async () => {
    expect((await as("newCustomer", "/fi/kaynnit")).text).toContain("Ei käyntejä");
    expect((await as("newCustomer", "/sv/besoken")).text).toContain("Inga besök");
    expect((await as("newCustomer", "/en/visits")).text).toContain("No visits");
  });

  it("shows a visit's practitioner, diagnoses and report texts, the texts marked Finnish", async () => {
    const { doctor } = await maijaVisits();
    const page = await as("patient", `/fi/kaynnit/${doctor}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Käynti 21.10.2026 klo 09.00</h1>");
    expect(page.text).toContain("Anna Aho");
    expect(page.text).toContain('<span class="avatar avatar--initials" aria-hidden="true">AA</span>');
    expect(page.text).toContain('<h2 id="visit-diagnoses">Diagnoosit</h2>');
    expect(page.text).toMatch(
      /<ul class="visit__diagnoses" lang="fi"><li><span class="visit__code">J06.9<\/span> Ylähengitystieinfektio<\/li>/,
    );
    expect(page.text).toContain('<h2 id="visit-report">Käyntikertomus</h2>');
    for (const title of ["Tulosyy", "Tutkimukset", "Hoito-ohjeet"])
      expect(page.text).toMatch(new RegExp(`<div class="visit__text" lang="fi"><h3>${title}</h3>`));
    expect(page.text).toContain('<p class="visit__body">Kurkkukipu ja nuha viiden päivän ajan, ei kuumetta.</p>');
    // Without scripts the page tells how to print; the link back to the list is there.
    expect(page.text).toContain("Tulosta tämä sivu selaimesi tulostustoiminnolla.");
    expect(page.text).toMatch(/<a href="\/fi\/kaynnit"[^>]*>Kaikki käynnit<\/a>/);

    const en = await as("patient", `/en/visits/${doctor}`);
    expect(en.text).toContain("<h1>Visit on 21 October 2026 at 09:00</h1>");
    expect(en.text).toContain('<span class="muted">General practitioner</span>');
    expect(en.text).toContain("Diagnoses");
    expect(en.text).toContain("Print this page with your browser&#x27;s print command.");
    expect(en.text).toMatch(/<a href="\/en\/visits"[^>]*>All visits<\/a>/);
  });

  it("prints the patient's name and identity code, in a block shown on paper only", async () => {
    const { doctor } = await maijaVisits();
    const maija = t.person("patient");
    const page = await as("patient", `/fi/kaynnit/${doctor}`);
    const start = page.text.indexOf('<div class="print-only visit__patient">');
    expect(start).toBeGreaterThan(0);
    const block = page.text.slice(start, page.text.indexOf("</div>", start));
    expect(block).toContain("Maija Meikäläinen");
    expect(block).toContain(maija.identityCode);
    expect(block).toContain("Henkilötunnus");
    expect(block).toContain("Potilas:</strong> Maija Meikäläinen");
    // Nowhere else on the page that is shown.
    const main = page.text.slice(page.text.indexOf("<main"), page.text.indexOf("</main>"));
    expect(main.split(maija.identityCode)).toHaveLength(2);
  });

  it("shows neither the diagnoses nor the report heading for a nurse's visit without them", async () => {
    const { nurse } = await maijaVisits();
    const page = await as("patient", `/fi/kaynnit/${nurse}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Helena Heikkinen");
    expect(page.text).toContain("Sairaanhoitaja");
    expect(page.text).not.toContain("Diagnoosit");
    expect(page.text).not.toContain("Käyntikertomus");
    expect(page.text).not.toContain("visit__text");
  });

  it("answers 404 with 'Visit was not found' for anything that is not Maija's visit to see", async () => {
    const { hidden } = await maijaVisits();
    const [aino] = await visitIds("youngChild");
    for (const id of [String(aino!.id), String(hidden), "abc", "0", "99999999999", "1.0"]) {
      const page = await as("patient", `/fi/kaynnit/${id}`);
      expect(page.status, id).toBe(404);
      expect(page.text, id).toContain("<h1>Käyntiä ei löytynyt</h1>");
      expect(page.text, id).toMatch(/<a href="\/fi\/kaynnit"[^>]*>Kaikki käynnit<\/a>/);
      expect(page.text, id).not.toContain("Välikorvatulehdus");
      expect(page.text, id).not.toContain("Sisäinen muistio");
    }
    const en = await as("patient", `/en/visits/${aino!.id}`);
    expect(en.status).toBe(404);
    expect(en.text).toContain("<h1>Visit was not found</h1>");
    expect(en.text).toContain("<title>Visit was not found – Solmu</title>");
    const sv = await as("patient", "/sv/besoken/abc");
    expect(sv.status).toBe(404);
    expect(sv.text).toContain("<h1>Besöket hittades inte</h1>");
  });

  it("shows a guardian acting for a child the child's visits, in the children's brand too", async () => {
    const [aino] = await visitIds("youngChild");
    const session = await login(t.person("guardian"), t.person("youngChild"));
    const list = await send("/fi/kaynnit", { session, host: PIKKUJATTI });
    expect(list.status).toBe(200);
    expect(list.text).toContain(`href="/fi/kaynnit/${aino!.id}"`);
    expect(list.text).toContain("Laura Lahtinen");
    expect(list.text).not.toContain("Björn Berg");
    const page = await send(`/fi/kaynnit/${aino!.id}`, { session, host: PIKKUJATTI });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Välikorvatulehdus");
    expect(page.text).toContain("Aino Virtanen");
    expect(page.text).toMatch(/class="avatar avatar--initials avatar--g\d"/);
  });

  it("sends an anonymous visitor to log in", async () => {
    const page = await send("/fi/kaynnit");
    expect(page.status).toBe(302);
    expect(page.location).toBe("/fi/kirjaudu?nextPath=%2Ffi%2Fkaynnit");
  });

  it("writes an access-log row for the list and for each visit read", async () => {
    const { doctor } = await maijaVisits();
    const maija = t.person("patient");
    const before = {
      list: (await accessRows("patient", "visits")).length,
      visit: await accessRows("patient", "visit"),
    };
    await as("patient", "/fi/kaynnit");
    await as("patient", `/fi/kaynnit/${doctor}`);
    const list = await accessRows("patient", "visits");
    expect(list).toHaveLength(before.list + 1);
    expect(list.at(-1)).toMatchObject({ actorId: maija.id, subjectId: maija.id });
    const visit = await accessRows("patient", "visit");
    expect(visit.filter((r) => r.resourceId === String(doctor)).length).toBe(
      before.visit.filter((r) => r.resourceId === String(doctor)).length + 1,
    );
  });
});

describe("certificates", () => {
  it("lists exactly the two certificates created since 2022, newest first, each with its PDF link", async () => {
    const ids = await maijaCertificates();
    const page = await as("patient", "/en/certificates");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Certificates</h1>");
    const links = [...page.text.matchAll(/href="\/en\/certificates\/(\d+)\/certificate\.pdf"/g)].map((m) =>
      Number(m[1]),
    );
    expect(links).toEqual([ids.doctor, ids.nurse]);
    expect(links).not.toContain(ids.old);
    expect(page.text).toContain('<h2 class="card__title">Medical certificate A</h2>');
    expect(page.text).toContain('<h2 class="card__title">Nurse&#x27;s certificate</h2>');
    expect(page.text).toContain("Download: Medical certificate A, 21 October 2026 (PDF)");
    expect(page.text).toContain("21 October 2026 – 25 October 2026");
    expect(page.text).toContain("Anna Aho");
    expect(page.text).toContain("Helena Heikkinen");
    expect(page.text).not.toContain("2021");

    const fi = await as("patient", "/fi/todistukset");
    expect(fi.text).toContain("Lääkärintodistus A");
    expect(fi.text).toContain("Hoitajan todistus");
    expect(fi.text).toContain("21.10.2026–25.10.2026");
    expect(fi.text).toContain(`href="/fi/todistukset/${ids.doctor}/todistus.pdf"`);
    const sv = await as("patient", "/sv/certifikat");
    expect(sv.text).toContain("<h1>Intyg</h1>");
    expect(sv.text).toContain("Läkarintyg A");
    expect(sv.text).toContain("Sjukskötarintyg");
  });

  it("says there are no certificates", async () => {
    const page = await as("newCustomer", "/en/certificates");
    expect(page.status).toBe(200);
    expect(page.text).toContain("No certificates");
    expect(page.text).not.toContain(".pdf");
  });

  it("answers a certificate as a PDF download, and logs the read", async () => {
    const ids = await maijaCertificates();
    const maija = t.person("patient");
    const before = (await accessRows("patient", "certificate-pdf")).length;
    const pdf = await as("patient", `/fi/todistukset/${ids.doctor}/todistus.pdf`);
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode(pdf.body.slice(0, 5))).toBe("%PDF-");
    expect(pdf.body.length).toBeGreaterThan(1000);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe(`attachment; filename="todistus-${ids.doctor}.pdf"`);
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    expect(pdf.headers.get("X-Content-Type-Options")).toBe("nosniff");
    // Tagged, with the document's language and title.
    expect(pdf.text).toContain("/MarkInfo");
    expect(pdf.text).toContain("/Lang (fi-FI)");
    const rows = await accessRows("patient", "certificate-pdf");
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toEqual({ actorId: maija.id, subjectId: maija.id, resourceId: String(ids.doctor) });

    const en = await as("patient", `/en/certificates/${ids.nurse}/certificate.pdf`);
    expect(en.status).toBe(200);
    expect(en.headers.get("Content-Disposition")).toBe(`attachment; filename="certificate-${ids.nurse}.pdf"`);
    expect(en.text).toContain("/Lang (en-GB)");
  });

  it("answers 404 for another person's, a pre-2022 or a malformed certificate", async () => {
    const ids = await maijaCertificates();
    for (const [key, path] of [
      ["newCustomer", `/fi/todistukset/${ids.doctor}/todistus.pdf`],
      ["patient", `/fi/todistukset/${ids.old}/todistus.pdf`],
      ["patient", "/fi/todistukset/abc/todistus.pdf"],
      ["patient", "/fi/todistukset/99999999999/todistus.pdf"],
    ] as const) {
      const res = await as(key, path);
      expect(res.status, path).toBe(404);
      expect(res.text.startsWith("%PDF"), path).toBe(false);
    }
  });

  it("is not found in the children's brand", async () => {
    const ids = await maijaCertificates();
    const list = await as("patient", "/fi/todistukset", { host: PIKKUJATTI });
    expect(list.status).toBe(404);
    expect(list.text).not.toContain("Lääkärintodistus A");
    const pdf = await as("patient", `/fi/todistukset/${ids.doctor}/todistus.pdf`, { host: PIKKUJATTI });
    expect(pdf.status).toBe(404);
    expect(pdf.text.startsWith("%PDF")).toBe(false);
  });

  it("writes an access-log row for the list", async () => {
    const before = (await accessRows("patient", "certificates")).length;
    await as("patient", "/fi/todistukset");
    const rows = await accessRows("patient", "certificates");
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)!.subjectId).toBe(t.person("patient").id);
  });
});
