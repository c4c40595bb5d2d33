/**
 * Vaccinations and the occupational vaccination landing through the real request handler: Maija's 30 vaccinations
 * on two pages of 25 and 5 with the pager, each with its practitioner, validity and a booking link for its
 * specialty; a guardian sees the child's; every list read is in the access log. The landing: a login prompt that
 * returns to it, the no-contract and no-vaccinations errors, the influenza button with both specialties (and the
 * occupational search it leads to), no navigation, and nothing in the children's brand.
 */
import { and, count, eq } from "drizzle-orm";
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

/** The list items (cards) of the page. */
function items(html: string): string[] {
  return html
    .split('<li class="card vaccination">')
    .slice(1)
    .map((part) => part.slice(0, part.indexOf("</li>")));
}

async function accessLogRows(actorId: string, subjectId: string) {
  const [{ n }] = await t.db
    .select({ n: count() })
    .from(s.accessLog)
    .where(
      and(
        eq(s.accessLog.actorId, actorId),
        eq(s.accessLog.subjectId, subjectId),
        eq(s.accessLog.resource, "vaccinations"),
      ),
    );
  return n;
}

describe("the vaccinations list", () => {
  it("shows Maija's 30 vaccinations newest first, 25 on the first page and 5 on the second", async () => {
    const first = await as("patient", "/fi/rokotukset");
    expect(first.status).toBe(200);
    expect(first.text).toContain("<h1>Rokotukset</h1>");
    expect(first.text).toContain("<title>Rokotukset, sivu 1/2 – Solmu</title>");
    const firstItems = items(first.text);
    expect(firstItems).toHaveLength(25);

    // The newest: an influenza vaccination 20 days ago (FIXED_NOW 20.11.2026), valid for a year, by the nurse.
    const newest = firstItems[0];
    expect(newest).toContain('<h2 class="vaccination__name">Influenssarokote</h2>');
    expect(newest).toMatch(/<dt>Päivämäärä<\/dt><dd>31\.10\.2026<\/dd>/);
    expect(newest).toMatch(/<dt>Rokottaja<\/dt><dd>Helena Heikkinen<\/dd>/);
    expect(newest).toMatch(/<dt>Voimassa asti<\/dt><dd>31\.10\.2027<\/dd>/);
    expect(newest).toContain('href="/fi/ajanvaraus/yksityisasiakas?specialtyIds=ROKT"');
    expect(newest).toContain('aria-label="Varaa aika: Influenssarokote, 31.10.2026"');
    expect(newest).toContain(">Varaa aika</a>");

    // The fifth: a covid vaccination without an end date says so in words.
    expect(firstItems[4]).toContain("Koronarokote");
    expect(firstItems[4]).toMatch(/<dt>Voimassa asti<\/dt><dd>Ei ilmoitettu<\/dd>/);
    expect(firstItems[4]).toContain('href="/fi/ajanvaraus/yksityisasiakas?specialtyIds=HOI"');

    // Dates go down the page, and every booking link has a name of its own.
    const dates = firstItems.map((i) => /<dt>Päivämäärä<\/dt><dd>(\d+)\.(\d+)\.(\d+)<\/dd>/.exec(i)!);
    const iso = dates.map(([, d, m, y]) => `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`);
    expect([...iso].sort().reverse()).toEqual(iso);
    const labels = firstItems.map((i) => /aria-label="([^"]+)"/.exec(i)![1]);
    expect(new Set(labels).size).toBe(25);

    // The pager: page links, the current one marked, and the next page.
    expect(first.text).toContain('<nav class="pagination" aria-label="Rokotusten sivut">');
    expect(first.text).toMatch(/<a rel="next"[^>]*href="\/fi\/rokotukset\?page=2"[^>]*>Seuraava sivu<\/a>/);
    expect(first.text).toContain('<a aria-current="page" aria-label="Sivu 1" href="/fi/rokotukset"');
    expect(first.text).toContain('<a aria-label="Sivu 2" href="/fi/rokotukset?page=2"');
    expect(first.text).not.toContain("Edellinen sivu");

    const second = await as("patient", "/fi/rokotukset?page=2");
    expect(second.status).toBe(200);
    const secondItems = items(second.text);
    expect(secondItems).toHaveLength(5);
    for (const item of secondItems) expect(firstItems).not.toContain(item);
    expect(second.text).toMatch(/<a rel="prev"[^>]*href="\/fi\/rokotukset"[^>]*>Edellinen sivu<\/a>/);
    expect(second.text).toContain('<a aria-current="page" aria-label="Sivu 2" href="/fi/rokotukset?page=2"');
    expect(second.text).not.toContain("Seuraava sivu");
  });

  it("answers 404 after the last page and shows the first page for a page that is not a number", async () => {
    expect((await as("patient", "/fi/rokotukset?page=3")).status).toBe(404);
    expect((await as("patient", "/fi/rokotukset?page=999999")).status).toBe(404);
    for (const query of ["?page=abc", "?page=0", "?page=-1", "?page=1.5", "?page="]) {
      const page = await as("patient", `/fi/rokotukset${query}`);
      expect(page.status, query).toBe(200);
      expect(items(page.text), query).toHaveLength(25);
      expect(page.text, query).toContain('href="/fi/rokotukset?page=2"');
    }
  });

  it("speaks Swedish and English", async () => {
    const sv = await as("patient", "/sv/vaccinationer?page=2");
    expect(sv.text).toContain("<h1>Vaccinationer</h1>");
    expect(items(sv.text)).toHaveLength(5);
    expect(sv.text).toContain("<dt>Given av</dt>");
    expect(sv.text).toContain('href="/sv/tidsbokning/privat-kund?specialtyIds=');
    expect(sv.text).toContain("Föregående sida");

    const en = await as("patient", "/en/vaccinations");
    expect(en.text).toContain("<h1>Vaccinations</h1>");
    expect(en.text).toMatch(/<dt>Date<\/dt><dd>31 October 2026<\/dd>/);
    expect(en.text).toMatch(/<dt>Valid until<\/dt><dd>31 October 2027<\/dd>/);
    expect(en.text).toContain('aria-label="Book an appointment: Influenssarokote, 31 October 2026"');
    expect(en.text).toContain('href="/en/booking/private-customer?specialtyIds=ROKT"');
  });

  it("shows a guardian the child's vaccinations only, in both brands, and logs each read", async () => {
    const matti = t.person("guardian");
    const aino = t.person("youngChild");
    const before = await accessLogRows(matti.id, aino.id);
    const session = await login(matti, aino);
    for (const host of [undefined, PIKKUJATTI]) {
      const page = await send("/fi/rokotukset", { session, host });
      expect(page.status, host).toBe(200);
      const list = items(page.text);
      expect(list, host).toHaveLength(1);
      expect(list[0]).toContain("MPR (tuhkarokko, sikotauti, vihurirokko)");
      expect(list[0]).toMatch(/<dt>Rokottaja<\/dt><dd>Laura Lahtinen<\/dd>/);
      expect(list[0]).toMatch(/<dt>Voimassa asti<\/dt><dd>Ei ilmoitettu<\/dd>/);
      expect(list[0]).toContain('href="/fi/ajanvaraus/yksityisasiakas?specialtyIds=LAS"');
      expect(page.text).toContain("Katselet henkilön Aino Virtanen rokotuksia.");
      expect(page.text).not.toContain("Influenssarokote");
      expect(page.text).not.toContain('class="pagination"');
    }
    expect(await accessLogRows(matti.id, aino.id)).toBe(before + 2);
    expect(await accessLogRows(matti.id, matti.id)).toBe(0);
  });

  it("writes an access-log row for Maija's own read", async () => {
    const maija = t.person("patient");
    const before = await accessLogRows(maija.id, maija.id);
    await as("patient", "/en/vaccinations?page=2");
    const rows = await t.db
      .select()
      .from(s.accessLog)
      .where(and(eq(s.accessLog.subjectId, maija.id), eq(s.accessLog.resource, "vaccinations")));
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ actorId: maija.id, action: "read" });
  });

  it("says so when there are none", async () => {
    const page = await as("newCustomer", "/en/vaccinations");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<p>No vaccinations</p>");
    expect(items(page.text)).toHaveLength(0);
    expect((await as("newCustomer", "/en/vaccinations?page=2")).status).toBe(404);
  });

  it("sends an anonymous visitor to log in and back", async () => {
    const page = await send("/fi/rokotukset?page=2");
    expect(page.status).toBe(302);
    expect(page.location).toBe("/fi/kirjaudu?nextPath=%2Ffi%2Frokotukset%3Fpage%3D2");
  });
});

describe("the occupational vaccination landing", () => {
  it("prompts an anonymous visitor to log in and come back, without the navigation", async () => {
    const page = await send("/fi/tyoterveys-rokotukset");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Työterveyden rokotukset</h1>");
    expect(page.text).toContain('href="/fi/kirjaudu?nextPath=%2Ffi%2Ftyoterveys-rokotukset"');
    expect(page.text).toContain(">Kirjaudu sisään</a>");
    // An anonymous page type: no menu, no log-in button in the header, no footer; the language links stay.
    expect(page.text).not.toContain('class="menu"');
    expect(page.text).not.toContain("<footer");
    expect(page.text).toContain('href="/sv/foretagshalsovard-vaccinationer"');

    const en = await send("/en/occupational-healthcare-vaccinations");
    expect(en.text).toContain('href="/en/login?nextPath=%2Fen%2Foccupational-healthcare-vaccinations"');
  });

  it("tells Sanna, without occupational care, that there is no contract", async () => {
    const page = await as("newCustomer", "/fi/tyoterveys-rokotukset");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Rokotuksen ajanvaraus ei ole käytettävissä</h1>");
    expect(page.text).toContain("Emme löytäneet työterveyshuoltosopimustasi.");
    expect(page.text).toMatch(/<a class="button" href="\/fi">Palaa etusivulle<\/a>/);
    expect(page.text).not.toContain("specialtyIds");
  });

  it("tells Matti his contract has no vaccinations, also while he acts for his child", async () => {
    const own = await as("guardian", "/en/occupational-healthcare-vaccinations");
    expect(own.status).toBe(200);
    expect(own.text).toContain("<h1>Vaccination booking is not available</h1>");
    expect(own.text).toContain("Your occupational health care contract does not include vaccinations");
    expect(own.text).toMatch(/<a class="button" href="\/en">Go back to the front page<\/a>/);
    expect(own.text).not.toContain("We couldn&#x27;t find");

    const acting = await send("/sv/foretagshalsovard-vaccinationer", {
      session: await login(t.person("guardian"), t.person("youngChild")),
    });
    expect(acting.text).toContain("<h1>Bokning av vaccination är inte tillgänglig</h1>");
    expect(acting.text).toContain("omfattar inga vaccinationer");
  });

  it("gives Liisa the influenza button with both specialties, and writes no access-log row", async () => {
    const liisa = t.person("employee");
    const [{ before }] = await t.db
      .select({ before: count() })
      .from(s.accessLog)
      .where(eq(s.accessLog.actorId, liisa.id));
    const page = await as("employee", "/fi/tyoterveys-rokotukset");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Työterveyden rokotukset</h1>");
    expect(page.text).toContain("Työnantajasi työterveyssopimukseen sisältyy influenssarokotus.");
    expect(page.text).toMatch(
      /<a class="button" href="\/fi\/tyoterveys\?specialtyIds=ROKT&amp;specialtyIds=ROKH">Varaa influenssarokotus<\/a>/,
    );
    expect(page.text).not.toContain('class="menu"');
    expect(page.text).not.toContain("<footer");
    const [{ after }] = await t.db
      .select({ after: count() })
      .from(s.accessLog)
      .where(eq(s.accessLog.actorId, liisa.id));
    expect(after).toBe(before);
  });

  it("leads to an occupational search that takes both specialties and lists the influenza slots", async () => {
    const search = await as("employee", "/fi/tyoterveys?specialtyIds=ROKT&specialtyIds=ROKH");
    expect(search.status).toBe(200);
    // The results (not the filter choices): the nurse's influenza vaccination slots at Kamppi, and nothing else.
    const results = search.text.slice(search.text.indexOf('<div class="search-results">'));
    const lines = results
      .split('<span class="muted">')
      .slice(1)
      .map((l) => l.slice(0, l.indexOf("</span>")));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.replace(/<!-- -->/g, "")).toBe("Influenssarokotus · Solmu Kamppi");
    expect(results).toContain("Helena Heikkinen");
  });

  it("does not exist in the children's brand", async () => {
    expect((await send("/fi/tyoterveys-rokotukset", { host: PIKKUJATTI })).status).toBe(404);
    expect((await as("employee", "/en/occupational-healthcare-vaccinations", { host: PIKKUJATTI })).status).toBe(404);
  });
});
