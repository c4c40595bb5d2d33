import { ORIGINS, expect, expectAccessible, gotoRoute, login, people, test } from "../fixtures";

test("occupational health team: Liisa opens it from the menu and sees her team and the substitute", async ({
  page,
}) => {
  await login(page, { person: people.employee, lang: "fi" });
  await gotoRoute(page, "home", "fi");
  await page.locator(".menu > summary").click();
  await page.locator(".menu__panel").getByRole("link", { name: "Työterveystiimi", exact: true }).click();
  await expect(page).toHaveURL(ORIGINS.main + "/fi/tyoterveystiimi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Työterveystiimi");
  await expect(page.getByText("Työnantaja: Rakennus Oy Esimerkki")).toBeVisible();

  const doctors = page.getByRole("region", { name: "Vastuulääkärit" });
  const doctor = doctors.getByRole("listitem").filter({ hasText: "Timo Tuominen" });
  await expect(doctor.getByText(/^Poissa \d{1,2}\.\d{1,2}\.\d{4}–\d{1,2}\.\d{1,2}\.\d{4}$/)).toBeVisible();
  await expect(doctor.getByText("Sijainen: Anna Aho")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Vastuuhoitajat" }).getByRole("heading", { name: "Helena Heikkinen" }),
  ).toBeVisible();
  await expectAccessible(page);

  // Each member's link leads to the occupational booking list for them.
  await doctor.getByRole("link", { name: "Varaa aika: Timo Tuominen" }).click();
  await expect(page).toHaveURL(ORIGINS.main + "/fi/tyoterveys?practitionerIds=P-TUO");
});

test("occupational health team in English, and not in the children's brand", async ({ page }) => {
  await login(page, { person: people.employee, lang: "en" });
  await gotoRoute(page, "occupationalHealthTeam", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Occupational health care team");
  await expect(page.getByText("Substitute: Anna Aho")).toBeVisible();
  await expectAccessible(page);

  const response = await page.goto(ORIGINS.pikkujatti + "/en/occupational-health-care-team");
  expect(response?.status()).toBe(404);
});
