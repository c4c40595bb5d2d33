import { ORIGINS, expect, expectAccessible, gotoRoute, login, people, test } from "../fixtures";

test.describe("own appointments", () => {
  test("cancel an appointment after confirming, and see it gone", async ({ page, jsEnabled }) => {
    await login(page, { person: people.patient });
    await gotoRoute(page, "home", "fi");
    await page.getByRole("link", { name: "Näytä kaikki: ajanvaraukset" }).click();
    await expect(page).toHaveURL(ORIGINS.main + "/fi/ajanvaraukset");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ajanvaraukset");
    await expect(page.getByRole("main").getByRole("link", { name: "Varaa aika", exact: true })).toHaveAttribute(
      "href",
      "/fi/ajanvaraus",
    );
    await expectAccessible(page);

    // The first appointment that may still be cancelled (the runs with and without JavaScript each cancel one).
    const links = await page
      .locator(".appointment-list a")
      .evaluateAll((as) => as.map((a) => [a.getAttribute("href")!, a.textContent!]));
    let when = "";
    for (const [path, text] of links) {
      await page.goto(ORIGINS.main + path);
      if (await page.getByRole("link", { name: "Peru aika" }).count()) {
        when = text;
        break;
      }
    }
    expect(when).not.toBe("");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Varattu aika");
    await expect(page.getByRole("link", { name: "Näytä kartalla" })).toHaveAttribute(
      "href",
      /google\.com\/maps\/search/,
    );
    const door = await page.getByRole("link", { name: /Linkki ilmoittautumiseen/ }).getAttribute("href");
    await expectAccessible(page);

    await page.getByRole("link", { name: "Peru aika" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Haluatko perua tämän ajan?");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Kyllä, peru aika" }).click();

    if (jsEnabled) {
      await expect(page.locator(".toast")).toContainText("Ajanvaraus peruttu");
      await expect(page).toHaveURL(ORIGINS.main + "/fi");
    } else {
      await expect(page).toHaveURL(ORIGINS.main + "/fi#appointment-cancelled");
      await expect(page.getByText("Ajanvaraus peruttu")).toBeVisible();
    }
    await gotoRoute(page, "appointments", "fi");
    await expect(page.locator(".appointment-list")).not.toContainText(when);

    // The clinic-door link of the cancelled appointment says so and offers a new appointment.
    expect(door).toMatch(/^\/fi\/varaus\//);
    await page.goto(ORIGINS.main + door);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ajanvaraus peruttu");
    await expect(page.getByRole("main").getByRole("link", { name: "Varaa uusi aika" })).toHaveAttribute(
      "href",
      "/fi/ajanvaraus",
    );
    await expectAccessible(page);
  });

  test("an appointment the clinic cancelled is listed, marked, and shows the clinic's warning", async ({ page }) => {
    await login(page, { person: people.patient });
    await gotoRoute(page, "appointments", "fi");
    const entry = page.locator(".appointment-list a", { hasText: "Toimipiste perui ajan" });
    await expect(entry).toHaveCount(1);
    await expectAccessible(page);
    await entry.click();
    await expect(
      page.getByText("Toimipiste on perunut tämän ajan. Varaa uusi aika tai soita asiakaspalveluumme"),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Peru aika" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Ilmoittaudu" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("an appointment too close to cancel says why, and a foreign id is not found", async ({ page }) => {
    await login(page, { brand: "pikkujatti", lang: "en", person: people.patient });
    await gotoRoute(page, "appointments", "en", { brand: "pikkujatti" });
    await page.locator(".appointment-list a").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appointment");
    await expect(page.getByText("The appointment can no longer be canceled online.")).toBeVisible();
    await expect(
      page.getByText("The appointment is in less than 24 hours. Please call our customer service 030 600 7000."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Cancel appointment" })).toHaveCount(0);
    await expect(page.getByText("Clinic visit")).toBeVisible();
    // No picture: initials, in the children's brand in one of six colours by the practitioner id.
    await expect(page.locator(".avatar--g4")).toHaveText("HH");
    await expectAccessible(page);

    const res = await page.goto(ORIGINS.pikkujatti + "/en/appointments/999999");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The appointment could not be found");
    await expect(page.getByRole("main").getByRole("link", { name: "Reserve another appointment" })).toHaveAttribute(
      "href",
      "/en/booking",
    );
    await expectAccessible(page);
  });
});

test.describe("arrival reason", () => {
  test("write the reason for a visit, with the 300-character limit", async ({ page, jsEnabled }) => {
    await login(page, { person: people.patient });
    await gotoRoute(page, "appointments", "fi");
    await page.locator(".appointment-list a").first().click();
    const field = page.getByRole("textbox", { name: "Tulosyy" });
    const tooLong = "a".repeat(301);
    if (jsEnabled) {
      await field.fill(tooLong);
      await expect(page.getByText("301 / 300")).toBeVisible();
      await expect(page.getByText("Merkkimäärä ylittyi")).toBeVisible();
      await expect(page.getByRole("button", { name: "Tallenna" })).toBeDisabled();
    } else {
      await field.fill(tooLong);
      await page.getByRole("button", { name: "Tallenna" }).click();
      await expect(page.locator(".error-summary")).toContainText("Merkkimäärä ylittyi");
      await expect(page).toHaveTitle(/^Virhe: /);
      await expect(page.getByRole("textbox", { name: "Tulosyy" })).toHaveValue(tooLong);
      await expectAccessible(page);
    }
    const reason = jsEnabled ? "Polvi on kipeä" : "Selkä on kipeä";
    await page.getByRole("textbox", { name: "Tulosyy" }).fill(reason);
    await page.getByRole("button", { name: "Tallenna" }).click();
    await expect(page.getByText("Esitiedot tallennettu onnistuneesti")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Tulosyy" })).toHaveValue(reason);
    await expectAccessible(page);
  });
});
