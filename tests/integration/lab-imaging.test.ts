/**
 * The laboratory and imaging pages through the real request handler, at the fixed clock (Friday 20.11.2026): the
 * referral lists with their state and validity hints, the result days with readiness, a day's tests and packages
 * with the reference range in words, the referral pages, imaging results and the temporary fault of their source,
 * a guardian acting for a child, 404 for another person's records and malformed addresses, and the access log.
 */
import { and, asc, eq, sql } from "drizzle-orm";
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
const PIKKUJATTI = "pikkujatti.localhost:3000";

/** The id of a demo referral, by its title. */
async function referralId(title: string): Promise<number> {
  const [row] = await t.db.select({ id: s.referrals.id }).from(s.referrals).where(eq(s.referrals.title, title));
  expect(row, title).toBeDefined();
  return row!.id;
}

/** The page's main content (no header, menu or footer). */
function main(html: string): string {
  const start = html.indexOf("<main");
  expect(start, "the page has a main element").toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</main>", start));
}

/** One list item of the page, by a data attribute. */
function item(html: string, attribute: string): string {
  const start = html.indexOf(attribute);
  expect(start, attribute).toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</li>", start));
}

/** The text of an element's content, tags and React's text separators removed. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the laboratory page", () => {
  it("lists Maija's referrals, valid ones first, with their state and validity hints", async () => {
    const page = await as("patient", "/fi/laboratorio");
    expect(page.status).toBe(200);
    const html = main(page.text);
    expect(html).toContain("<h1>Laboratorio</h1>");
    expect(html).toContain('<h2 id="referrals-heading" class="card__title">Lähetteet</h2>');

    const [basic, fasting, ferritin, urine] = await Promise.all(
      ["Perusverenkuva, TSH", "Paastoverensokeri, lipidit", "Ferritiini", "Virtsan perustutkimus"].map(referralId),
    );
    // Valid first, newest first; the expired one last.
    const order = [basic, ferritin, fasting, urine].map((id) => html.indexOf(`data-referral="${id}"`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    const b = textOf(item(html, `data-referral="${basic}"`));
    expect(item(html, `data-referral="${basic}"`)).toContain(`href="/fi/laboratoriolahete/${basic}"`);
    expect(b).toContain("Perusverenkuva, TSH");
    expect(b).toContain("Luotu 15.11.2026");
    expect(b).toContain("Voimassa 15.12.2026 asti");
    expect(b).toContain("Vanhenee noin 3 viikon kuluttua");
    expect(textOf(item(html, `data-referral="${fasting}"`))).toContain("Vanhenee huomenna (lauantai)");
    expect(textOf(item(html, `data-referral="${ferritin}"`))).toContain("Vanhenee 25.11.2026");
    const expired = textOf(item(html, `data-referral="${urine}"`));
    expect(expired).toContain("Ei voimassa");
    expect(expired).not.toContain("Vanhenee");
    // Imaging referrals are not laboratory referrals.
    expect(html).not.toContain("Polven röntgen");
  });

  it("lists the three result days, newest first, ready or pending, with the number of tests", async () => {
    const page = await as("patient", "/en/laboratory");
    expect(page.status).toBe(200);
    const html = main(page.text);
    expect(html).toContain("<h1>Laboratory</h1>");
    const days = ["2026-11-16", "2026-10-11", "2025-11-20"];
    const at = days.map((d) => html.indexOf(`data-date="${d}"`));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(html.match(/data-date="/g)).toHaveLength(3);

    // A pending test makes the day pending; the professionals' row is not counted.
    const pending = item(html, 'data-date="2026-11-16"');
    expect(pending).toContain('href="/en/laboratoryresult/2026-11-16"');
    expect(textOf(pending)).toContain("Results of 16 November 2026");
    expect(textOf(pending)).toContain("Pending, 6 tests");
    expect(textOf(item(html, 'data-date="2026-10-11"'))).toContain("Ready, 3 tests");
    expect(textOf(item(html, 'data-date="2025-11-20"'))).toContain("Ready, 1 test");

    const sv = main((await as("patient", "/sv/laboratorium")).text);
    expect(sv).toContain("<h1>Laboratorium</h1>");
    expect(textOf(item(sv, 'data-date="2026-11-16"'))).toContain("Väntande, 6 analyser");
    expect(textOf(sv)).toContain("Går ut i morgon, lördag");
    expect(textOf(sv)).toContain("Går ut om ungefär 3 veckor");
  });

  it("says so when there are no referrals or results", async () => {
    const en = main((await as("newCustomer", "/en/laboratory")).text);
    expect(en).toContain("No referrals");
    expect(en).toContain("No results");
    const fi = main((await as("newCustomer", "/fi/laboratorio")).text);
    expect(fi).toContain("Ei lähetteitä");
    expect(fi).toContain("Ei tuloksia");
  });

  it("sends an anonymous visitor to log in", async () => {
    const page = await send("/fi/laboratorio");
    expect(page.status).toBe(302);
    expect(page.location).toBe("/fi/kirjaudu?nextPath=%2Ffi%2Flaboratorio");
  });
});

describe("a day's laboratory results", () => {
  it("shows the package and single tests, each in words against its range, and the pending one", async () => {
    const page = await as("patient", "/en/laboratoryresult/2026-11-16");
    expect(page.status).toBe(200);
    const html = main(page.text);
    expect(html).toContain("<h1>Laboratory results 16 November 2026</h1>");
    expect(html).toContain("Some results are still pending.");

    // The package opens to its tests; it says how many are outside the range.
    const pkg = html.slice(html.indexOf('data-package="B-PVK"'), html.indexOf("</details></li></ul></details>"));
    expect(pkg).toContain(
      // The laboratory's names are Finnish on every page, and marked so on an English one.
      '<summary><span class="lab-test__name" lang="fi">Perusverenkuva</span> <span class="lab-test__short">3 tests, 1 outside the reference range</span></summary>',
    );
    for (const name of ["Hemoglobiini", "Leukosyytit", "Trombosyytit"]) expect(pkg).toContain(name);
    expect(pkg).toContain("112 g/l, below the reference range 117–155");
    expect(pkg).toContain("<dd><strong>Below the reference range 117–155</strong></dd>");
    expect(pkg).toContain("6.2 E9/l, within the reference range 3.4–8.2");
    expect(pkg).not.toContain("Tyreotropiini");

    // A single test with its description, and the pending one.
    expect(html).toContain("2.1 mU/l, within the reference range 0.5–3.6");
    expect(html).toContain('<dd lang="fi">Kilpirauhasta ohjaava aivolisäkkeen hormoni.</dd>');
    expect(html).toContain(
      '<span class="lab-test__name" lang="fi">Kolesteroli</span> <span class="lab-test__short">Result pending</span>',
    );
    // A test whose sample is still to be given says so, rather than "pending" (spec part 1 §3: referral, sampled).
    expect(html).toContain(
      '<span class="lab-test__name" lang="fi">Glukoosi</span> <span class="lab-test__short">Sample not taken yet</span>',
    );
    // Every test opens with <details>, which works without JavaScript.
    expect(html.match(/<details class="lab-(test|package)"/g)).toHaveLength(7);

    // Released to professionals only: not on the page.
    expect(page.text).not.toContain("Tutkimuksen sisäinen arvo");
    expect(page.text).not.toContain("Vain ammattilaiselle");
  });

  it("shows every test in a table read by its headers", async () => {
    const html = main((await as("patient", "/en/laboratoryresult/2026-11-16")).text);
    const table = html.slice(html.indexOf("<table"), html.indexOf("</table>"));
    expect(html).toContain('<h2 id="lab-table-heading">All tests as a table</h2>');
    expect(table).toContain('<caption id="lab-table-caption">Laboratory results 16 November 2026</caption>');
    for (const column of ["Test", "Result", "Unit", "Reference range", "Assessment"])
      expect(table).toContain(`<th scope="col">${column}</th>`);
    expect(table.match(/<th scope="row" lang="fi">/g)).toHaveLength(6);
    expect(textOf(table)).toContain("Hemoglobiini (Perusverenkuva) 112 g/l 117–155 Below the reference range 117–155");
    expect(textOf(table)).toContain("Kolesteroli Result pending");
    expect(textOf(table)).toContain("Glukoosi Sample not taken yet");
    // The table comes after the expandable list.
    expect(html.indexOf("<table")).toBeGreaterThan(html.indexOf('data-package="B-PVK"'));
  });

  it("writes numbers the Finnish way: above the range, a prefix, an additional result and a text result", async () => {
    const page = await as("patient", "/fi/laboratoriotulos/2026-10-11");
    expect(page.status).toBe(200);
    const html = main(page.text);
    expect(html).toContain("<h1>Laboratoriotulokset 11.10.2026</h1>");
    expect(html).toContain("Kaikki tulokset ovat valmiita.");
    expect(html).toContain("5,4 mmol/l, viitevälin 3,5–5,1 yläpuolella");
    expect(html).toContain("<dt>Lisätulos</dt><dd>Näyte hieman hemolyyttinen.</dd>");
    expect(html).toContain("&lt; 3 mg/l, viitevälin ≤ 10 sisällä");
    expect(html).toContain("<dt>Tulos</dt><dd>&lt; 3</dd>");
    expect(html).toContain(
      '<span class="lab-test__name">Virtsan seulonta</span> <span class="lab-test__short">Negatiivinen</span>',
    );

    // On a Finnish page the names need no mark.
    expect(html).not.toContain('lang="fi"');
    const sv = main((await as("patient", "/sv/laboratorieresultat/2026-11-16")).text);
    expect(sv).toContain('<span class="lab-test__name" lang="fi">Hemoglobiini</span>');
    expect(sv).toContain("112 g/l, under referensintervallet 117–155");
    expect(sv).toContain("6,2 E9/l, inom referensintervallet 3,4–8,2");
    expect(sv).toContain("Resultatet är inte klart ännu");
  });

  it("is not found for a malformed date, a day without results, or another person's day", async () => {
    for (const path of [
      "/fi/laboratoriotulos/2026-02-30",
      "/fi/laboratoriotulos/16.11.2026",
      "/fi/laboratoriotulos/2026-11-17",
      // Aino's result day.
      "/fi/laboratoriotulos/2026-09-21",
    ]) {
      const page = await as("patient", path);
      expect(page.status, path).toBe(404);
      expect(page.text, path).toContain("<h1>Sivua ei löytynyt</h1>");
      expect(page.text, path).not.toContain("C-reaktiivinen proteiini");
    }
  });
});

describe("laboratory referral page", () => {
  it("shows the referral with its practitioner, Finnish description and patient instructions", async () => {
    const id = await referralId("Perusverenkuva, TSH");
    const page = await as("patient", `/en/laboratoryreferral/${id}`);
    expect(page.status).toBe(200);
    const html = main(page.text);
    expect(html).toContain("<h1>Perusverenkuva, TSH</h1>");
    expect(html).toContain('<p class="overline">Laboratory referral</p>');
    expect(textOf(html)).toContain("Status Valid Expires in about 3 weeks");
    expect(html).toContain("<dt>Valid until</dt><dd>15 December 2026</dd>");
    expect(html).toContain("<dt>Created</dt><dd>15 November 2026</dd>");
    expect(html).toContain("<strong>Anna Aho</strong>");
    expect(html).toContain("General practitioner");
    expect(html).toContain('<span class="avatar avatar--initials" aria-hidden="true">AA</span>');
    expect(html).toContain("The description is available in Finnish only.");
    expect(html).toContain('<p lang="fi" class="referral__description">Näytteenotto aamulla klo 7–10. Ei paastoa.</p>');
    expect(html).toContain(
      '<a href="https://www.solmu.example/ohjeet/laboratorio/perusverenkuva">Patient instructions</a>',
    );
    expect(html).toContain('<a href="/en/laboratory" data-discover="true">Back to laboratory</a>');
    expect(html).not.toContain("imaging centre");

    // In Finnish the note about the language is not needed.
    const fi = main((await as("patient", `/fi/laboratoriolahete/${id}`)).text);
    expect(fi).toContain("Yleislääkäri");
    expect(fi).not.toContain("Kuvaus on saatavilla vain suomeksi.");
  });

  it("says an expired referral is not valid", async () => {
    const id = await referralId("Virtsan perustutkimus");
    const html = main((await as("patient", `/fi/laboratoriolahete/${id}`)).text);
    expect(textOf(html)).toContain("Tila Ei voimassa");
    expect(html).toContain("<dt>Voimassa asti</dt><dd>10.11.2026</dd>");
    expect(html).not.toContain("Vanhenee");
    // No patient instructions for this one.
    expect(html).not.toContain("Potilasohje");
  });

  it("is not found for another person's referral, an imaging referral or a malformed id", async () => {
    const aino = await referralId("CRP");
    const imaging = await referralId("Polven röntgen");
    for (const path of [
      `/fi/laboratoriolahete/${aino}`,
      `/fi/laboratoriolahete/${imaging}`,
      "/fi/laboratoriolahete/abc",
      "/fi/laboratoriolahete/0",
      "/fi/laboratoriolahete/99999999999",
    ]) {
      const page = await as("patient", path);
      expect(page.status, path).toBe(404);
      expect(page.text, path).not.toContain("<h1>CRP</h1>");
      expect(page.text, path).not.toContain("<h1>Polven röntgen</h1>");
    }
  });
});

describe("the imaging page", () => {
  it("lists Maija's imaging referrals and the imaging days with their examinations", async () => {
    const page = await as("patient", "/sv/bildbehandling");
    expect(page.status).toBe(200);
    const html = main(page.text);
    expect(html).toContain("<h1>Bilddiagnostik</h1>");
    const knee = await referralId("Polven röntgen");
    const shoulder = await referralId("Olkapään ultraääni");
    expect(item(html, `data-referral="${knee}"`)).toContain(`href="/sv/bildbehandlingremiss/${knee}"`);
    expect(textOf(item(html, `data-referral="${knee}"`))).toContain("Giltig till 8.2.2027");
    expect(textOf(item(html, `data-referral="${shoulder}"`))).toContain("Inte giltig");
    expect(html.indexOf(`data-referral="${knee}"`)).toBeLessThan(html.indexOf(`data-referral="${shoulder}"`));
    expect(html).not.toContain("Ferritiini");

    const recent = item(html, 'data-date="2026-08-22"');
    expect(recent).toContain('href="/sv/bildbehandling/2026-08-22"');
    expect(textOf(recent)).toContain("Resultat 22.8.2026 Keuhkojen röntgen");
    expect(textOf(item(html, 'data-date="2025-10-16"'))).toContain("Nilkan röntgen, Nilkan ultraääni");
    expect(html.indexOf('data-date="2026-08-22"')).toBeLessThan(html.indexOf('data-date="2025-10-16"'));
  });

  it("shows Kalle's results as temporarily unavailable while his referral is still listed", async () => {
    for (const [path, text] of [
      ["/fi/kuvantaminen", "Osio ei ole tilapäisesti käytettävissä"],
      ["/sv/bildbehandling", "Avsnittet är tillfälligt otillgängligt"],
      ["/en/imaging", "This section is temporarily unavailable"],
    ] as const) {
      const page = await as("smsUser", path);
      expect(page.status, path).toBe(200);
      const html = main(page.text);
      expect(html, path).toContain(text);
      expect(html, path).toContain("Lannerangan magneettikuvaus");
      expect(html, path).not.toContain("Lannerangan röntgen");
    }
    // The result page says the same (not "page not found"), and shows nothing of what the faulty source holds.
    const result = await as("smsUser", "/en/imaging/2026-10-21");
    expect(result.status).toBe(503);
    expect(main(result.text)).toContain("This section is temporarily unavailable");
    expect(main(result.text)).toContain('href="/en/imaging"');
    expect(result.text).not.toContain("Lieviä kulumamuutoksia");
  });

  it("treats a failure while reading the results as the same temporary state, and reports it", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const session = await login(t.person("patient"));
    await t.db.execute(sql`alter table imaging_results rename to imaging_results_away`);
    try {
      const page = await send("/en/imaging", { session });
      expect(page.status).toBe(200);
      const html = main(page.text);
      expect(html).toContain("This section is temporarily unavailable");
      expect(html).toContain("Polven röntgen");
      expect(page.text).not.toContain("imaging_results");
    } finally {
      await t.db.execute(sql`alter table imaging_results_away rename to imaging_results`);
    }
    expect(errors).toHaveBeenCalledWith("unexpected error", expect.objectContaining({ area: "imaging-results" }));
    expect(main((await send("/en/imaging", { session })).text)).toContain("Keuhkojen röntgen");
  });

  it("says so when there are no referrals or results", async () => {
    const html = main((await as("newCustomer", "/en/imaging")).text);
    expect(html).toContain("No referrals");
    expect(html).toContain("No results");
    expect(html).not.toContain("temporarily unavailable");
  });
});

describe("imaging results and referral pages", () => {
  it("shows every result of the day with its statement", async () => {
    const page = await as("patient", "/en/imaging/2025-10-16");
    expect(page.status).toBe(200);
    const html = main(page.text);
    expect(html).toContain("<h1>Imaging results 16 October 2025</h1>");
    expect(html.match(/<h2 id="imaging-result-\d+" class="card__title">/g)).toHaveLength(2);
    expect(html).toContain("Nilkan röntgen");
    expect(html).toContain("Nilkan ultraääni");
    expect(html).toContain("<dt>Imaging date</dt><dd>16 October 2025</dd>");
    expect(html).toContain("Ei murtumaa. Lievä pehmytkudosturvotus ulkokehräksen alueella.");
    expect(html).toContain('<a href="/en/imaging" data-discover="true">Back to imaging</a>');
    expect(html).not.toContain("Keuhkojen röntgen");
  });

  it("keeps a statement's line breaks and never shows a professionals-only result", async () => {
    const sanna = t.person("newCustomer");
    await t.db.insert(s.imagingResults).values([
      {
        personId: sanna.id,
        examinationName: "Ranteen röntgen",
        imagingDate: "2026-11-02",
        statementText: "Ei murtumaa.\nNivelrako normaali.",
      },
      {
        personId: sanna.id,
        examinationName: "Sisäinen kuvaus",
        imagingDate: "2026-11-02",
        statementText: "Ei asiakkaalle.",
        viewRestriction: "professional",
      },
    ]);
    try {
      const page = await as("newCustomer", "/fi/kuvantaminen/2026-11-02");
      expect(page.status).toBe(200);
      const html = main(page.text);
      expect(html).toContain('<p class="imaging-result__statement">Ei murtumaa.\nNivelrako normaali.</p>');
      expect(html).not.toContain("Sisäinen kuvaus");
      expect(html).not.toContain("Ei asiakkaalle.");
      const list = main((await as("newCustomer", "/fi/kuvantaminen")).text);
      expect(textOf(item(list, 'data-date="2026-11-02"'))).toContain("Tulokset 2.11.2026 Ranteen röntgen");
      expect(list).not.toContain("Sisäinen kuvaus");
    } finally {
      await t.db.delete(s.imagingResults).where(eq(s.imagingResults.personId, sanna.id));
    }
  });

  it("is not found for a malformed date, a day without results or another person's day", async () => {
    for (const path of ["/en/imaging/2025-13-16", "/en/imaging/yesterday", "/en/imaging/2025-10-17"]) {
      const page = await as("patient", path);
      expect(page.status, path).toBe(404);
      expect(page.text, path).toContain("<h1>Page not found</h1>");
    }
    // Maija's day, asked by Sanna.
    const other = await as("newCustomer", "/en/imaging/2025-10-16");
    expect(other.status).toBe(404);
    expect(other.text).not.toContain("Nilkan röntgen");
  });

  it("shows an imaging referral with the link to the nearest imaging centre, in each brand", async () => {
    const id = await referralId("Polven röntgen");
    const page = await as("patient", `/en/imagingreferral/${id}`);
    expect(page.status).toBe(200);
    const html = main(page.text);
    expect(html).toContain('<p class="overline">Imaging referral</p>');
    expect(html).toContain("<h1>Polven röntgen</h1>");
    expect(html).toContain("<dt>Valid until</dt><dd>8 February 2027</dd>");
    expect(html).toContain('<p lang="fi" class="referral__description">Oikea polvi');
    expect(html).toContain(
      '<a href="https://www.solmu.example/kuvantaminen/toimipisteet">Find the nearest imaging centre</a>',
    );
    expect(html).toContain('<a href="/en/imaging" data-discover="true">Back to imaging</a>');

    const pj = main((await as("patient", `/fi/kuvantamislahete/${id}`, { host: PIKKUJATTI })).text);
    expect(pj).toContain(
      '<a href="https://www.pikkujatti.example/kuvantaminen/toimipisteet">Etsi lähin kuvantamisyksikkö</a>',
    );
    // The children's brand colours initials by the practitioner.
    expect(pj).toMatch(/<span class="avatar avatar--initials avatar--g\d" aria-hidden="true">AA<\/span>/);
  });

  it("is not found for a laboratory referral's id or another person's referral", async () => {
    const lab = await referralId("Ferritiini");
    const kalle = await referralId("Lannerangan magneettikuvaus");
    for (const path of [`/en/imagingreferral/${lab}`, `/en/imagingreferral/${kalle}`, "/en/imagingreferral/-1"]) {
      const page = await as("patient", path);
      expect(page.status, path).toBe(404);
      expect(page.text, path).not.toContain("Lannerangan magneettikuvaus");
    }
  });
});

describe("a guardian acting for a child", () => {
  it("sees Aino's referral and results, not his own or Maija's, in the children's brand", async () => {
    const session = await login(t.person("guardian"), t.person("youngChild"));
    const list = await send("/fi/laboratorio", { session, host: PIKKUJATTI });
    expect(list.status).toBe(200);
    const html = main(list.text);
    const crp = await referralId("CRP");
    expect(textOf(item(html, `data-referral="${crp}"`))).toContain("Vanhenee noin 1 viikon kuluttua");
    expect(textOf(item(html, 'data-date="2026-09-21"'))).toContain("Valmis, 1 tutkimus");
    expect(html.match(/data-date="/g)).toHaveLength(1);
    expect(html).not.toContain("Perusverenkuva");

    const result = await send("/fi/laboratoriotulos/2026-09-21", { session, host: PIKKUJATTI });
    expect(result.status).toBe(200);
    expect(main(result.text)).toContain("42 mg/l, viitevälin ≤ 10 yläpuolella");

    const referral = await send(`/fi/laboratoriolahete/${crp}`, { session, host: PIKKUJATTI });
    expect(referral.status).toBe(200);
    expect(main(referral.text)).toContain("Laura Lahtinen");
    expect(main(referral.text)).toContain("Lastentautien erikoislääkäri");

    // Maija's records stay hers.
    expect((await send("/fi/laboratoriotulos/2026-11-16", { session, host: PIKKUJATTI })).status).toBe(404);
    const maijas = await referralId("Ferritiini");
    expect((await send(`/fi/laboratoriolahete/${maijas}`, { session, host: PIKKUJATTI })).status).toBe(404);
  });
});

describe("the access log", () => {
  it("records each read: who read, whose records and what", async () => {
    const matti = t.person("guardian");
    const aino = t.person("youngChild");
    const session = await login(matti, aino);
    const crp = await referralId("CRP");
    const rows = () =>
      t.db
        .select({
          resource: s.accessLog.resource,
          resourceId: s.accessLog.resourceId,
          subjectId: s.accessLog.subjectId,
        })
        .from(s.accessLog)
        .where(and(eq(s.accessLog.actorId, matti.id), eq(s.accessLog.action, "read")))
        .orderBy(asc(s.accessLog.id));
    const before = (await rows()).length;
    for (const path of [
      "/fi/laboratorio",
      `/fi/laboratoriolahete/${crp}`,
      "/fi/laboratoriotulos/2026-09-21",
      "/fi/kuvantaminen",
    ])
      expect((await send(path, { session })).status, path).toBe(200);
    // A page that is not found reads nothing.
    expect((await send("/fi/laboratoriotulos/2026-09-22", { session })).status).toBe(404);

    const after = (await rows()).slice(before);
    expect(after).toEqual([
      { resource: "laboratory", resourceId: null, subjectId: aino.id },
      { resource: "lab-referral", resourceId: String(crp), subjectId: aino.id },
      { resource: "lab-result", resourceId: "2026-09-21", subjectId: aino.id },
      { resource: "imaging", resourceId: null, subjectId: aino.id },
    ]);

    const maija = t.person("patient");
    const knee = await referralId("Polven röntgen");
    const maijaSession = await login(maija);
    await send(`/en/imagingreferral/${knee}`, { session: maijaSession });
    await send("/en/imaging/2026-08-22", { session: maijaSession });
    const maijas = await t.db
      .select({ resource: s.accessLog.resource, resourceId: s.accessLog.resourceId })
      .from(s.accessLog)
      .where(and(eq(s.accessLog.actorId, maija.id), eq(s.accessLog.subjectId, maija.id)));
    expect(maijas).toEqual(
      expect.arrayContaining([
        { resource: "imaging-referral", resourceId: String(knee) },
        { resource: "imaging-result", resourceId: "2026-08-22" },
      ]),
    );
  });
});
