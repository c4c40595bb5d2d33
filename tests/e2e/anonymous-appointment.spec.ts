import { ORIGINS, expect, expectAccessible, gotoRoute, login, people, test } from "../fixtures";

// The anonymous view of an appointment (spec part 1 §2, §8): a clinic-door token under the appointments path
// moves to the door page; any other id is "Appointment not found" with log in and reserve links.

test.describe("the anonymous appointment view", () => {
  test("a door token under the appointments path lands on the door page with time and place", async ({ page }) => {
    await login(page, { person: people.patient });
    await gotoRoute(page, "appointments", "fi");
    const paths = await page.locator(".appointment-list a").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    let token: string | null = null;
    for (const path of paths) {
      await page.goto(ORIGINS.main + path);
      const link = page.locator("a.door-link");
      if (!(await link.count())) continue;
      token = (await link.getAttribute("href"))!.split("/").pop()!;
      break;
    }
    expect(token, "an appointment with a door link").toBeTruthy();
    await page.context().clearCookies();

    const response = await page.goto(ORIGINS.main + `/fi/ajanvaraukset/${token}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(ORIGINS.main + `/fi/varaus/${token}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ajanvarauksesi");
    // Time and place only: the clinic, never the patient's name.
    await expect(page.locator(".summary-list")).toContainText("Aika");
    await expect(page.locator(".summary-list")).toContainText(/Paikka\s*Solmu /);
    await expect(page.locator("main")).not.toContainText(people.patient.lastName);
    await expectAccessible(page);
  });

  test("another id is 'Appointment not found', with working log in and reserve links", async ({ page }) => {
    const response = await page.goto(ORIGINS.main + "/en/appointments/abc123");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appointment not found");
    await expect(page).toHaveTitle(/Appointment not found/);
    await expectAccessible(page);

    await page.locator("main").getByRole("link", { name: "Reserve an appointment" }).click();
    await expect(page).toHaveURL(ORIGINS.main + "/en/booking");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book an appointment");

    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appointment not found");
    await page.locator("main").getByRole("link", { name: "Log in" }).click();
    await expect(page).toHaveURL(new RegExp(`^${ORIGINS.main}/en/login`));
    await expect(page.getByRole("link", { name: "Nordea", exact: true })).toBeVisible();
  });

  test("a numeric id still needs login", async ({ page }) => {
    await page.goto(ORIGINS.main + "/fi/ajanvaraukset/123");
    await expect(page).toHaveURL(new RegExp(`^${ORIGINS.main}/fi/kirjaudu`));
  });
});
