/**
 * The general pages through the real request handler: the Finnish-only help page (the instructions link of the main
 * brand, the SMS authentication questions with the feature `mfa`), the end-user licence terms (Finnish in the
 * children's brand whatever the language), the new customer page and the front page's redirect there for a person
 * with no events, and the chat-moved pages that exist only with the feature `pikkutsatti`.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { brands, type Feature } from "#brands/index";
import { newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { hasEvents } from "~/features/front-page/has-events.server";
import { shouldRevalidate } from "~/routes/front-page/home";
import { sendAsBrowser, type SendOptions } from "./request-handler";
import { FIXED_NOW, freeSlotId, login, useTestDatabase, type DemoKey } from "./test-db";

const t = useTestDatabase();
const csrfCookie = newCsrfCookieValue();
const send = (path: string, options: SendOptions = {}) => sendAsBrowser(csrfCookie, "GET", path, options);
const as = async (key: DemoKey, path: string, options: SendOptions = {}) =>
  send(path, { ...options, session: await login(t.person(key)) });
const PIKKUJATTI = "pikkujatti.localhost:3000";

// A test may switch a feature off for the main brand in this process (the request handler reads the brand's flags).
const mainDevelopmentFeatures = [...brands.main.features.development];
afterEach(() => {
  brands.main.features.development = [...mainDevelopmentFeatures];
});
function switchOff(feature: Feature) {
  brands.main.features.development = mainDevelopmentFeatures.filter((f) => f !== feature);
}

/** The `<details>` questions of a page. */
function questions(html: string): string[] {
  return [...html.matchAll(/<details class="disclosure"><summary>([^<]+)<\/summary>/g)].map((m) => m[1]);
}

describe("the help page", () => {
  it("is Finnish only: the Swedish and English paths are not found", async () => {
    expect((await send("/fi/ohjeita")).status).toBe(200);
    expect((await send("/sv/ohjeita")).status).toBe(404);
    expect((await send("/en/ohjeita")).status).toBe(404);
    expect((await as("patient", "/en/ohjeita")).status).toBe(404);
  });

  it("gives the main brand's instructions link and the SMS authentication questions, to anyone", async () => {
    for (const page of [await send("/fi/ohjeita"), await as("patient", "/fi/ohjeita")]) {
      expect(page.status).toBe(200);
      expect(page.text).toContain("<title>Ohjeita – Solmu</title>");
      expect(page.text).toContain("<h1>Ohjeita</h1>");
      expect(page.text).toContain('<a href="https://www.solmu.example/ohjeet">Yleiset asiointiohjeet</a>');
      expect(page.text).toContain('<h2 id="faq-mfa">Tekstiviestitunnistautuminen</h2>');
      expect(questions(page.text)).toEqual([
        "Mitä tekstiviestitunnistautuminen on?",
        "Miten otan tekstiviestitunnistautumisen käyttöön tai poistan sen käytöstä?",
        "Puhelinnumeroni on vaihtunut. Mitä teen?",
        "Koodi ei tullut. Mitä teen?",
        "Annoin väärän koodin liian monta kertaa. Mitä nyt?",
      ]);
      expect(page.text).toContain('<a href="/fi/omat-tiedot" data-discover="true">Siirry Omat tiedot -sivulle</a>');
      expect(page.text).toContain('<a href="tel:0306005000">030 600 5000</a>');
      // The language switch leads to the other languages' front pages, not to a missing page.
      expect(page.text).toMatch(/<a href="\/sv" hrefLang="sv"/i);
      expect(page.text).toMatch(/<a href="\/en" hrefLang="en"/i);
      expect(page.text).not.toMatch(/href="\/(sv|en)\/ohjeita"/);
    }
  });

  it("has no instructions link in the children's brand, which has no such link", async () => {
    const page = await send("/fi/ohjeita", { host: PIKKUJATTI });
    expect(page.status).toBe(200);
    expect(page.text).toContain("<title>Ohjeita – Pikkujätti</title>");
    expect(page.text).not.toContain("Yleiset asiointiohjeet");
    expect(page.text).not.toContain("Yleiset ohjeet");
    // Pikkujätti has the feature mfa too.
    expect(questions(page.text)).toHaveLength(5);
    expect(page.text).toContain('<a href="tel:0306007000">030 600 7000</a>');
  });

  it("shows the SMS authentication questions only while the feature mfa is on", async () => {
    switchOff("mfa");
    const page = await send("/fi/ohjeita");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Ohjeita</h1>");
    expect(page.text).toContain("Yleiset asiointiohjeet");
    expect(page.text).not.toContain("Tekstiviestitunnistautuminen");
    expect(questions(page.text)).toEqual([]);
  });
});

describe("the end-user licence terms", () => {
  it("are in the page's language in the main brand, naming the brand and its company", async () => {
    const fi = await send("/fi/eula");
    expect(fi.status).toBe(200);
    expect(fi.text).toContain("<title>Loppukäyttäjän käyttöehdot – Solmu</title>");
    expect(fi.text).toContain('<div class="narrow"><h1>Loppukäyttäjän käyttöehdot</h1>');
    expect(fi.text).toContain("Nämä ehdot koskevat Solmu-verkkopalvelun ja -mobiilisovelluksen");
    expect(fi.text).toContain("Palvelun tarjoaa Solmu Terveys Oy.");
    expect(fi.text).toContain("<h2>Asiointi lapsen puolesta</h2>");
    expect(fi.text).toContain('<a href="https://www.solmu.example/">Solmu-verkkosivut</a>');

    const sv = await send("/sv/eula");
    expect(sv.text).toContain("<h1>Användarvillkor för slutanvändare</h1>");
    expect(sv.text).toContain("Tjänsten tillhandahålls av Solmu Terveys Oy.");
    const en = await as("patient", "/en/eula");
    expect(en.status).toBe(200);
    expect(en.text).toContain('<div class="narrow"><h1>End-user licence terms</h1>');
    expect(en.text).toContain("<h2>Acting for a child</h2>");
    expect(en.text).not.toContain("Loppukäyttäjän");
  });

  it("are always in Finnish in the children's brand, marked as Finnish on a Swedish or English page", async () => {
    for (const path of ["/sv/eula", "/en/eula"]) {
      const page = await send(path, { host: PIKKUJATTI });
      expect(page.status).toBe(200);
      expect(page.text).toContain(`<html lang="${path.slice(1, 3)}"`);
      expect(page.text).toContain('<div class="narrow" lang="fi"><h1>Loppukäyttäjän käyttöehdot</h1>');
      expect(page.text).toContain("Palvelun tarjoaa Lastenklinikka Pikkujätti Oy.");
      expect(page.text).not.toContain("<h1>Användarvillkor för slutanvändare</h1>");
      expect(page.text).not.toContain("<h1>End-user licence terms</h1>");
    }
    const fi = await send("/fi/eula", { host: PIKKUJATTI });
    expect(fi.text).toContain('<div class="narrow"><h1>Loppukäyttäjän käyttöehdot</h1>');
  });
});

describe("the new customer page and the front page's redirect", () => {
  it("knows who has events: Sanna none, Maija plenty", async () => {
    expect(await hasEvents(t.db, t.person("newCustomer").id)).toBe(false);
    expect(await hasEvents(t.db, t.person("patient").id)).toBe(true);
  });

  it("counts a reservation of any status and an invoice, but not a visit only professionals may see", async () => {
    const pekka = t.person("notCreditWorthy");
    expect(await hasEvents(t.db, pekka.id)).toBe(false);

    const [visit] = await t.db
      .insert(s.visits)
      .values({ personId: pekka.id, dateTime: FIXED_NOW, viewRestriction: "professional" })
      .returning();
    expect(await hasEvents(t.db, pekka.id)).toBe(false);
    await t.db.delete(s.visits).where(eq(s.visits.id, visit.id));

    const [reservation] = await t.db
      .insert(s.reservations)
      .values({ appointmentId: await freeSlotId(), personId: pekka.id, status: "cancelled", cancelledAt: FIXED_NOW })
      .returning();
    expect(await hasEvents(t.db, pekka.id)).toBe(true);
    await t.db.delete(s.reservations).where(eq(s.reservations.id, reservation.id));
    expect(await hasEvents(t.db, pekka.id)).toBe(false);

    const [invoice] = await t.db
      .insert(s.invoices)
      .values({
        invoiceNumber: "INFO-TEST-1",
        personId: pekka.id,
        source: "CustomerInvoice",
        status: "paid",
        creationDate: "2026-11-01",
        dueDate: "2026-11-15",
        sumCents: 1000,
        buyerName: "Pekka Peloton",
      })
      .returning();
    expect(await hasEvents(t.db, pekka.id)).toBe(true);
    await t.db.delete(s.invoices).where(eq(s.invoices.id, invoice.id));
  });

  it("sends Sanna from the front page to the new customer page, in her language", async () => {
    const fi = await as("newCustomer", "/fi");
    expect(fi.status).toBe(302);
    expect(fi.location).toBe("/fi/uusi-asiakas");
    expect((await as("newCustomer", "/sv")).location).toBe("/sv/ny-kund");
    expect((await as("newCustomer", "/en", { host: PIKKUJATTI })).location).toBe("/en/new-customer");
  });

  it("keeps Maija, and a person whose front page offers SMS login, on the front page", async () => {
    const maija = await as("patient", "/fi");
    expect(maija.status).toBe(200);
    expect(maija.text).toContain("<h1>Hei, Maija!</h1>");
    // Tuula has no events either, but the front page's SMS-login prompt is for her.
    const tuula = await as("smsOnboarding", "/fi");
    expect(tuula.status).toBe(200);
    expect(tuula.text).toContain("Matkapuhelinnumero");
  });

  it("keeps the front page in place after the SMS-login panel's last answer, so its result can be read", () => {
    const after = (panel: string) =>
      shouldRevalidate({ actionResult: { panel }, defaultShouldRevalidate: true } as Parameters<
        typeof shouldRevalidate
      >[0]);
    expect(after("mfa-ok")).toBe(false);
    expect(after("too-many-mfa-attempts")).toBe(false);
    expect(after("too-many-codes")).toBe(false);
    // Between the steps the page loads again: the panel's next step comes from the loader.
    expect(after("sent")).toBe(true);
    expect(after("mfa-challenge-failed")).toBe(true);
  });

  it("welcomes Sanna with booking, the customer-service phone and log out, without the navigation", async () => {
    const page = await as("newCustomer", "/fi/uusi-asiakas");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<title>Tervetuloa – Solmu</title>");
    expect(page.text).toContain("<h1>Hei, Sanna!</h1>");
    expect(page.text).toContain("Tervetuloa Solmu-verkkopalveluun.");
    expect(page.text).toContain('<a class="button" href="/fi/ajanvaraus" data-discover="true">Varaa aika</a>');
    expect(page.text).toContain('<a href="tel:0306005000">030 600 5000</a>');
    expect(page.text).toContain('<a href="/fi/kirjaudu-ulos" data-discover="true">Kirjaudu ulos</a>');
    expect(page.text).toContain('<a href="/fi/omat-tiedot" data-discover="true">Omat tiedot</a>');
    // An anonymous page type: no menu, no user menu, no footer; the language links stay.
    expect(page.text).not.toContain('class="menu"');
    expect(page.text).not.toContain('class="user-menu"');
    expect(page.text).not.toContain("<footer");
    expect(page.text).toContain('href="/sv/ny-kund"');

    const sv = await as("newCustomer", "/sv/ny-kund", { host: PIKKUJATTI });
    expect(sv.text).toContain("<h1>Hej, Sanna!</h1>");
    expect(sv.text).toContain('<a class="button" href="/sv/tidsbokning" data-discover="true">Boka tid</a>');
    expect(sv.text).toContain('<a href="tel:0306007000">030 600 7000</a>');
  });

  it("is shown to anyone logged in who opens it, and names the child a guardian acts for", async () => {
    expect((await as("patient", "/en/new-customer")).text).toContain("<h1>Hello, Maija!</h1>");
    const acting = await send("/fi/uusi-asiakas", {
      session: await login(t.person("guardian"), t.person("youngChild")),
    });
    expect(acting.text).toContain("<h1>Hei, Matti!</h1>");
    expect(acting.text).toContain("Katselet henkilön Aino Virtanen tietoja.");
  });

  it("sends a visitor without a session to log in and come back", async () => {
    const page = await send("/fi/uusi-asiakas");
    expect(page.status).toBe(302);
    expect(page.location).toBe("/fi/kirjaudu?nextPath=%2Ffi%2Fuusi-asiakas");
    expect((await send("/en/new-customer")).location).toBe("/en/login?nextPath=%2Fen%2Fnew-customer");
  });
});

describe("the chat-moved pages", () => {
  const PATHS = {
    chatMoved: ["/fi/pikkutsatti", "/sv/pikkutsatti", "/en/pikkutsatti"],
    chatMovedPayment: ["/fi/pikkutsatti/maksu", "/sv/pikkutsatti/betalning", "/en/pikkutsatti/payment"],
    childrensService: [
      "/fi/kirjautumattomat-kayttajat/pikkutsatti",
      "/sv/anonyma-anvandare/pikkutsatti",
      "/en/anonymous-users/pikkutsatti",
    ],
  };

  it("are not found in the main brand, which lacks the feature pikkutsatti", async () => {
    for (const path of Object.values(PATHS).flat()) {
      expect((await send(path)).status, path).toBe(404);
      expect((await as("patient", path)).status, path).toBe(404);
    }
  });

  it("answer in every language in Pikkujätti, anonymous or logged in", async () => {
    for (const path of Object.values(PATHS).flat()) {
      expect((await send(path, { host: PIKKUJATTI })).status, path).toBe(200);
      expect((await as("guardian", path, { host: PIKKUJATTI })).status, path).toBe(200);
    }
  });

  it("say the chat has moved to the app, with the brand's app-store links and the navigation", async () => {
    const page = await send("/fi/pikkutsatti", { host: PIKKUJATTI });
    expect(page.text).toContain("<title>Chat on siirtynyt mobiilisovellukseen – Pikkujätti</title>");
    expect(page.text).toContain("<h1>Chat on siirtynyt mobiilisovellukseen</h1>");
    expect(page.text).toContain("Kun olet kirjautunut sovellukseen, voit aloittaa chatin siellä.");
    expect(page.text).toContain(
      '<ul class="link-list"><li><a href="https://apps.apple.com/fi/app/pikkujatti/id000000002">Lataa App Storesta</a>',
    );
    expect(page.text).toContain('href="https://play.google.com/store/apps/details?id=example.pikkujatti"');
    expect(page.text).toContain('class="menu"');
    expect(page.text).toContain("<footer");
  });

  it("tell whoever came to pay for a chat that nothing is paid or charged here", async () => {
    const page = await send("/sv/pikkutsatti/betalning", { host: PIKKUJATTI });
    expect(page.text).toContain("<h1>Chatten betalas nu i appen</h1>");
    expect(page.text).toContain("inga betalningar tas emot på den här sidan. Du har inte debiterats något.");
    expect(page.text).toMatch(
      /Om du har frågor, ring vår kundtjänst:(<!-- -->)? <a href="tel:0306007000">030 600 7000<\/a>/,
    );
    expect(page.text).toContain("https://apps.apple.com/fi/app/pikkujatti/id000000002");
    expect(page.text).not.toContain("Chatten har flyttat till mobilappen Pikkujätti. När");
  });

  it("give the children's-service page the brand's name as its title, no navigation, and a log-in link", async () => {
    const page = await send("/en/anonymous-users/pikkutsatti", { host: PIKKUJATTI });
    expect(page.text).toContain("<title>Pikkujätti</title>");
    expect(page.text).toContain("<h1>Pikkujätti</h1>");
    expect(page.text).toContain("The chat is now in the Pikkujätti mobile app.");
    expect(page.text).toContain("https://play.google.com/store/apps/details?id=example.pikkujatti");
    expect(page.text).toContain('<a class="button" href="/en/login" data-discover="true">Log in</a>');
    expect(page.text).not.toContain('class="menu"');
    expect(page.text).not.toContain("<footer");
  });
});
