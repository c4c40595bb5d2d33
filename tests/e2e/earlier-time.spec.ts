import { ORIGINS, bookingDate, expect, expectAccessible, gotoRoute, login, people, test } from "../fixtures";

/**
 * The earlier-appointment offer as a customer meets it: Olli reserves a time weeks ahead, asks on its page for an
 * earlier time with the same service at the same clinic, the offer job (run from its development page) sends the
 * earliest free one by SMS, and the link in the development outbox moves his appointment to it. Each run reserves on a
 * day of its own, so the two runs never offer each other's times.
 */
test("asks for an earlier time, gets the offer by SMS and takes it", async ({ page, jsEnabled }) => {
  test.setTimeout(120_000);
  await login(page, { person: people.myInfoAdult });
  const days = jsEnabled ? 40 : 43;
  await gotoRoute(page, "privateBooking", "fi", { query: { specialtyIds: "YLE", startDate: bookingDate(days) } });
  const first = page.locator(".appointment-list a").first();
  await expect(first).toBeVisible();
  await first.click();
  const binding = page.getByLabel(/sitova/i);
  if (await binding.count()) await binding.check();
  await page.getByRole("button", { name: "Varaa", exact: true }).click();
  await expect(page).toHaveURL(/\/fi\/ajanvaraukset\/\d+$/);
  const current = new URL(page.url()).pathname;

  // Asking: the form's errors first, then in line.
  await page.getByRole("button", { name: "Tarjoa minulle aiempaa aikaa" }).click();
  await expect(page.locator(".error-summary")).toContainText("Valitse, millainen aiempi aika sopisi sinulle");
  await expect(page).toHaveTitle(/^Virhe: /);
  await expectAccessible(page);
  await page.getByLabel(/^Sama palvelu toimipisteessä/).check();
  await page.getByLabel("Viimeinen päivä").fill(bookingDate(days - 1));
  await page.getByRole("button", { name: "Tarjoa minulle aiempaa aikaa" }).click();
  await expect(page.getByText(/^Olet jonossa aiempaan aikaan \d+\.\d+\.\d{4} asti\.$/)).toBeVisible();
  await expectAccessible(page);

  // The job, now: the earliest free time of that service at that clinic goes to the first in line.
  await page.goto(`${ORIGINS.main}/dev/reminders`);
  const quiet = page.getByLabel("Offer even though it is the quiet hours");
  if (await quiet.count()) await quiet.check();
  await page.getByRole("button", { name: "Run the earlier-time offer job now" }).click();
  await expect(page.locator(".banner--success")).toContainText(/[1-9]\d* earlier-time offers? sent\./);
  await page.goto(`${ORIGINS.main}/dev/outbox`);
  const sms = page.locator("li", { hasText: "Aiempi aika vapautui" }).first();
  await expect(sms).toContainText("Aika on varattu sinulle 15 minuutiksi.");
  const link = await sms.getByRole("link").getAttribute("href");
  expect(link).toMatch(/\/fi\/aiempi-aika\/[\w-]{43}$/);

  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aiempi aika sinulle");
  await expect(page).toHaveTitle(/^Aiempi aika sinulle/);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Ota tämä aika" }).click();
  await expect(page).toHaveURL(/\/fi\/ajanvaraukset\/\d+$/);
  expect(new URL(page.url()).pathname).not.toBe(current);
  await expect(page.getByText("Aikasi siirrettiin aiempaan aikaan.").first()).toBeVisible();
  await expectAccessible(page);

  // The link is used; the old appointment is cancelled.
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tämä linkki on jo käytetty");
  await page.goto(`${ORIGINS.main}${current}`);
  await expect(page.locator("main")).toContainText("Peruttu");
});
