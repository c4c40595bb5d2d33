/**
 * The sickness fund page through the real request handler: the four tabs as page links, the spec's figures in the
 * compensation table, the Finnish content marked as Finnish under Swedish and English chrome, 404 for a non-member,
 * an unknown tab and a brand without the page, login for an anonymous visitor, and the error view with a retry
 * when the fund's service answers with a temporary error or the database fails.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mainBrand } from "#brands/main/brand";
import { newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { logger } from "~/.server/logger";
import { NBSP } from "~/lib/format";
import { sendAsBrowser, type SendOptions } from "./request-handler";
import { login, useTestDatabase, type DemoKey } from "./test-db";

const t = useTestDatabase();
const csrfCookie = newCsrfCookieValue();
const send = (path: string, options: SendOptions = {}) => sendAsBrowser(csrfCookie, "GET", path, options);
const as = async (key: DemoKey, path: string, options: SendOptions = {}) =>
  send(path, { ...options, session: await login(t.person(key)) });

const TABS = [
  { path: "/fi/sairauskassa", label: "Esittely", heading: "Sairauskassa lyhyesti" },
  { path: "/fi/sairauskassa/korvauskaytannot", label: "Korvauskäytännöt", heading: "Korvauskäytännöt" },
  { path: "/fi/sairauskassa/ohjeet", label: "Ohjeet", heading: "Näin haet korvausta" },
  { path: "/fi/sairauskassa/ukk", label: "Usein kysytyt kysymykset", heading: "Usein kysytyt kysymykset" },
];

/** The cells of the compensation table's row of one service, as text. */
function row(html: string, service: string): string[] {
  const start = html.indexOf(`<th scope="row">${service}</th>`);
  expect(start, service).toBeGreaterThan(0);
  const tr = html.slice(start, html.indexOf("</tr>", start));
  return [...tr.matchAll(/<t[hd][^>]*>([^<]*)<\/t[hd]>/g)].map((m) => m[1].replaceAll(NBSP, " "));
}

afterEach(async () => {
  vi.restoreAllMocks();
  await t.db.delete(s.recordSourceFaults).where(eq(s.recordSourceFaults.source, "sickness-fund"));
});

describe("the sickness fund page", () => {
  it("shows Liisa each tab as a page of its own, the current one marked in the tab links", async () => {
    for (const tab of TABS) {
      const page = await as("employee", tab.path);
      expect(page.status, tab.path).toBe(200);
      expect(page.text).toContain("<h1>Sairauskassa</h1>");
      expect(page.text).toContain(`<h2 id="sickness-fund-heading">${tab.heading}</h2>`);
      expect(page.text).toContain(`<title>${tab.label} – Sairauskassa – Solmu</title>`);
      expect(page.text).toContain('<nav class="tabs" aria-label="Sairauskassan sivut">');
      // Every tab is a link; only the current one carries aria-current.
      for (const other of TABS) {
        const link = new RegExp(
          `<a class="tabs__link"( aria-current="page")? href="${other.path}"[^>]*>${other.label}</a>`,
        );
        const match = link.exec(page.text);
        expect(match, `${tab.path}: ${other.path}`).not.toBeNull();
        expect(!!match![1], `${tab.path}: ${other.path}`).toBe(other === tab);
      }
      // The Finnish page is Finnish throughout: no notice and no language mark on the content.
      expect(page.text).toContain('<html lang="fi">');
      expect(page.text).not.toContain("vain suomeksi");
      expect(page.text).not.toContain('lang="fi" class');
      expect(page.text).not.toMatch(/<section[^>]*lang=/);
    }
  });

  it("has every figure of the spec in the compensation table and the service hours", async () => {
    const page = await as("employee", "/fi/sairauskassa/korvauskaytannot");
    expect(page.text).toContain('<caption id="compensation-caption">Sairauskassan korvaukset palveluittain</caption>');
    for (const column of ["Palvelu", "Omavastuu", "Korvaus enintään", "Käyntejä enintään"])
      expect(page.text).toContain(`<th scope="col">${column}</th>`);
    expect(row(page.text, "Sairaanhoitajan vastaanotto")).toEqual(["Sairaanhoitajan vastaanotto", "5 €", "–", "–"]);
    expect(row(page.text, "Yleislääkärin vastaanotto")).toEqual([
      "Yleislääkärin vastaanotto",
      "15 €",
      "–",
      "12 käyntiä kalenterivuodessa",
    ]);
    expect(row(page.text, "Erikoislääkärin vastaanotto")).toEqual([
      "Erikoislääkärin vastaanotto",
      "50 %",
      "200 € / käynti",
      "2 käyntiä vuodessa",
    ]);
    expect(row(page.text, "Toimenpiteet")).toEqual(["Toimenpiteet", "50 % laitososuudesta", "300 € / käynti", "–"]);
    expect(row(page.text, "Laboratorio- ja kuvantamistutkimukset")).toEqual([
      "Laboratorio- ja kuvantamistutkimukset",
      "50 %",
      "–",
      "–",
    ]);
    expect(row(page.text, "Lyhytpsykoterapia")).toEqual(["Lyhytpsykoterapia", "0 %", "–", "10 kertaa hoitojaksossa"]);
    expect(row(page.text, "Fysioterapia")).toEqual(["Fysioterapia", "50 %", "500 € / kalenterivuosi", "–"]);
    expect(page.text.match(/<th scope="row">/g)).toHaveLength(7);
    // Money and percentages the Finnish way, with a no-break space before the sign.
    expect(page.text).toContain(`15${NBSP}€`);
    expect(page.text).toContain(`50${NBSP}%`);

    expect(page.text).toContain("<li>Puhelinpalvelu: arkisin klo 7–21, viikonloppuisin ja pyhäpäivinä klo 9–18</li>");
    expect(page.text).toContain("<li>Chat: arkisin klo 8–20, viikonloppuisin klo 10–16</li>");
    // The scrollable table can be reached from the keyboard.
    expect(page.text).toContain(
      '<div class="table-scroll" role="region" aria-labelledby="compensation-caption" tabindex="0">',
    );
  });

  it("says on the intro what the fund is and that messages are answered within one working day", async () => {
    const page = await as("employee", "/fi/sairauskassa");
    expect(page.text).toContain("Sairauskassa korvaa jäsenilleen osan sairaanhoidon kuluista");
    expect(page.text).toContain("Vastaamme sairauskassalle lähetettyihin viesteihin yhden arkipäivän kuluessa.");
  });

  it("gives the instructions as steps and the questions as disclosures", async () => {
    const instructions = await as("employee", "/fi/sairauskassa/ohjeet");
    expect(instructions.text).toMatch(/<ol><li>Maksa hoitokäynti ja säilytä kuitti\./);
    expect(instructions.text).toContain("<li>Täytä sairauskassan korvaushakemuslomake.</li>");
    expect(instructions.text).toContain("<h3>Määräajat</h3>");

    const faq = await as("employee", "/fi/sairauskassa/ukk");
    const questions = faq.text.match(/<details class="disclosure"><summary>[^<]+\?<\/summary><p>/g) ?? [];
    expect(questions.length).toBeGreaterThanOrEqual(4);
    expect(faq.text).toContain("<summary>Mitä omavastuu tarkoittaa?</summary>");
    expect(faq.text).toContain("yhden arkipäivän kuluessa");
  });

  it("keeps the chrome in Swedish and English and marks the Finnish content as Finnish", async () => {
    const sv = await as("employee", "/sv/sairauskassa/korvauskaytannot");
    expect(sv.status).toBe(200);
    expect(sv.text).toContain('<html lang="sv">');
    expect(sv.text).toContain("<h1>Sjukkassa</h1>");
    expect(sv.text).toContain("<title>Ersättningspraxis – Sjukkassa – Solmu</title>");
    expect(sv.text).toContain('<p class="notice-text">Den här sidan finns endast på finska.</p>');
    expect(sv.text).toContain('<nav class="tabs" aria-label="Sjukkassans sidor">');
    expect(sv.text).toMatch(/<a class="tabs__link" href="\/sv\/sairauskassa\/ohjeet"[^>]*>Anvisningar<\/a>/);
    expect(sv.text).toMatch(/<a class="tabs__link" href="\/sv\/sairauskassa"[^>]*>Introduktion<\/a>/);
    const start = sv.text.indexOf('<section class="sickness-fund"');
    const section = sv.text.slice(start, sv.text.indexOf("</section>", start));
    expect(section).toMatch(/^<section class="sickness-fund" aria-labelledby="sickness-fund-heading" lang="fi">/);
    expect(section).toContain('<h2 id="sickness-fund-heading">Korvauskäytännöt</h2>');
    expect(row(section, "Yleislääkärin vastaanotto")[1]).toBe("15 €");

    const en = await as("employee", "/en/sairauskassa/ukk");
    expect(en.status).toBe(200);
    expect(en.text).toContain("<h1>Sickness fund</h1>");
    expect(en.text).toContain("<title>Frequently asked questions – Sickness fund – Solmu</title>");
    expect(en.text).toContain("This page is available in Finnish only.");
    expect(en.text).toMatch(/<section [^>]*lang="fi"><h2 id="sickness-fund-heading">Usein kysytyt kysymykset<\/h2>/);
  });

  it("is in Liisa's menu and not in Maija's", async () => {
    const liisa = await as("employee", "/fi");
    expect(liisa.text).toContain('<p class="menu__group-title">Sairauskassa</p>');
    expect(liisa.text).toContain('href="/fi/sairauskassa"');
    const maija = await as("patient", "/fi");
    expect(maija.status).toBe(200);
    expect(maija.text).not.toContain("Sairauskassa");
    expect(maija.text).not.toContain('href="/fi/sairauskassa"');
  });

  it("is not found for a tab it does not have", async () => {
    for (const path of ["/fi/sairauskassa/esittely", "/fi/sairauskassa/compensation", "/sv/sairauskassa/12"]) {
      const page = await as("employee", path);
      expect(page.status, path).toBe(404);
      expect(page.text, path).not.toContain("sickness-fund-heading");
    }
  });

  it("is not found for a person who is not a member, or in a brand or environment without the page", async () => {
    for (const path of ["/fi/sairauskassa", "/fi/sairauskassa/korvauskaytannot"]) {
      const maija = await as("patient", path);
      expect(maija.status, path).toBe(404);
      expect(maija.text).not.toContain("Yleislääkärin vastaanotto");
    }
    const pikkujatti = await as("employee", "/fi/sairauskassa", { host: "pikkujatti.localhost:3000" });
    expect(pikkujatti.status).toBe(404);
    expect(pikkujatti.text).not.toContain("sickness-fund-heading");

    // The main brand without the feature (as in production).
    const features = mainBrand.features.development;
    mainBrand.features.development = features.filter((f) => f !== "sickness-fund-page");
    try {
      expect((await as("employee", "/fi/sairauskassa")).status).toBe(404);
    } finally {
      mainBrand.features.development = features;
    }
    expect((await as("employee", "/fi/sairauskassa")).status).toBe(200);
  });

  it("goes by the logged-in user's own membership, not the person they act for", async () => {
    const liisa = t.person("employee");
    const maija = t.person("patient");
    expect((await send("/fi/sairauskassa", { session: await login(liisa, maija) })).status).toBe(200);
    expect((await send("/fi/sairauskassa", { session: await login(maija, liisa) })).status).toBe(404);
  });

  it("sends an anonymous visitor to log in", async () => {
    const page = await send("/fi/sairauskassa/ohjeet");
    expect(page.status).toBe(302);
    expect(page.location).toBe("/fi/kirjaudu?nextPath=%2Ffi%2Fsairauskassa%2Fohjeet");
    const unknownTab = await send("/en/sairauskassa/nope");
    expect(unknownTab.status).toBe(302);
  });

  it("shows the error view with a retry when the fund's service answers with a temporary error", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const liisa = t.person("employee");
    const session = await login(liisa);
    await t.db.insert(s.recordSourceFaults).values({ personId: liisa.id, source: "sickness-fund" });
    for (const path of ["/fi/sairauskassa", "/fi/sairauskassa/korvauskaytannot"]) {
      const page = await send(path, { session });
      expect(page.status, path).toBe(503);
      expect(page.text).toContain("<h1>Pahoittelut! Jotain meni vikaan...</h1>");
      expect(page.text).toContain("Yritä uudelleen");
      expect(page.text).not.toContain("Yleislääkärin vastaanotto");
    }
    // An expected answer of the service, not a failure of ours: nothing is reported.
    expect(errors).not.toHaveBeenCalled();

    await t.db
      .delete(s.recordSourceFaults)
      .where(and(eq(s.recordSourceFaults.personId, liisa.id), eq(s.recordSourceFaults.source, "sickness-fund")));
    expect((await send("/fi/sairauskassa", { session })).status).toBe(200);
  });

  it("shows the same error view, not a 500, and reports the failure when the database fails", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const session = await login(t.person("employee"));
    await t.db.execute(sql`alter table record_source_faults rename to record_source_faults_away`);
    try {
      const page = await send("/sv/sairauskassa/ukk", { session });
      expect(page.status).toBe(503);
      expect(page.text).toContain("<h1>Vi ber om ursäkt! Något gick fel...</h1>");
      expect(page.text).toContain("Försök igen");
      expect(page.text).not.toContain("record_source_faults");
      expect(page.text).not.toMatch(/\bat [\w.]+ \(/);
    } finally {
      await t.db.execute(sql`alter table record_source_faults_away rename to record_source_faults`);
    }
    expect(errors).toHaveBeenCalledWith("unexpected error", expect.objectContaining({ area: "sickness-fund" }));
    expect((await send("/sv/sairauskassa/ukk", { session })).status).toBe(200);
  });
});
