import { ORIGINS, expect, expectAccessible, gotoRoute, identify, login, people, test } from "../fixtures";

test("vaccinations: Maija pages to her older vaccinations and books the next dose", async ({ page }) => {
  await login(page, { person: people.patient, lang: "en" });
  await gotoRoute(page, "vaccinations", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vaccinations");
  const items = page.getByRole("list", { name: "Vaccinations", exact: true }).getByRole("listitem");
  await expect(items).toHaveCount(25);

  await page
    .getByRole("navigation", { name: "Pages of vaccinations" })
    .getByRole("link", { name: "Next page" })
    .click();
  await expect(page).toHaveURL(ORIGINS.main + "/en/vaccinations?page=2");
  await expect(items).toHaveCount(5);
  await expect(items.first().getByText("Given by")).toBeVisible();
  await expect(items.first().getByText("Valid until")).toBeVisible();
  await expectAccessible(page);

  // Each booking link is named by its vaccination and date; it opens the private search for the specialty.
  await page
    .getByRole("link", { name: /^Book an appointment: Influenssarokote, \d{1,2} \w+ \d{4}$/ })
    .first()
    .click();
  await expect(page).toHaveURL(ORIGINS.main + "/en/booking/private-customer?specialtyIds=ROKT");
  await expect(page.getByLabel("Service", { exact: true })).toHaveValue("ROKT");
});

test("occupational vaccination landing: Liisa logs in from it and books the influenza vaccination", async ({
  page,
}) => {
  await gotoRoute(page, "occupationalVaccination", "fi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Työterveyden rokotukset");
  // An anonymous page type: no menu and no footer.
  await expect(page.locator(".menu")).toHaveCount(0);
  await expect(page.locator("footer")).toHaveCount(0);

  await page.getByRole("main").getByRole("link", { name: "Kirjaudu sisään" }).click();
  await identify(page, new RegExp(people.employee.identityCode));
  await expect(page).toHaveURL(ORIGINS.main + "/fi/tyoterveys-rokotukset");
  await expect(page.getByText("Työnantajasi työterveyssopimukseen sisältyy influenssarokotus.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Varaa influenssarokotus" }).click();
  await expect(page).toHaveURL(ORIGINS.main + "/fi/tyoterveys?specialtyIds=ROKT&specialtyIds=ROKH");
  await expect(page.getByText(/Influenssarokotus · Solmu Kamppi/).first()).toBeVisible();
});

test("occupational vaccination landing: Matti's contract has no vaccinations", async ({ page }) => {
  await login(page, { person: people.guardian, lang: "sv" });
  await gotoRoute(page, "occupationalVaccination", "sv");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bokning av vaccination är inte tillgänglig");
  await expect(page.getByText("Ditt avtal om företagshälsovård omfattar inga vaccinationer")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Tillbaka till startsidan" }).click();
  await expect(page).toHaveURL(ORIGINS.main + "/sv");
});
