import type { Page } from "@playwright/test";
import { href } from "../../app/route-table";
import "../../app/route-table/pages.server";
import { ORIGINS, SHORT_SESSION_ORIGIN, expect, expectAccessible, identify, people, test } from "../fixtures";

/**
 * Maija's two-step pre-visit questionnaire, with the session ending half-way. Without JavaScript it runs on the
 * short-session server (idle after 40 s) and the session really expires: the answers of the steps already left
 * are kept, the step's unsent typing is lost. With JavaScript it runs on the main server and the session ends by
 * clearing the cookies: the background save has kept even the step's last answer. Each project answers the
 * questionnaire of its own server's database, so the two never meet.
 */

const maija = people.patient;
const SHORT = SHORT_SESSION_ORIGIN;

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const group = (page: Page, name: RegExp) => page.getByRole("group", { name });

test(
  "fills the pre-visit questionnaire in two steps, keeps the answers when the session ends, sends and reads it",
  { tag: "@idle" },
  async ({ page, jsEnabled }) => {
    test.setTimeout(jsEnabled ? 60_000 : 120_000);
    const origin = jsEnabled ? ORIGINS.main : SHORT;
    const list = origin + href("questionnaireList", "fi");

    await page.goto(origin + href("login", "fi"));
    await identify(page, new RegExp(maija.identityCode));
    await expect(heading(page)).toHaveText("Hei, Maija!");
    await page.goto(list);
    await expect(heading(page)).toHaveText("Kyselyt");
    await expect(page.getByRole("heading", { name: "Avoimet tehtävät" })).toBeVisible();
    await expect(page.locator("section", { hasText: "Vastaukset" }).getByRole("link")).toHaveText([
      "Tyytyväisyyskysely",
    ]);
    await page.getByRole("link", { name: "Esitietolomake" }).click();

    // Step 1: sent empty, the error summary; then the answers (smoking brings its follow-up question).
    await expect(heading(page)).toHaveText("Esitietolomake");
    await expect(page.getByRole("heading", { level: 2, name: /Vaihe 1\/2/ })).toBeVisible();
    await expect(page.getByLabel(/Montako savuketta/)).toBeHidden();
    await expectAccessible(page);
    await button(page, "Seuraava").click();
    const summary = page.locator(".error-summary");
    await expect(summary).toContainText("Pituus (cm): Vastaa kysymykseen, kiitos.");
    await expect(summary).toContainText("Tupakoitko?: Vastaa kysymykseen, kiitos.");
    await expect(page).toHaveTitle(/^Virhe: Esitietolomake/);
    await expectAccessible(page);
    await summary.getByRole("link", { name: /Pituus/ }).click();
    if (jsEnabled) await expect(page.getByLabel(/^Pituus \(cm\)/)).toBeFocused();

    await page.getByLabel(/^Pituus \(cm\)/).fill("172");
    await group(page, /Tupakoitko/)
      .getByLabel("Kyllä", { exact: true })
      .check();
    if (!jsEnabled) {
      // Without JavaScript the server shows the question the answer brought, before going on.
      await button(page, "Seuraava").click();
      await expect(page.getByText("Vastauksesi lisäsivät tähän vaiheeseen kysymyksiä.")).toBeVisible();
    }
    await page.getByLabel(/Montako savuketta/).fill("5");
    await button(page, "Seuraava").click();

    // Step 2 in part, back and forth: both moves keep the answers.
    await expect(page.getByRole("heading", { level: 2, name: /Vaihe 2\/2/ })).toBeVisible();
    await group(page, /Onko sinulla jokin/)
      .getByLabel("Astma")
      .check();
    await group(page, /Käytätkö säännöllisesti/)
      .getByLabel("Kyllä")
      .check();
    await button(page, "Edellinen").click();
    await expect(page.getByRole("heading", { level: 2, name: /Vaihe 1\/2/ })).toBeVisible();
    await expect(page.getByLabel(/^Pituus \(cm\)/)).toHaveValue("172");
    await expect(page.getByLabel(/Montako savuketta/)).toHaveValue("5");
    await button(page, "Seuraava").click();
    await expect(page.getByRole("heading", { level: 2, name: /Vaihe 2\/2/ })).toBeVisible();
    await expect(group(page, /Onko sinulla jokin/).getByLabel("Astma")).toBeChecked();
    const medicines = page.getByLabel(/Mitä lääkkeitä käytät/);
    await medicines.fill("Ventoline tarvittaessa");

    if (jsEnabled) {
      // Leaving the field saves it in the background; then the session ends.
      const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/fi/kyselyt/"));
      await medicines.press("Tab");
      expect((await saved).status()).toBe(200);
      await page.context().clearCookies();
      await page.goto(list);
      await identify(page, new RegExp(maija.identityCode));
      await expect(heading(page)).toHaveText("Kyselyt");
      await page.getByRole("link", { name: "Esitietolomake" }).click();
    } else {
      // Idle past the 40-second timeout: Send goes to the expired-session page, and logging in leads back.
      await page.waitForTimeout(41_000);
      await button(page, "Lähetä").click();
      await expect(heading(page)).toHaveText("Istuntosi on vanhentunut");
      await page.getByRole("link", { name: "Kirjaudu pankkitunnuksilla" }).click();
      await identify(page, new RegExp(maija.identityCode));
    }

    // Logged in again: step 2 with the answers kept.
    await expect(heading(page)).toHaveText("Esitietolomake");
    await expect(page.getByRole("heading", { level: 2, name: /Vaihe 2\/2/ })).toBeVisible();
    await expect(group(page, /Onko sinulla jokin/).getByLabel("Astma")).toBeChecked();
    await expect(group(page, /Käytätkö säännöllisesti/).getByLabel("Kyllä")).toBeChecked();
    // Without JavaScript the text typed after the last step was not sent, so it is gone; with it, it was saved.
    await expect(medicines).toHaveValue(jsEnabled ? "Ventoline tarvittaessa" : "");
    if (!jsEnabled) await medicines.fill("Ventoline tarvittaessa");
    await group(page, /Millaiseksi arvioit/)
      .getByLabel("4", { exact: true })
      .check();
    await button(page, "Lähetä").click();

    // Sent: read-only, with the answers.
    await expect(page.getByText("Vastauksesi on tallennettu.")).toBeVisible();
    await expect(heading(page)).toHaveText("Esitietolomake");
    await expect(page.getByText("Vastauksia ei voi enää muuttaa.")).toBeVisible();
    const row = (question: string) => page.locator(".summary-list__row", { hasText: question });
    await expect(row("Pituus (cm)").locator("dd")).toHaveText("172");
    await expect(row("Montako savuketta").locator("dd")).toHaveText("5");
    await expect(row("Mitä lääkkeitä käytät?").locator("dd")).toHaveText("Ventoline tarvittaessa");
    await expect(row("Millaiseksi arvioit").locator("dd")).toHaveText("4");
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expectAccessible(page);

    await page.goto(list);
    await expect(page.locator("section", { hasText: "Vastaukset" }).getByRole("link")).toHaveText([
      "Esitietolomake",
      "Tyytyväisyyskysely",
    ]);
  },
);

test("answers Erkki's health survey: a matrix, a group of numbers, panels added, a medicine table, allergies and a ranking", async ({
  page,
  jsEnabled,
}) => {
  test.setTimeout(90_000);
  // Each project answers the survey of its own server's database.
  const origin = jsEnabled ? ORIGINS.main : SHORT;
  await page.goto(origin + href("login", "fi"));
  await identify(page, new RegExp(people.senior.identityCode));
  await expect(heading(page)).toHaveText("Hei, Erkki!");
  await page.goto(origin + href("questionnaireList", "fi"));
  await page.getByRole("link", { name: "Terveyskysely" }).click();
  await expect(heading(page)).toHaveText("Terveyskysely");
  await expect(page.getByRole("heading", { level: 2, name: /Vaihe 1\/3/ })).toBeVisible();
  await expectAccessible(page);

  // Step 1 sent empty: the matrix and the required height, in the order of the page.
  await button(page, "Seuraava").click();
  const summary = page.locator(".error-summary");
  await expect(summary.getByRole("link")).toHaveText([
    "Kuinka usein sinulla on ollut seuraavia oireita viimeisen kuukauden aikana?: Vastaa kysymykseen, kiitos.",
    "Mittaukset, Pituus (cm): Vastaa kysymykseen, kiitos.",
  ]);
  await expect(page).toHaveTitle(/^Virhe: Terveyskysely/);

  // One row left out and a weight out of range: each error names its part and leads to its field.
  const symptoms = group(page, /Kuinka usein/);
  await symptoms.getByRole("group", { name: "Päänsärky" }).getByLabel("Joskus").check();
  await symptoms.getByRole("group", { name: "Huimaus" }).getByLabel("Ei koskaan").check();
  await page.getByLabel(/^Pituus \(cm\)/).fill("172");
  await page.getByLabel(/^Paino \(kg\)/).fill("500");
  // A previous operation: Add keeps what was typed and brings a panel of its own.
  await page.getByRole("button", { name: "Lisää leikkaus" }).click();
  const operation = page.getByRole("group", { name: "Leikkaus 1" });
  await expect(operation).toBeVisible();
  await expect(page.getByLabel(/^Pituus \(cm\)/)).toHaveValue("172");
  await expect(symptoms.getByRole("group", { name: "Päänsärky" }).getByLabel("Joskus")).toBeChecked();
  await operation.getByLabel(/^Mikä leikkaus/).fill("Umpilisäke");
  await operation.getByLabel("Vuosi").fill("2019");
  // Enter in a field sends the step (not the panel's buttons).
  await operation.getByLabel("Vuosi").press("Enter");
  await expect(summary.getByRole("link")).toHaveText([
    /Kuinka usein .*, Univaikeudet: Vastaa kysymyksiin kaikilla riveillä\./,
    "Mittaukset, Paino (kg): Luvun '500' tulee olla vähintään 20 ja korkeintaan 300.",
  ]);
  await expectAccessible(page);
  await summary.getByRole("link", { name: /Paino/ }).click();
  if (jsEnabled) await expect(page.getByLabel(/^Paino \(kg\)/)).toBeFocused();
  await expect(page.getByLabel(/^Paino \(kg\)/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(/^Pituus \(cm\)/)).toHaveValue("172");
  await expect(page.getByRole("group", { name: /^Leikkaus \d/ })).toHaveCount(1);
  await symptoms.getByRole("group", { name: "Univaikeudet" }).getByLabel("Usein").check();
  await page.getByLabel(/^Paino \(kg\)/).fill("70");
  await button(page, "Seuraava").click();

  // Step 2: a yes brings the medicine table; a ranking with one place twice is refused.
  await expect(page.getByRole("heading", { level: 2, name: /Vaihe 2\/3/ })).toBeVisible();
  const table = group(page, /Milloin otat lääkkeesi/);
  const notes = page.getByLabel("Muuta lääkityksestäsi");
  await expect(table).toBeHidden();
  await expect(notes).toBeDisabled();
  await group(page, /Käytätkö lääkkeitä/)
    .getByLabel("Kyllä")
    .check();
  await group(page, /Onko sinulla allergioita/)
    .getByLabel("Ei")
    .check();
  const topics = group(page, /Mistä haluat puhua/);
  await topics.getByLabel("Liikunta", { exact: true }).selectOption("1");
  await topics.getByLabel("Uni", { exact: true }).selectOption("2");
  await topics.getByLabel("Ravinto", { exact: true }).selectOption("2");
  await button(page, "Seuraava").click();
  await expect(summary).toContainText("Anna jokaiselle vaihtoehdolle oma sija, kukin sija vain kerran.");
  await expect(table).toBeVisible();
  await expect(notes).toBeEnabled();
  // The places chosen are shown again, to be put right.
  await expect(topics.getByLabel("Liikunta", { exact: true })).toHaveValue("1");
  await expect(topics.getByLabel("Ravinto", { exact: true })).toHaveValue("2");
  await expectAccessible(page);
  await topics.getByLabel("Ravinto", { exact: true }).selectOption("3");
  const morning = table.getByRole("group", { name: "Aamulla" });
  await morning.getByLabel("Lääke").fill("Levaxin");
  await morning.getByLabel("Tabletteja").selectOption("1");
  await button(page, "Seuraava").click();

  // Step 3: files posted with the step (a picture that is not one is refused), one removed again, a typed signature.
  await expect(page.getByRole("heading", { level: 2, name: /Vaihe 3\/3/ })).toBeVisible();
  const files = page.getByLabel("Aiemmat tutkimustulokset");
  const signature = page.getByLabel(/^Vahvistan antamani tiedot oikeiksi/);
  await expect(signature).toHaveAccessibleDescription("Allekirjoita kirjoittamalla koko nimesi.");
  await files.setInputFiles("tests/fixtures/not-an-image.png");
  await button(page, "Lähetä").click();
  await expect(summary.getByRole("link")).toHaveText([
    /^Aiemmat tutkimustulokset: Tiedosto on tyyppiä, jota ei voi liittää tähän\./,
    "Vahvistan antamani tiedot oikeiksi: Vastaa kysymykseen, kiitos.",
  ]);
  await expectAccessible(page);
  await files.setInputFiles(["tests/fixtures/message-attachment.pdf", "tests/fixtures/kela-card-front.png"]);
  await button(page, "Lähetä").click();
  await expect(summary.getByRole("link")).toHaveText([
    "Vahvistan antamani tiedot oikeiksi: Vastaa kysymykseen, kiitos.",
  ]);
  const attached = page.getByRole("list", { name: "Liitetyt tiedostot" }).getByRole("listitem");
  await expect(attached).toHaveText([/message-attachment\.pdf/, /kela-card-front\.png/]);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Poista kela-card-front.png" }).click();
  await expect(attached).toHaveText([/message-attachment\.pdf/]);
  await signature.fill("Erkki Esimerkki");
  await button(page, "Lähetä").click();

  // Sent: each answer as text, in the question's own order.
  await expect(page.getByText("Vastauksesi on tallennettu.")).toBeVisible();
  const row = (question: string) => page.locator(".summary-list__row", { hasText: question });
  await expect(row("Kuinka usein").locator("dd")).toHaveText(
    "Päänsärky: Joskus, Huimaus: Ei koskaan, Univaikeudet: Usein",
  );
  await expect(row("Mittaukset").locator("dd")).toHaveText("Pituus (cm): 172, Paino (kg): 70");
  await expect(row("Aiemmat leikkaukset").locator("dd")).toHaveText(
    "Leikkaus 1: Mikä leikkaus: Umpilisäke, Vuosi: 2019",
  );
  await expect(row("Milloin otat").locator("dd")).toHaveText("Aamulla: Lääke: Levaxin, Tabletteja: 1");
  await expect(row("Mistä haluat puhua").locator("dd")).toHaveText("1. Liikunta, 2. Uni, 3. Ravinto");
  await expect(row("Aiemmat tutkimustulokset").locator("dd")).toHaveText("message-attachment.pdf");
  await expect(row("Vahvistan antamani").locator("dd")).toHaveText("Erkki Esimerkki");
  await expectAccessible(page);
});
