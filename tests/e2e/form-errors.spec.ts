import { expect, expectAccessible, expectHydrated, gotoRoute, test } from "../fixtures";

test("the error summary's links lead to their fields and the errors stay until the form is sent again", async ({
  page,
  jsEnabled,
}) => {
  await gotoRoute(page, "privateBooking", "fi", { query: { specialtyIds: "YLE" } });
  await page.locator(".appointment-list a").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Varaa aika");

  await page.getByRole("button", { name: "Varaa aika" }).click();
  const summary = page.locator(".error-summary");
  await expect(summary).toContainText("Tarkista henkilötunnus");
  if (jsEnabled) await expect(summary).toBeFocused();
  const errorCount = await summary.getByRole("link").count();
  expect(errorCount).toBeGreaterThan(3);

  // Following a link: focus on the field, and nothing changed yet, so the errors are all still there.
  await summary.getByRole("link").first().click();
  await expect(page.locator("#ssn")).toBeFocused();
  await expect(summary).toBeVisible();
  await expect(page.locator("#ssn")).toHaveAttribute("aria-invalid", "true");
  await summary.getByRole("link", { name: /sähköposti/i }).click();
  await expect(page.locator("#emailAddress")).toBeFocused();
  await expect(page.locator("#emailAddress")).toHaveAttribute("aria-invalid", "true");
  await expect(summary.getByRole("link")).toHaveCount(errorCount);
  await expect(page).toHaveTitle(/^Virhe: /);
  await expectAccessible(page);
});

test("after a form is sent, the result page's heading has focus", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "Without JavaScript the browser loads the result page and starts from its top.");
  // The analytics-cookie question is a plain form that returns to the same page.
  await gotoRoute(page, "booking", "fi");
  const accept = page.getByRole("button", { name: /Hyväksy/ });
  await expectHydrated(accept);
  await accept.click();
  await expect(page.locator(".cookie-banner")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
});
