import { ORIGINS, expect, expectAccessible, gotoRoute, identify, login, people, test } from "../fixtures";

const olli = people.myInfoAdult;
const venla = people.myInfoTeen;

test("contact details in English: an error, then a fix, reached from the user menu", async ({ page, jsEnabled }) => {
  await login(page, { person: olli, lang: "en" });
  // Olli has no events, so he lands on the new customer page, which has no menus: any other page has them.
  await gotoRoute(page, "booking", "en");
  await page.locator(".user-menu > summary").click();
  await page.locator(".user-menu").getByRole("link", { name: "My information" }).click();
  await expect(page).toHaveURL(ORIGINS.main + "/en/my-information");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My information");
  await expect(page.getByLabel("First name")).toBeDisabled();
  await expect(page.getByLabel("First name")).toHaveValue("Olli");
  await expectAccessible(page);

  const email = await page.getByLabel("Email", { exact: true }).inputValue();
  await page.getByLabel("Email", { exact: true }).fill("olli");
  await page.getByLabel("Postal code").fill("123");
  await page.getByLabel("Phone number").fill("040 765 4321");
  await page.getByRole("button", { name: "Save contact information" }).click();
  const summary = page.locator(".error-summary");
  await expect(summary).toContainText("Zipcode length should be 5 and can only contain numbers");
  // In the order of the form's fields (e-mail above the address), not the order the checks found them.
  await expect(summary.getByRole("link")).toHaveCount(2);
  expect(await summary.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
    "#emailAddress",
    "#zipCode",
  ]);
  if (jsEnabled) await expect(summary).toBeFocused();
  await expect(page).toHaveTitle(/^Error: /);
  await expect(page.getByLabel("Postal code")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Postal code").fill("00250");
  await page.getByRole("radio", { name: "English" }).check();
  await page.getByRole("button", { name: "Save contact information" }).click();
  await expect(page.getByText("Contact information saved")).toBeVisible();
  await expect(page.locator(".error-summary")).toHaveCount(0);
  await expect(page.getByLabel("Phone number")).toHaveValue("+358407654321");
  await expect(page.getByLabel("Postal code")).toHaveValue("00250");
  await expect(page.getByRole("radio", { name: "English" })).toBeChecked();
});

test("guardians in Swedish at Pikkujätti: add a second guardian after an error, then remove it", async ({
  page,
  jsEnabled,
}) => {
  await login(page, { person: venla, lang: "sv", brand: "pikkujatti" });
  await gotoRoute(page, "myInformation", "sv", { brand: "pikkujatti" });
  await page.getByRole("link", { name: "Vårdnadshavarnas kontaktuppgifter" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Vårdnadshavarnas kontaktuppgifter" })).toBeVisible();
  await expect(page.locator("#guardian-1-name")).toHaveValue("Ojala Olli");
  await expect(page.getByRole("button", { name: "Ta bort vårdnadshavare 1" })).toHaveCount(0);
  await expect(page.locator("#guardian-1-name-hint")).toHaveText("Maximal längd är 40 tecken");
  await expectAccessible(page);

  await page.getByRole("link", { name: "Lägg till en vårdnadshavare" }).click();
  const second = page.locator("fieldset", { has: page.locator("#guardian-2-name") });
  await second.getByLabel("Namn").fill("Ojala Outi");
  await second.getByLabel("Telefonnummer").fill("050 222 3344");
  await second.getByLabel("E-post").fill("outi@example.com");
  // With JavaScript "same address" hides the address; without it the fields stay and are ignored while ticked.
  if (jsEnabled) await expect(second.getByLabel("Gatuadress")).toBeHidden();
  else await expect(second.getByLabel("Gatuadress")).toBeVisible();
  await second.getByLabel("Samma adress som barnet").uncheck();
  await expect(second.getByLabel("Gatuadress")).toBeVisible();
  await second.getByLabel("Gatuadress").fill("Toinen katu 2");
  await second.getByLabel("Postnummer").fill("2100");
  await second.getByLabel("Postanstalt").fill("Esbo");
  await page.getByRole("button", { name: "Spara vårdnadshavarnas uppgifter" }).click();
  await expect(page.locator(".error-summary")).toContainText(
    "Postnumret ska ha 5 tecken och får endast innehålla siffror",
  );
  await expect(page).toHaveTitle(/^Fel: /);
  await expectAccessible(page);

  await page.locator("#guardian-2-zipCode").fill("02100");
  await page.getByRole("button", { name: "Spara vårdnadshavarnas uppgifter" }).click();
  await expect(page.getByText("Vårdnadshavarnas kontaktuppgifter har sparats")).toBeVisible();
  await expect(page.locator("#guardian-2-name")).toHaveValue("Ojala Outi");
  await expect(page.locator("#guardian-2-phoneNumber")).toHaveValue("+358502223344");
  await expect(page.getByRole("link", { name: "Lägg till en vårdnadshavare" })).toHaveCount(0);

  await page.getByRole("button", { name: "Ta bort vårdnadshavare 2" }).click();
  await expect(page.getByText("Vårdnadshavaren togs bort")).toBeVisible();
  await expect(page.locator("#guardian-2-name")).toHaveCount(0);
  await expect(page.locator("#guardian-1-name")).toHaveValue("Ojala Olli");
});

test("permissions and agreements in Finnish: a consent is changed and stays changed", async ({ page }) => {
  await login(page, { person: olli, lang: "fi" });
  await gotoRoute(page, "myInformation", "fi");
  await page.getByRole("link", { name: "Luvat ja sopimukset" }).click();
  await expect(page.getByRole("link", { name: "Luvat ja sopimukset" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Työterveyshuoltoni saa nähdä muun hoitoni tiedot")).toBeVisible();
  await expectAccessible(page);
  const marketing = page.getByLabel("Lähettäkää minulle uutisia ja tarjouksia");
  const before = await marketing.isChecked();
  await marketing.setChecked(!before);
  await page.getByRole("button", { name: "Tallenna luvat" }).click();
  await expect(page.getByText("Luvat ja sopimukset tallennettu")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Lähettäkää minulle uutisia ja tarjouksia")).toBeChecked({ checked: !before });
});

test("the consent tab at Pikkujätti has no occupational-register consent", async ({ page }) => {
  await login(page, { person: olli, lang: "fi", brand: "pikkujatti" });
  await gotoRoute(page, "myInformation", "fi", { brand: "pikkujatti", query: { tab: "consent" } });
  await expect(page.getByLabel("Lähettäkää minulle uutisia ja tarjouksia")).toBeVisible();
  await expect(page.getByLabel("Työterveyshuoltoni saa nähdä muun hoitoni tiedot")).toHaveCount(0);
  await expectAccessible(page);
});

test("ending another session logs that browser out", async ({ page, browser, jsEnabled }) => {
  await login(page, { person: olli, lang: "en" });
  const other = await browser.newContext({ javaScriptEnabled: jsEnabled });
  try {
    const otherPage = await other.newPage();
    await login(otherPage, { person: olli, lang: "en" });
    await gotoRoute(otherPage, "home", "en");
    await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText("Hello, Olli!");

    await gotoRoute(page, "myInformation", "en");
    await page.getByRole("link", { name: "Active sessions" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Active sessions");
    await expect(page.locator('tr[data-session="current"]')).toContainText("This device");
    await expect(page.locator('tr[data-session="other"]').first()).toBeVisible();
    await expectAccessible(page);
    // The other browser used its session last, so it is the first of the others.
    const others = await page.locator('tr[data-session="other"]').count();
    await page
      .locator('tr[data-session="other"]')
      .first()
      .getByRole("button", { name: /^End session/ })
      .click();
    await expect(page.getByText("The session was ended")).toBeVisible();
    await expect(page.locator('tr[data-session="other"]')).toHaveCount(others - 1);

    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/en\/login/);
  } finally {
    await other.close();
  }
});

test("who viewed my data lists my own front-page view", async ({ page }) => {
  await login(page, { person: olli, lang: "fi" });
  await gotoRoute(page, "home", "fi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hei, Olli!");
  await gotoRoute(page, "myInformation", "fi");
  await page.getByRole("link", { name: "Kuka katsoi tietojani" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kuka katsoi tietojani");
  // My information showed his Kela card pictures, and those reads may be newer: the front page's row is the newest of
  // its kind.
  const frontPage = page.locator("tbody tr", { hasText: "Katsottu: Etusivun yhteenveto" }).first();
  await expect(frontPage).toContainText("Sinä");
  await expectAccessible(page);
});

test("a guardian acting for a child keeps their own contact details in a form of its own", async ({
  page,
  jsEnabled,
}) => {
  await gotoRoute(page, "transactionPath", "en");
  await page.getByLabel("My child's").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await identify(page, new RegExp(people.guardian.identityCode));
  await page.getByRole("button", { name: /Aino/ }).click();
  await gotoRoute(page, "myInformation", "en");
  const own = page.getByRole("form", { name: "Your own contact information" });
  await expect(own.getByLabel("First name")).toHaveValue("Matti");
  await expect(own.getByRole("radio")).toHaveCount(0);
  await expectAccessible(page);

  await own.getByLabel("Postal code").fill("12");
  await own.getByRole("button", { name: "Save your contact information" }).click();
  const summary = page.locator(".error-summary");
  await expect(summary).toContainText("Zipcode length should be 5 and can only contain numbers");
  if (jsEnabled) await expect(summary).toBeFocused();
  await summary.getByRole("link").first().click();
  if (jsEnabled) await expect(page.locator("#own-zipCode")).toBeFocused();
  else await expect(page).toHaveURL(/#own-zipCode$/);
  await expect(own.getByLabel("Postal code")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await own.getByLabel("Postal code").fill("00510");
  await own.getByLabel("Phone number").fill("040 111 2233");
  await own.getByRole("button", { name: "Save your contact information" }).click();
  await expect(page.getByText("Your contact information saved")).toBeVisible();
  await expect(own.getByLabel("Phone number")).toHaveValue("+358401112233");
  await expect(own.getByLabel("Postal code")).toHaveValue("00510");
});
