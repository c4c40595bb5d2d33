import { ORIGINS, expect, expectAccessible, gotoRoute, login, people, test } from "../fixtures";

test.describe("self check-in", () => {
  test("check in from the appointment page when check-in is open", async ({ page }) => {
    await login(page, { person: people.employee });
    await gotoRoute(page, "appointments", "fi");
    // The first appointment that is still open for check-in (each run checks in to one).
    const paths = await page.locator(".appointment-list a").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    let found = false;
    for (const path of paths) {
      await page.goto(ORIGINS.main + path);
      const button = page.getByRole("button", { name: "Ilmoittaudu" });
      if ((await button.count()) === 1 && (await button.isEnabled())) {
        found = true;
        break;
      }
    }
    expect(found).toBe(true);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Ilmoittaudu" }).click();
    await expect(page.getByText("Olet ilmoittautunut.", { exact: true })).toBeVisible();
    await expect(page.getByText("Olet ilmoittautunut. Käänny vastaanoton puoleen.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Ilmoittaudu" })).toHaveCount(0);
  });

  test("too early, checked in to a room, and consent needed", async ({ page }) => {
    await login(page, { brand: "pikkujatti", lang: "en", person: people.patient });
    await gotoRoute(page, "appointments", "en", { brand: "pikkujatti" });
    await page.locator(".appointment-list a").first().click();
    await expect(page.getByRole("button", { name: "Check in" })).toBeDisabled();
    await expect(
      page.getByText("Check-in is not yet available. Please try again 30 minutes prior to the scheduled appointment."),
    ).toBeVisible();
    await expectAccessible(page);

    await gotoRoute(page, "logout", "en", { brand: "pikkujatti" });
    await page.getByRole("button", { name: "Log out" }).click();
    await login(page, { brand: "pikkujatti", lang: "en", person: people.guardian });
    await gotoRoute(page, "appointments", "en", { brand: "pikkujatti" });
    await page.locator(".appointment-list a").first().click();
    await expect(page.getByText("You have checked in. Please go to room B12.")).toBeVisible();

    await gotoRoute(page, "logout", "en", { brand: "pikkujatti" });
    await page.getByRole("button", { name: "Log out" }).click();
    await login(page, { brand: "pikkujatti", lang: "en", person: people.senior });
    await gotoRoute(page, "appointments", "en", { brand: "pikkujatti" });
    await page.locator(".appointment-list a").first().click();
    await expect(page.getByText("Your patient data consent is missing")).toBeVisible();
    await expect(page.getByRole("button", { name: "Check in" })).toHaveCount(0);
    await expectAccessible(page);
  });
});
