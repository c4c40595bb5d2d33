import { ORIGINS, expect, expectAccessible, gotoRoute, identify, login, people, serverNow, test } from "../fixtures";

/** The server's calendar day `offset` days from today (Helsinki), as the demo data counts its days. */
function demoDay(offset: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Helsinki" }).format(serverNow());
  return new Date(Date.parse(`${today}T12:00:00Z`) + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

test("laboratory: Maija opens a referral, goes back, and reads a day's results by package and table", async ({
  page,
}) => {
  await login(page, { person: people.patient, lang: "fi" });
  await gotoRoute(page, "laboratory", "fi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Laboratorio");
  const referrals = page.getByRole("region", { name: "Lähetteet" });
  await expect(referrals.getByRole("listitem").filter({ hasText: "Paastoverensokeri" })).toContainText(
    /Vanhenee huomenna \(\w+\)/,
  );
  await expect(referrals.getByRole("listitem").filter({ hasText: "Virtsan perustutkimus" })).toContainText(
    "Ei voimassa",
  );

  await referrals.getByRole("link", { name: "Perusverenkuva, TSH" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Perusverenkuva, TSH");
  await expect(page.getByText("Näytteenotto aamulla klo 7–10. Ei paastoa.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Potilasohje" })).toHaveAttribute(
    "href",
    "https://www.solmu.example/ohjeet/laboratorio/perusverenkuva",
  );
  await page.getByRole("link", { name: "Takaisin laboratoriosivulle" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Laboratorio");

  // The newest day: a package with a value below its range, and a pending test.
  const results = page.getByRole("region", { name: "Tulokset" });
  await expect(results.getByRole("listitem").first()).toContainText("Kesken, 6 tutkimusta");
  await results.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Laboratoriotulokset \d{1,2}\.\d{1,2}\.\d{4}$/);
  await expect(page.getByText("Osa tuloksista on vielä kesken.")).toBeVisible();

  const tests = page.getByRole("region", { name: "Tutkimukset", exact: true });
  const hemoglobin = tests.locator("summary").filter({ hasText: "Hemoglobiini" });
  await expect(hemoglobin).toBeHidden();
  await tests.locator("summary").filter({ hasText: "Perusverenkuva" }).click();
  await expect(hemoglobin).toContainText("112 g/l, viitevälin 117–155 alapuolella");
  await hemoglobin.click();
  await expect(tests.getByText("Viitevälin 117–155 alapuolella", { exact: true })).toBeVisible();
  await expect(tests.locator("summary").filter({ hasText: "Kolesteroli" })).toContainText("Tulos ei ole vielä valmis");
  await expect(tests.locator("summary").filter({ hasText: "Glukoosi" })).toContainText("Näytettä ei ole vielä otettu");

  // The same results in a table, each cell read with its test and column.
  const table = page.getByRole("table", { name: /^Laboratoriotulokset/ });
  await expect(table.getByRole("columnheader")).toHaveText(["Tutkimus", "Tulos", "Yksikkö", "Viiteväli", "Arvio"]);
  await expect(table.getByRole("rowheader", { name: "Hemoglobiini (Perusverenkuva)" })).toBeVisible();
  await expectAccessible(page);
});

test("imaging in English: a day's results, back, and a referral with the nearest imaging centre", async ({ page }) => {
  await login(page, { person: people.patient, lang: "en" });
  await gotoRoute(page, "imaging", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Imaging");
  const results = page.getByRole("region", { name: "Results" });
  await expect(results.getByRole("listitem").nth(1)).toContainText("Nilkan röntgen, Nilkan ultraääni");
  await results.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Imaging results \d{1,2} \w+ \d{4}$/);
  await expect(page.getByRole("heading", { level: 2, name: "Keuhkojen röntgen" })).toBeVisible();
  await expect(page.getByText("Keuhkokentät ovat puhtaat. Sydämen koko normaali. Ei poikkeavaa.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Back to imaging" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Imaging");
  await page.getByRole("region", { name: "Referrals" }).getByRole("link", { name: "Polven röntgen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Polven röntgen");
  await expect(page.getByText("The description is available in Finnish only.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Find the nearest imaging centre" })).toHaveAttribute(
    "href",
    "https://www.solmu.example/kuvantaminen/toimipisteet",
  );
  await expectAccessible(page);
});

test("children's brand: Matti acting for Aino reads her laboratory result; Maija's stay hers", async ({ page }) => {
  await gotoRoute(page, "transactionPath", "fi", { brand: "pikkujatti" });
  await page.getByLabel("Lapseni").check();
  await page.getByRole("button", { name: "Jatka" }).click();
  await identify(page, new RegExp(people.guardian.identityCode));
  await page.getByRole("button", { name: /Aino/ }).click();
  await expect(page).toHaveURL(ORIGINS.pikkujatti + "/fi");

  await gotoRoute(page, "laboratory", "fi", { brand: "pikkujatti" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Laboratorio");
  await expect(page.getByRole("region", { name: "Lähetteet" }).getByRole("listitem")).toHaveText([
    /^CRP.*Vanhenee noin 1 viikon kuluttua$/,
  ]);
  const referral = await page.getByRole("link", { name: "CRP" }).getAttribute("href");
  const ainosReferral = referral?.split("/").pop() ?? "";
  expect(ainosReferral).toMatch(/^\d+$/);
  const results = page.getByRole("region", { name: "Tulokset" });
  await expect(results.getByRole("listitem")).toHaveText([/Valmis, 1 tutkimus$/]);
  await results.getByRole("link").click();
  const crp = page.locator("summary").filter({ hasText: "C-reaktiivinen proteiini" });
  await expect(crp).toContainText("42 mg/l, viitevälin ≤ 10 yläpuolella");
  await expectAccessible(page);

  // Maija's result day and a referral of the wrong kind are not found.
  const maijas = await gotoRoute(page, "labResult", "fi", { brand: "pikkujatti", params: { date: demoDay(-4) } });
  expect(maijas?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sivua ei löytynyt");
  const wrongKind = await gotoRoute(page, "imagingReferral", "fi", {
    brand: "pikkujatti",
    params: { id: ainosReferral },
  });
  expect(wrongKind?.status()).toBe(404);
  // Her own is there.
  const own = await gotoRoute(page, "labReferral", "fi", { brand: "pikkujatti", params: { id: ainosReferral } });
  expect(own?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("CRP");
  await expect(page.getByText("Laura Lahtinen")).toBeVisible();
});
