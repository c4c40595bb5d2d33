import type { Page } from "@playwright/test";
import { ORIGINS, expect, expectAccessible, gotoRoute, login, people, test } from "../fixtures";

/**
 * Prescriptions and renewal requests, with and without JavaScript. Each run sends requests of its own (told apart
 * by a word only that run types), so both projects and retries can send for Maija in the same database.
 */

const maija = people.patient;
const erkki = people.senior;

/** A word no other run has typed. */
const uniqueWord = () => `E2E-${test.info().project.name}-${test.info().retry}-${Date.now().toString(36)}`;

/** A prescription's checkbox on the list: "Valitse uusittavaksi: Levaxin 50 µg" (its name says which). */
const checkbox = (page: Page, title: string, label = "Valitse uusittavaksi") =>
  page.getByRole("checkbox", { name: new RegExp(`^${label}: ${title.replace(/[/.]/g, "\\$&")}$`) });
const choose = (page: Page, title: string) => checkbox(page, title).check();

test("renewing two prescriptions: an unanswered follow-up is refused, then the request is sent to the care team", async ({
  page,
  jsEnabled,
}) => {
  const word = uniqueWord();
  await login(page, { person: maija, lang: "fi" });
  await gotoRoute(page, "prescriptions", "fi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reseptit");
  await expect(page.getByRole("heading", { name: "Burana 400 mg" })).toBeVisible();
  await expect(page.getByText("Tätä reseptiä ei voi uusia verkossa.")).toHaveCount(1);
  await expect(page.getByText("Tabletti · 2 × 100 kpl · Hoidon kesto 6 kuukautta", { exact: false })).toBeVisible();
  await expectAccessible(page);

  await choose(page, "Levaxin 50 µg");
  await choose(page, "Ventoline 0,1 mg/annos");
  if (jsEnabled) {
    // The cart follows the choice, announced; a prescription removed from it is unchosen in the list too.
    const cart = page.getByRole("region", { name: "Uusittavaksi valitut" });
    await expect(cart.getByRole("status")).toHaveText("2 reseptiä valittu");
    await choose(page, "Atorvastatin Orion 20 mg");
    await expect(cart.getByRole("status")).toHaveText("3 reseptiä valittu");
    await cart.getByRole("button", { name: "Poista Atorvastatin Orion 20 mg" }).click();
    await expect(cart.getByRole("status")).toHaveText("2 reseptiä valittu");
    await expect(checkbox(page, "Atorvastatin Orion 20 mg")).not.toBeChecked();
    await expect(cart.getByRole("listitem")).toHaveText([/Ventoline 0,1 mg\/annos/, /Levaxin 50 µg/]);
    // Focus stays in the cart (on the last remove button, after the last item went).
    await expect(cart.getByRole("button", { name: "Poista Levaxin 50 µg" })).toBeFocused();
    await expectAccessible(page);
    await cart.getByRole("button", { name: "Uusi valitut reseptit" }).click();
  } else {
    await page.getByRole("button", { name: "Jatka uusimiseen" }).click();
  }

  await expect(page).toHaveURL(/\/fi\/reseptin-uusinta\/\d+,\d+\?request=[\w-]{22}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reseptien uusiminen");
  const levaxin = page.getByRole("group", { name: "Levaxin 50 µg" });
  const ventoline = page.getByRole("group", { name: "Ventoline 0,1 mg/annos" });
  const howMuch = levaxin.getByLabel("Kuinka paljon lääkettä on jäljellä ja milloin se loppuu?");
  if (jsEnabled) await expect(howMuch).toBeHidden();
  else await expect(levaxin.getByText("Vastaa, jos vastasit yllä Ei.")).toBeVisible();
  await expectAccessible(page);

  await levaxin.getByLabel("Miksi haluat uusia reseptin?").fill(`Käytän jatkuvasti ${word}`);
  await levaxin.getByRole("group", { name: "Onko lääke loppunut?" }).getByLabel("Ei").check();
  // The follow-up is asked (with JavaScript it appears now) — and left unanswered.
  await expect(howMuch).toBeVisible();
  await levaxin.getByRole("group", { name: "Onko sinulla ollut sivuvaikutuksia?" }).getByLabel("Ei").check();
  await ventoline.getByLabel("Miksi haluat uusia reseptin?").fill("Astma pahenee talvella");
  await ventoline.getByRole("group", { name: "Onko lääke loppunut?" }).getByLabel("Kyllä").check();
  await ventoline.getByRole("group", { name: "Onko sinulla ollut sivuvaikutuksia?" }).getByLabel("Kyllä").check();
  await ventoline.getByLabel("Mitä sivuvaikutuksia?").fill("Vapinaa käsissä");
  await page.getByLabel("Käytätkö muita lääkkeitä?").fill("Burana tarvittaessa");
  await page.getByRole("button", { name: "Lähetä uusimispyyntö" }).click();

  const summary = page.locator(".error-summary");
  await expect(summary.getByRole("heading")).toHaveText("Täytä ensin kaikki lomakkeen kentät");
  const missing = summary.getByRole("link", {
    name: "Kuinka paljon lääkettä on jäljellä ja milloin se loppuu? (Levaxin 50 µg)",
  });
  await expect(summary.getByRole("link")).toHaveCount(1);
  if (jsEnabled) await expect(summary).toBeFocused();
  await expect(page).toHaveTitle(/^Virhe: Reseptien uusiminen/);
  await expect(howMuch).toHaveAttribute("aria-invalid", "true");
  // What was typed is kept.
  await expect(ventoline.getByLabel("Mitä sivuvaikutuksia?")).toHaveValue("Vapinaa käsissä");
  await expectAccessible(page);

  await missing.click();
  if (jsEnabled) await expect(howMuch).toBeFocused();
  await howMuch.fill("Noin 10 tablettia, loppuu ensi viikolla");
  await page.getByRole("button", { name: "Lähetä uusimispyyntö" }).click();

  const sent = page.getByRole("heading", { name: "Uusimispyyntö lähetetty" });
  await expect(sent).toBeVisible();
  if (jsEnabled) await expect(sent).toBeFocused();
  await expect(
    page.getByText("Käsittelemme pyynnön 1–3 arkipäivän kuluessa ja vahvistamme sen tekstiviestillä."),
  ).toBeVisible();
  await expect(page.locator(".error-summary")).toHaveCount(0);
  await expectAccessible(page);
  // Reloading the result (or coming back to it) shows the result again, not the form.
  await page.reload();
  await expect(sent).toBeVisible();
  await expect(page.getByRole("button", { name: "Lähetä uusimispyyntö" })).toHaveCount(0);

  const link = page.getByRole("link", { name: "Avaa keskustelu" });
  const threadPath = (await link.getAttribute("href"))!;
  expect(threadPath).toMatch(/^\/fi\/viestit\/\d+$/);
  const threadId = threadPath.split("/").at(-1)!;

  // In her conversations…
  await gotoRoute(page, "conversations", "fi");
  await expect(page.locator(`.conversations a[href="${threadPath}"]`)).toHaveText("Reseptin uusimispyyntö");
  await page.goto(ORIGINS.main + threadPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reseptin uusimispyyntö");
  const message = page.locator("article.message").first();
  await expect(message).toContainText("RESEPTIN UUSIMISPYYNTÖ:");
  await expect(message).toContainText(`Käytän jatkuvasti ${word}`);
  await expect(message).toContainText("Noin 10 tablettia, loppuu ensi viikolla");

  // …and unassigned at the care team's desk.
  const desk = await page.context().newPage();
  await desk.goto(`${ORIGINS.main}/dev/care-team`);
  await desk.locator("#professional").selectOption({ index: 1 });
  await desk.getByRole("button", { name: "Open desk" }).click();
  const unassigned = desk.getByRole("region", { name: /^Unassigned/ });
  const deskLink = unassigned.locator(`a[href^="/dev/care-team/${threadId}?"]`);
  await expect(deskLink).toHaveText("Reseptin uusimispyyntö");
  await deskLink.click();
  await expect(desk.getByText(`Käytän jatkuvasti ${word}`)).toBeVisible();
  await desk.close();
});

test("selecting all renewable prescriptions in the children's brand, in English", async ({ page, jsEnabled }) => {
  await login(page, { person: maija, lang: "en", brand: "pikkujatti" });
  await gotoRoute(page, "prescriptions", "en", { brand: "pikkujatti" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prescriptions");
  await expect(page.getByText("Inhaler · 3 × 200 doses · Treatment length 1 year", { exact: false })).toBeVisible();
  if (jsEnabled) {
    await page.getByRole("button", { name: "Select all" }).click();
    const cart = page.getByRole("region", { name: "Chosen for renewal" });
    await expect(cart.getByRole("status")).toHaveText("3 prescriptions chosen");
    await expect(page.getByRole("button", { name: "Clear selection" })).toBeVisible();
    await expectAccessible(page);
    await cart.getByRole("button", { name: "Renew chosen prescriptions" }).click();
  } else {
    // Continuing with nothing chosen says so; "renew all" takes every renewable one.
    await page.getByRole("button", { name: "Continue to renewal" }).click();
    await expect(page.locator(".error-summary")).toContainText("Choose at least one prescription to renew");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Renew all renewable prescriptions" }).click();
  }
  await expect(page).toHaveURL(/\/en\/prescription-renewal\/\d+,\d+,\d+\?request=/);
  await expect(page.locator("fieldset.renewal__prescription > legend")).toHaveText([
    "Ventoline 0,1 mg/annos",
    "Levaxin 50 µg",
    "Atorvastatin Orion 20 mg",
  ]);
  await expect(page.getByRole("button", { name: "Send renewal request" })).toBeVisible();
});

test("renewal switched off: Erkki sees the maintenance banner instead of the selection and the form", async ({
  page,
}) => {
  await login(page, { person: erkki, lang: "sv" });
  await gotoRoute(page, "prescriptions", "sv");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recept");
  await expect(page.getByRole("heading", { name: "Amlodipin Orion 5 mg" })).toBeVisible();
  // The banner's text is English in the Swedish portal, as the spec has it.
  await expect(
    page.getByText(
      "Prescription renewals are offline while we move to a new messaging service. They are expected back by the end of the day.",
    ),
  ).toHaveAttribute("lang", "en");
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await expectAccessible(page);

  const id = await page.locator("[data-prescription]").first().getAttribute("data-prescription");
  await gotoRoute(page, "prescriptionRenewal", "sv", { params: { ids: id! } });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Förnya recept");
  await expect(page.getByText("Prescription renewals are offline", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Skicka begäran om förnyelse" })).toHaveCount(0);
});
