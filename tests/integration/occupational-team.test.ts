/**
 * The occupational-health team page through the real request handler: the employer, responsible doctors and nurses
 * and other members, each member's current or upcoming absence with the substitute (never the internal message),
 * booking links only with a web-reservation contract, 404 without occupational care or in the children's brand, and
 * the error view when the database fails.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { logger } from "~/.server/logger";
import { sendAsBrowser, type SendOptions } from "./request-handler";
import { login, useTestDatabase, type DemoKey } from "./test-db";

const t = useTestDatabase();
const csrfCookie = newCsrfCookieValue();
const send = (path: string, options: SendOptions = {}) => sendAsBrowser(csrfCookie, "GET", path, options);
const as = async (key: DemoKey, path: string, options: SendOptions = {}) =>
  send(path, { ...options, session: await login(t.person(key)) });

/** The list item of one practitioner on the page. */
function memberItem(html: string, practitionerId: string): string {
  const start = html.indexOf(`data-practitioner="${practitionerId}"`);
  expect(start, practitionerId).toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</li>", start));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the occupational-health team page", () => {
  it("shows Liisa her employer, doctor, nurse and physiotherapist, with the absences and substitute", async () => {
    const page = await as("employee", "/fi/tyoterveystiimi");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Työterveystiimi</h1>");
    expect(page.text).toContain("Työnantaja: Rakennus Oy Esimerkki");
    for (const heading of ["Vastuulääkärit", "Vastuuhoitajat", "Muut tiimin jäsenet"])
      expect(page.text).toMatch(new RegExp(`<h2 id="team-[a-z]+" class="card__title">${heading}</h2>`));

    // The physician is away from two days ago until five days ahead; Anna Aho stands in.
    const doctor = memberItem(page.text, "P-TUO");
    expect(doctor).toContain("<h3>Timo Tuominen</h3>");
    expect(doctor).toContain("Työterveyslääkäri");
    expect(doctor).toContain("Poissa 18.11.2026–25.11.2026");
    expect(doctor).toContain("Sijainen: Anna Aho");
    expect(doctor).toContain('href="/fi/tyoterveys?practitionerIds=P-TUO"');
    expect(doctor).toContain('aria-label="Varaa aika: Timo Tuominen"');

    // The nurse's holiday is over: nothing about it is shown.
    const nurse = memberItem(page.text, "P-HEI");
    expect(nurse).toContain("<h3>Helena Heikkinen</h3>");
    expect(nurse).not.toContain("Poissa");
    expect(nurse).toContain('href="/fi/tyoterveys?practitionerIds=P-HEI"');

    // An upcoming absence without a substitute.
    const physiotherapist = memberItem(page.text, "P-KOS");
    expect(physiotherapist).toContain("Poissa 4.12.2026–6.12.2026");
    expect(physiotherapist).not.toContain("Sijainen");
  });

  it("never shows an absence's internal message, in any language", async () => {
    const messages = (await t.db.select({ m: s.professionalAbsences.internalMessage }).from(s.professionalAbsences))
      .map((r) => r.m)
      .filter((m): m is string => !!m);
    expect(messages.length).toBeGreaterThan(0);
    for (const path of ["/fi/tyoterveystiimi", "/sv/foretagshalsovardsteamet", "/en/occupational-health-care-team"]) {
      const page = await as("employee", path);
      expect(page.status, path).toBe(200);
      for (const m of messages) expect(page.text, path).not.toContain(m);
    }
  });

  it("speaks Swedish and English", async () => {
    const sv = await as("employee", "/sv/foretagshalsovardsteamet");
    expect(sv.text).toContain("<h1>Företagshälsovårdsteamet</h1>");
    expect(sv.text).toContain("Ansvariga läkare");
    expect(sv.text).toContain("Frånvarande 18.11.2026–25.11.2026");
    expect(sv.text).toContain("Vikarie: Anna Aho");
    expect(sv.text).toContain("Sjukskötare");
    expect(sv.text).toContain('href="/sv/foretagshalsovard?practitionerIds=P-TUO"');

    const en = await as("employee", "/en/occupational-health-care-team");
    expect(en.text).toContain("<h1>Occupational health care team</h1>");
    expect(en.text).toContain("Employer: Rakennus Oy Esimerkki");
    expect(en.text).toContain("Away 18 November 2026 – 25 November 2026");
    expect(en.text).toContain("Substitute: Anna Aho");
    expect(en.text).toContain("Occupational health physician");
  });

  it("is in Liisa's menu", async () => {
    const front = await as("employee", "/fi");
    expect(front.text).toContain('href="/fi/tyoterveystiimi"');
  });

  it("gives the number to call instead of booking links when the contract has no web reservation", async () => {
    const maija = await as("patient", "/fi/tyoterveystiimi");
    expect(maija.status).toBe(200);
    expect(maija.text).toContain("Rakennus Oy Esimerkki");
    expect(maija.text).toContain('href="tel:0306005000"');
    expect(maija.text).not.toContain("practitionerIds=");

    const matti = await as("guardian", "/fi/tyoterveystiimi");
    expect(matti.text).toContain("Työnantaja: Kuljetus Virtanen Oy");
    expect(memberItem(matti.text, "P-BERG")).toContain("<h3>Björn Berg</h3>");
    expect(memberItem(matti.text, "P-SAL")).toContain("Psykologi");
    expect(matti.text).toContain('href="tel:0306005060"');
    expect(matti.text).not.toContain("Timo Tuominen");
  });

  it("is not found without occupational care, or in the children's brand", async () => {
    const sanna = await as("newCustomer", "/fi/tyoterveystiimi");
    expect(sanna.status).toBe(404);
    expect(sanna.text).not.toContain("Rakennus Oy Esimerkki");
    const pikkujatti = await as("employee", "/fi/tyoterveystiimi", { host: "pikkujatti.localhost:3000" });
    expect(pikkujatti.status).toBe(404);
    expect(pikkujatti.text).not.toContain("Rakennus Oy Esimerkki");
  });

  it("sends an anonymous visitor to log in", async () => {
    const page = await send("/fi/tyoterveystiimi");
    expect(page.status).toBe(302);
    expect(page.location).toBe("/fi/kirjaudu?nextPath=%2Ffi%2Ftyoterveystiimi");
  });

  it("shows the error view with a retry, not a 500, when the database fails", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const session = await login(t.person("employee"));
    await t.db.execute(sql`alter table occupational_team_members rename to occupational_team_members_away`);
    try {
      const page = await send("/fi/tyoterveystiimi", { session });
      expect(page.status).toBe(503);
      expect(page.text).toContain("<h1>Työterveystiimin tiedot eivät ole juuri nyt saatavilla</h1>");
      expect(page.text).toContain("Yritä uudelleen");
      expect(page.text).not.toContain("occupational_team_members");
      expect(page.text).not.toMatch(/\bat [\w.]+ \(/);
    } finally {
      await t.db.execute(sql`alter table occupational_team_members_away rename to occupational_team_members`);
    }
    expect(errors).toHaveBeenCalled();
    // And it is back once the database is.
    expect((await send("/fi/tyoterveystiimi", { session })).status).toBe(200);
  });
});
