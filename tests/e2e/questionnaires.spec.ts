import type { Page } from "@playwright/test";
import { href } from "../../app/route-table";
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

test("fills the pre-visit questionnaire in two steps, keeps the answers when the session ends, sends and reads it", async ({
  page,
  jsEnabled,
}) => {
  test.setTimeout(jsEnabled ? 60_000 : 120_000);
  const origin = jsEnabled ? ORIGINS.main : SHORT;
  const list = origin + href("questionnaireList", "fi");

  await page.goto(origin + href("login", "fi"));
  await identify(page, new RegExp(maija.identityCode));
  await expect(heading(page)).toHaveText("Hei, Maija!");
  await page.goto(list);
  await expect(heading(page)).toHaveText("Kyselyt");
  await expect(page.getByRole("heading", { name: "Avoimet tehtävät" })).toBeVisible();
  await expect(page.locator("section", { hasText: "Vastaukset" }).getByRole("link")).toHaveText(["Tyytyväisyyskysely"]);
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
});
