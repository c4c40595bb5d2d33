import { ORIGINS, expect, expectAccessible, gotoRoute, login, people, test } from "../fixtures";

test("Sanna, with no events yet, lands on the new customer page and books from it", async ({ page }) => {
  await login(page, { person: people.newCustomer, lang: "fi" });
  await gotoRoute(page, "home", "fi");
  await expect(page).toHaveURL(ORIGINS.main + "/fi/uusi-asiakas");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hei, Sanna!");
  await expect(page).toHaveTitle("Tervetuloa – Solmu");
  // An anonymous page type: no menus and no footer; the page has the customer-service number and log out itself.
  await expect(page.locator(".menu")).toHaveCount(0);
  await expect(page.locator(".user-menu")).toHaveCount(0);
  await expect(page.locator("footer")).toHaveCount(0);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: /^030 600 50\d0$/ })).toHaveAttribute("href", /^tel:03060050\d0$/);
  await expect(main.getByRole("link", { name: "Kirjaudu ulos" })).toHaveAttribute("href", "/fi/kirjaudu-ulos");
  await expectAccessible(page);

  await main.getByRole("link", { name: "Varaa aika" }).click();
  await expect(page).toHaveURL(ORIGINS.main + "/fi/ajanvaraus");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Yksityisasiakas/ })).toBeVisible();
});

test("the help page from Maija's Finnish menu: instructions and the SMS authentication questions", async ({ page }) => {
  await login(page, { person: people.patient, lang: "fi" });
  await gotoRoute(page, "home", "fi");
  await page.locator(".menu > summary").click();
  await page.getByRole("navigation", { name: "Päävalikko" }).getByRole("link", { name: "Ohjeita" }).click();
  await expect(page).toHaveURL(ORIGINS.main + "/fi/ohjeita");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ohjeita");
  await expect(page.getByRole("link", { name: "Yleiset asiointiohjeet" })).toHaveAttribute(
    "href",
    "https://www.solmu.example/ohjeet",
  );
  await expect(page.getByRole("heading", { level: 2, name: "Tekstiviestitunnistautuminen" })).toBeVisible();
  // The answers open without JavaScript (<details>).
  const answer = page.getByText(/^Tekstiviestin saapuminen voi kestää hetken\./);
  await expect(answer).toBeHidden();
  await page.getByText("Koodi ei tullut. Mitä teen?").click();
  await expect(answer).toBeVisible();
  await expectAccessible(page);

  // Finnish only: the language switch leads to the Swedish front page, and the Swedish path is not found.
  await page.locator(".header__end").getByRole("link", { name: "På svenska" }).click();
  await expect(page).toHaveURL(ORIGINS.main + "/sv");
  const swedish = await page.goto(ORIGINS.main + "/sv/ohjeita");
  expect(swedish?.status()).toBe(404);
});

test("the help page in the children's brand has no instructions link", async ({ page }) => {
  await gotoRoute(page, "help", "fi", { brand: "pikkujatti" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ohjeita");
  await expect(page.getByRole("link", { name: "Yleiset asiointiohjeet" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 2, name: "Tekstiviestitunnistautuminen" })).toBeVisible();
  await expectAccessible(page);
});

test("end-user licence terms in Finnish and English, and in Finnish at Pikkujätti in Swedish", async ({ page }) => {
  await gotoRoute(page, "eula", "fi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Loppukäyttäjän käyttöehdot");
  await expect(page.getByText("Palvelun tarjoaa Solmu Terveys Oy.", { exact: false })).toBeVisible();
  await expectAccessible(page);

  await gotoRoute(page, "eula", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("End-user licence terms");
  await expect(page.getByRole("heading", { level: 2, name: "Acting for a child" })).toBeVisible();
  await expectAccessible(page);

  await gotoRoute(page, "eula", "sv", { brand: "pikkujatti" });
  await expect(page.locator("html")).toHaveAttribute("lang", "sv");
  const terms = page.locator("main [lang=fi]");
  await expect(terms.getByRole("heading", { level: 1 })).toHaveText("Loppukäyttäjän käyttöehdot");
  await expect(terms).toContainText("Palvelun tarjoaa Lastenklinikka Pikkujätti Oy.");
  await expectAccessible(page);
});

test("the chat-moved pages at Pikkujätti, from the menu; not found in the main brand", async ({ page }) => {
  await gotoRoute(page, "booking", "fi", { brand: "pikkujatti" });
  await page.locator(".menu > summary").click();
  await page.getByRole("navigation", { name: "Päävalikko" }).getByRole("link", { name: "Chat" }).click();
  await expect(page).toHaveURL(ORIGINS.pikkujatti + "/fi/pikkutsatti");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chat on siirtynyt mobiilisovellukseen");
  await expect(page.getByRole("main").getByRole("link", { name: "Lataa App Storesta" })).toHaveAttribute(
    "href",
    "https://apps.apple.com/fi/app/pikkujatti/id000000002",
  );
  await expect(page.getByRole("main").getByRole("link", { name: "Lataa Google Playstä" })).toBeVisible();
  await expectAccessible(page);

  await gotoRoute(page, "chatMovedPayment", "en", { brand: "pikkujatti" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The chat is now paid for in the app");
  await expect(page.getByText(/Nothing has been charged to you\./)).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "030 600 7000" })).toHaveAttribute(
    "href",
    "tel:0306007000",
  );
  await expectAccessible(page);

  await gotoRoute(page, "childrensService", "sv", { brand: "pikkujatti" });
  await expect(page).toHaveTitle("Pikkujätti");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pikkujätti");
  await expect(page.locator(".menu")).toHaveCount(0);
  await expect(page.locator("footer")).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: "Ladda ner från App Store" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("main").getByRole("link", { name: "Logga in" }).click();
  await expect(page).toHaveURL(ORIGINS.pikkujatti + "/sv/loggain");

  // The main brand has no chat: no menu item, and each page is not found.
  await gotoRoute(page, "booking", "fi");
  await page.locator(".menu > summary").click();
  await expect(page.getByRole("navigation", { name: "Päävalikko" }).getByRole("link", { name: "Chat" })).toHaveCount(0);
  for (const id of ["chatMoved", "chatMovedPayment", "childrensService"] as const) {
    const response = await gotoRoute(page, id, "fi");
    expect(response?.status(), id).toBe(404);
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sivua ei löytynyt");
  await expectAccessible(page);
});
