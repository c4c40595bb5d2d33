import { ORIGINS, expect, expectAccessible, gotoRoute, login, people, test } from "../fixtures";

test("visits: Maija opens a visit's report from the list, goes back, and prints it with her name and identity code", async ({
  page,
  jsEnabled,
}) => {
  const maija = people.patient;
  await login(page, { person: maija, lang: "en" });
  await gotoRoute(page, "visits", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Visits");
  const visits = page.getByRole("main").getByRole("listitem");
  await expect(visits).toHaveCount(3);
  await expect(visits.first()).toContainText("General practitioner");
  await expect(visits.first()).toContainText("Anna Aho");
  await expectAccessible(page);

  // The newest visit: a doctor's, with diagnoses and the report's texts.
  await visits.first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`^${ORIGINS.main}/en/visits/\\d+$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Visit on \d{1,2} \w+ \d{4} at \d{2}:\d{2}$/);
  await expect(page.getByRole("region", { name: "Diagnoses" })).toContainText("J06.9 Ylähengitystieinfektio");
  const report = page.getByRole("region", { name: "Visit report" });
  await expect(report.getByRole("heading", { name: "Tulosyy" })).toBeVisible();
  // On screen, the patient's details for paper are not shown.
  const forPaper = page.locator(".print-only");
  await expect(forPaper).toBeHidden();
  const print = jsEnabled
    ? page.getByRole("button", { name: "Print" })
    : page.getByText("Print this page with your browser's print command.");
  await expect(print).toBeVisible();
  const allVisits = page.locator("a", { hasText: "All visits" });
  await expect(allVisits).toBeVisible();
  await expectAccessible(page);

  // On paper: the report and whose it is, without the header, menu, footer or the page's own actions.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("header.header")).toBeHidden();
  await expect(page.locator(".menu")).toBeHidden();
  await expect(page.locator("footer.footer")).toBeHidden();
  await expect(print).toBeHidden();
  await expect(allVisits).toBeHidden();
  await expect(forPaper).toBeVisible();
  await expect(forPaper).toContainText(`${maija.firstName} ${maija.lastName}`);
  await expect(forPaper).toContainText(maija.identityCode);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  await allVisits.click();
  await expect(page).toHaveURL(`${ORIGINS.main}/en/visits`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Visits");
});

test("intyg: Maija laddar ner ett sjukledighetsintyg som PDF", async ({ page }) => {
  await login(page, { person: people.patient, lang: "sv" });
  await gotoRoute(page, "certificates", "sv");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Intyg");
  const downloads = page.getByRole("link", { name: /^Ladda ner: .+ \(PDF\)$/ });
  await expect(downloads).toHaveCount(2);
  await expect(downloads.first()).toHaveText(/^Ladda ner: Läkarintyg A, \d{1,2}\.\d{1,2}\.\d{4} \(PDF\)$/);
  await expect(page.getByRole("heading", { name: "Sjukskötarintyg" })).toBeVisible();

  const href = await downloads.first().getAttribute("href");
  expect(href).toMatch(/^\/sv\/certifikat\/\d+\/certifikat\.pdf$/);
  const pdf = await page.request.get(ORIGINS.main + href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toMatch(/^attachment; filename="intyg-\d+\.pdf"$/);
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await expectAccessible(page);
});

test("a visit that is not the person's: the page says it was not found and leads to their visits", async ({ page }) => {
  // Sanna has no visits: the first visit of the demo data is someone else's.
  await login(page, { person: people.newCustomer, lang: "fi" });
  const response = await gotoRoute(page, "visit", "fi", { params: { visitId: "1" } });
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Käyntiä ei löytynyt");
  await expect(page).toHaveTitle(/^Käyntiä ei löytynyt – /);
  await page.getByRole("link", { name: "Kaikki käynnit" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Käynnit");
  await expect(page.getByText("Ei käyntejä")).toBeVisible();
});
