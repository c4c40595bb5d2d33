import type { Page } from "@playwright/test";
import { ORIGINS, bookingDate, expect, expectAccessible, gotoRoute, identify, login, people, test } from "../fixtures";

/** The first free appointment of the list, opened; returns the text of its list entry. */
async function openFirstFreeAppointment(page: Page): Promise<string> {
  const first = page.locator(".appointment-list a").first();
  await expect(first).toBeVisible();
  const text = (await first.innerText()).replace(/\s+/g, " ").trim();
  await first.click();
  return text;
}

test.describe("booking", () => {
  test("search free appointments and reserve one without logging in (Solmu, Finnish)", async ({ page, jsEnabled }) => {
    // Six pages, each checked with axe (without JavaScript, in a copy of its own): on a busy two-core machine this
    // walk has taken over a minute.
    test.setTimeout(120_000);
    await gotoRoute(page, "booking", "fi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ajanvaraus");
    await expectAccessible(page);
    await page.getByRole("link", { name: /^Yksityisasiakas/ }).click();
    await expect(page).toHaveURL(ORIGINS.main + "/fi/ajanvaraus/yksityisasiakas");
    await expectAccessible(page);

    // Filter by service: a plain GET form, so the search is a link.
    await page.getByLabel("Palvelu", { exact: true }).selectOption({ label: "Yleislääkäri" });
    if (!jsEnabled) await page.getByRole("button", { name: "Hae" }).click();
    await expect(page).toHaveURL(/specialtyIds=YLE/);
    // A day of this test's own, so its reservation never meets the customer's seeded appointments.
    const startDate = bookingDate(15);
    await page.getByLabel("Hae alkaen päivästä").fill(startDate);
    if (!jsEnabled) await page.getByRole("button", { name: "Hae" }).click();
    await expect(page).toHaveURL(new RegExp(`startDate=${startDate}`));
    await expect(page.locator(".search-results")).not.toContainText("Gynekologia");
    await page.getByRole("link", { name: /^Iltapäivä/ }).click();
    await expect(page).toHaveURL(/time=afternoon/);
    await expect(page.getByRole("link", { name: /^Iltapäivä/ })).toHaveAttribute("aria-current", "page");
    const times = await page.locator(".appointment-list strong").allInnerTexts();
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) {
      const hour = Number(time.match(/(\d{1,2})[.:]\d{2}/)?.[1] ?? "12");
      expect(hour >= 12 && hour < 16, time).toBe(true);
    }
    await expectAccessible(page);

    await openFirstFreeAppointment(page);
    await expect(page).toHaveURL(/\/fi\/kirjautumattomat-kayttajat\/vapaat-ajat\/\d+/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Varaa aika");
    await expect(page.getByText(/Alkaen \d+,\d{2}\s€/).first()).toBeVisible();
    await expectAccessible(page);

    // Bad input: the spec's messages in an error summary, nothing reserved.
    await page.getByLabel("Henkilötunnus").fill("010101-0000");
    if (jsEnabled) await page.getByLabel("Henkilötunnus").blur();
    await page.getByRole("button", { name: "Varaa aika" }).click();
    await expect(page.locator(".error-summary")).toContainText("Tarkista henkilötunnus");
    await expect(page).toHaveTitle(/^Virhe: /);
    await expectAccessible(page);

    // One customer per run, so the two runs' reservations never overlap in time.
    const customer = jsEnabled ? people.guardian : people.notCreditWorthy;
    await page.getByLabel("Henkilötunnus").fill(customer.identityCode);
    await page.getByLabel("Etunimi").fill(customer.firstName);
    await page.getByLabel("Sukunimi").fill(customer.lastName);
    await page.getByLabel("Matkapuhelinnumero").fill("040 765 4321");
    await page.getByLabel("Sähköposti").fill("matti@example.com");
    await page.getByLabel(/Hyväksyn ajanvarauksen käyttöehdot/).check();
    const binding = page.getByLabel(/sitova/i);
    if (await binding.count()) await binding.check();
    await page.getByRole("button", { name: "Varaa aika" }).click();

    await expect(page).toHaveURL(/\/fi\/kirjautumattomat-kayttajat\/varaus\/[\w-]+/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("main")).toContainText(/Solmu (Kamppi|Leppävaara|Itäkeskus|Tikkurila)/);
    await expect(page.locator("main")).toContainText(/tekstiviest/i);
    await expectAccessible(page);
  });

  test("the calendar of free days: the next free days as links, and with JavaScript a date picker (Swedish)", async ({
    page,
    jsEnabled,
  }) => {
    await gotoRoute(page, "privateBooking", "sv", { query: { specialtyIds: "YLE", startDate: bookingDate(8) } });
    const days = page.getByRole("list", { name: "Dagar med lediga tider" });
    await expect(days.getByRole("link").first()).toBeVisible();
    const second = days.getByRole("link").nth(1);
    const label = (await second.innerText()).trim();
    await second.click();
    await expect(days.getByRole("link", { name: label })).toHaveAttribute("aria-current", "date");
    const chosen = new URL(page.url()).searchParams.get("startDate")!;
    await expect(page.getByLabel("Sök från datum")).toHaveValue(chosen);
    await expectAccessible(page);
    const open = page.getByRole("button", { name: "Välj i kalendern" });
    if (!jsEnabled) {
      await expect(open).toHaveCount(0);
      return;
    }

    // The dialog opens on the chosen day, marks the days with free appointments, and is operated by keyboard.
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Välj sökningens startdatum" });
    await expect(dialog).toBeVisible();
    const day = (date: string) => dialog.locator(`button[data-date="${date}"]`);
    await expect(day(chosen)).toBeFocused();
    await expect(dialog.getByRole("button", { name: /, lediga tider$/ }).first()).toBeVisible();
    await expect(day(chosen)).toHaveAccessibleName(/, lediga tider$/);
    await expectAccessible(page);
    const month = dialog.getByRole("heading", { level: 3 });
    const shownMonth = (await month.innerText()).trim();
    await page.keyboard.press("ArrowRight");
    const next = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.date!);
    expect(next > chosen).toBe(true);
    await page.keyboard.press("PageDown");
    await expect(month).not.toHaveText(shownMonth);
    await page.keyboard.press("PageUp");
    await expect(month).toHaveText(shownMonth);
    await page.keyboard.press("Home");
    const monday = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.date!);
    await page.keyboard.press("End");
    const sunday = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.date!);
    expect(Date.parse(sunday) - Date.parse(monday)).toBe(6 * 86_400_000);
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`startDate=${sunday}`));
    await expect(open).toBeFocused();

    // Escape closes it without choosing, and the focus returns to its button.
    await open.click();
    await expect(day(sunday)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`startDate=${sunday}`));
  });

  test("a reserved slot answers 'no longer available' with a way back", async ({ page, jsEnabled }) => {
    const time = jsEnabled ? "morning" : "evening";
    const startDate = bookingDate(22);
    await gotoRoute(page, "privateBooking", "fi", { query: { specialtyIds: "YLE", time, startDate } });
    const link = page.locator(".appointment-list a").first();
    const href = (await link.getAttribute("href"))!;
    // Reserve it through the anonymous call first (as another customer would at the same moment).
    const id = Number(href.match(/vapaat-ajat\/(\d+)/)![1]);
    await page.context().request.get(ORIGINS.main + "/fi"); // the CSRF cookie
    const csrf = await page.evaluate(
      () => (document.querySelector("input[name=csrfToken]") as HTMLInputElement | null)?.value ?? "",
    );
    const maija = people.olderChild;
    const res = await page
      .context()
      .request.post(ORIGINS.main + "/api/anon/reserve-appointment?csrfToken=" + encodeURIComponent(csrf), {
        data: {
          internalOrganization: "solmu",
          appointmentId: id,
          ssn: maija.identityCode,
          firstName: maija.firstName,
          lastName: maija.lastName,
          phone: "0401234567",
          emailAddress: "maija@example.com",
        },
      });
    expect(res.status(), await res.text()).toBe(200);
    await page.goto(ORIGINS.main + href);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Valitettavasti aika ei ole enää saatavilla");
    await expect(page.getByText("Aika on jo varattu. Valitse toinen aika.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: /Takaisin/ }).click();
    await expect(page).toHaveURL(
      new RegExp(`/fi/ajanvaraus/yksityisasiakas\\?specialtyIds=YLE&time=${time}&startDate=${startDate}`),
    );
    await expect(page.locator(`.appointment-list a[href*='/vapaat-ajat/${id}?']`)).toHaveCount(0);
  });

  test("reserve logged in, contact details prefilled (Pikkujätti, English)", async ({ page, jsEnabled }) => {
    await login(page, { brand: "pikkujatti", lang: "en", person: people.employee });
    await gotoRoute(page, "privateBooking", "en", {
      brand: "pikkujatti",
      query: { time: jsEnabled ? "morning" : "afternoon", startDate: bookingDate(29) },
    });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page);
    await openFirstFreeAppointment(page);
    await expect(page).toHaveURL(/\/en\/available-appointments\/\d+/);
    await expect(page.locator("main")).toContainText("Paediatrics");
    await expect(page.locator("main")).toContainText("liisa@example.com");
    await expectAccessible(page);
    const binding = page.getByLabel(/binding/i);
    if (await binding.count()) await binding.check();
    await page.getByRole("button", { name: /^(Book|Reserve)/ }).click();
    await expect(page).toHaveURL(/\/en\/appointments\/\d+/);
    await expect(page.getByText(/Appointment reserved/i).first()).toBeVisible();
    await expect(page.locator("main")).toContainText("Pikkujätti Kamppi");
    await expectAccessible(page);
    // Liisa holds seeded appointments too: cancelling this one keeps her under the reservation limit for later runs.
    await page.getByRole("link", { name: "Cancel appointment" }).click();
    await page.getByRole("button", { name: "Yes, cancel the appointment" }).click();
    await expect(page.getByText(/Appointment cancel+ed/i).first()).toBeVisible();
  });

  test("65+ booking asks for the patient-data consent first (Swedish)", async ({ page, jsEnabled }) => {
    const helmi = people.newSenior;
    await gotoRoute(page, "login", "sv");
    await identify(page, new RegExp(helmi.identityCode));
    await gotoRoute(page, "kela65Booking", "sv", {
      query: { time: jsEnabled ? "morning" : "afternoon", startDate: bookingDate(36) },
    });
    await expect(page.getByLabel("Tjänst", { exact: true })).toBeDisabled();
    await expectAccessible(page);
    await openFirstFreeAppointment(page);
    await page.waitForURL(/\/sv\/(lediga-tider|behandling-av-patientuppgifter)/);
    // Helmi has not given the consent: the first run sees the consent page, and returns to the booking after it.
    if (/behandling-av-patientuppgifter/.test(page.url())) {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Behandling av patientuppgifter");
      await expectAccessible(page);
      if (jsEnabled) {
        // The submit waits for the acknowledgement (spec part 1 §4).
        await expect(page.getByRole("button", { name: "Spara och fortsätt" })).toBeDisabled();
      } else {
        await page.getByRole("button", { name: "Spara och fortsätt" }).click();
        await expect(page.locator(".error-summary")).toContainText("Kryssa i att du har läst dataskyddsbeskrivningen");
      }
      await page.getByRole("checkbox", { name: /Jag har läst dataskyddsbeskrivningen/ }).check();
      await page.getByRole("button", { name: "Spara och fortsätt" }).click();
    }
    await expect(page).toHaveURL(/\/sv\/lediga-tider\/kela65\/\d+/);
    await expect(page.locator("main")).toContainText("28,20 €");
    await expect(page.locator("main")).not.toContainText(/Från 28,20/);
    await expectAccessible(page);
    const binding = page.getByLabel(/bindande/i);
    if (await binding.count()) await binding.check();
    await page.getByRole("button", { name: "Boka", exact: true }).click();
    await expect(page).toHaveURL(/\/sv\/tidsbokningar\/\d+/);
    await expect(page.locator("main")).toContainText("65+ läkarmottagning");
  });

  test("the occupational list for an employee, and its sign-in landing", async ({ page }) => {
    await gotoRoute(page, "occupationalLanding", "fi", { query: { specialtyIds: "TTH" } });
    await expectAccessible(page);
    await identifyFromLanding(page, people.employee.identityCode);
    await expect(page).toHaveURL(ORIGINS.main + "/fi/tyoterveys?specialtyIds=TTH");
    await expect(page.locator(".search-results")).toContainText("Timo Tuominen");
    await expectAccessible(page);
  });
});

async function identifyFromLanding(page: Page, identityCode: string) {
  await page.locator("main").getByRole("link", { name: "Kirjaudu" }).click();
  await identify(page, new RegExp(identityCode));
}
