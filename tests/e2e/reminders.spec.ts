import { expect, expectAccessible, test } from "../fixtures";

/**
 * The appointment reminders as a new user tries them: the development page runs the job at once, and the
 * reminders it queued are in the development outbox (Maija's appointment later today, among others).
 */
test("runs the reminder job from its development page and shows the reminders in the outbox", async ({ page }) => {
  await page.goto("/dev/outbox");
  await page.getByRole("link", { name: "Run the appointment reminder job now" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appointment reminders (development)");
  await expect(page).toHaveTitle("Appointment reminders (development)");
  await expectAccessible(page);
  // In the quiet hours (21–8 Helsinki time) the job sends nothing unless told to.
  const quiet = page.getByLabel("Run it even though it is the quiet hours");
  if (await quiet.count()) await quiet.check();
  await page.getByRole("button", { name: "Run the reminder job now" }).click();
  const result = page.locator(".banner--success");
  await expect(result).toContainText(/\d+ reminders? queued\./);
  await expectAccessible(page);
  await result.getByRole("link", { name: "See the outbox" }).click();
  const reminders = page.locator("li", { hasText: /^SMS.*Muistutus: aikasi/s });
  await expect(reminders.first()).toContainText(/Ilmoittaudu ja katso tiedot: http:\/\/localhost:\d+\/fi\/varaus\//);
});
