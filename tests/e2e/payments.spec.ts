import type { Page } from "@playwright/test";
import { ORIGINS, expect, expectAccessible, gotoRoute, identify, login, people, test } from "../fixtures";

const maija = people.patient;

/** Chooses a payment method; without JavaScript the provider's form waits for its own button. */
async function payWith(page: Page, jsEnabled: boolean, method: string, continueTo: string) {
  await page.getByRole("button", { name: method }).click();
  if (!jsEnabled) await page.getByRole("button", { name: continueTo }).click();
}

/** The number of the first invoice on the list that can be paid online. */
async function firstPayable(page: Page, name: RegExp): Promise<string> {
  const link = page.getByRole("link", { name }).first();
  const target = await link.getAttribute("href");
  return /\/(\d+)$/.exec(target ?? "")![1];
}

test("invoices: list, summary and PDF, then paying through the provider marks the invoice paid", async ({
  page,
  jsEnabled,
}) => {
  // The longest flow of the suite (four pages checked with axe, a PDF and a payment).
  test.setTimeout(120_000);
  await login(page, { person: maija, lang: "fi" });
  await gotoRoute(page, "home", "fi");
  await page.locator(".menu > summary").click();
  await page.locator(".menu__panel").getByRole("link", { name: "Laskut", exact: true }).click();
  await expect(page).toHaveURL(ORIGINS.main + "/fi/laskut");
  // The menu closes once its link has led to the page (it would cover the page's top).
  await expect(page.locator("details.menu")).not.toHaveAttribute("open");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Laskut ja kuitit");
  await expect(page.locator("[data-invoice]")).toHaveCount(10);
  await expect(page.getByText("Lasku on lähetetty sinulle postitse.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Seuraava sivu" }).click();
  await expect(page).toHaveURL(ORIGINS.main + "/fi/laskut?page=2");
  await expect(page.getByText("Sivu 2/2")).toBeVisible();
  await page.getByRole("link", { name: "Edellinen sivu" }).click();

  const number = await firstPayable(page, /^Maksa lasku \d+ verkossa$/);
  const row = page.locator(`[data-invoice="${number}"]`);
  await row.getByRole("link", { name: "Näytä yhteenveto" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Laskun yhteenveto");
  await expect(page.getByText("Maksettavissa verkossa")).toBeVisible();
  await expectAccessible(page);

  const pdfUrl = await page.getByRole("link", { name: "Lataa PDF-tiedostona" }).getAttribute("href");
  const pdf = await page.request.get(ORIGINS.main + pdfUrl!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-disposition"]).toBe(`attachment; filename="Solmu-Yhteenveto-${number}.pdf"`);
  expect((await pdf.body()).subarray(0, 4).toString()).toBe("%PDF");

  await page.getByRole("link", { name: "Maksa verkossa" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Maksa lasku");
  await expect(page.getByText(number, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await payWith(page, jsEnabled, "Maksa: Nordea", "Jatka palveluun Nordea");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nordea (development payment provider)");
  await page.getByRole("button", { name: "Approve the payment" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Maksu onnistui");
  await expect(page).toHaveURL(ORIGINS.main + `/fi/payment/${number}?status=ok`);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Takaisin laskuihin" }).click();
  await expect(page.locator(`[data-invoice="${number}"]`)).toHaveAttribute("data-status", "paid");
  await expect(page.getByRole("link", { name: `Kuitti ${number} (PDF)` })).toBeVisible();
});

test("a cancelled and a failed payment at Pikkujätti each show their message and leave the invoice payable", async ({
  page,
  jsEnabled,
}) => {
  await login(page, { person: maija, lang: "en", brand: "pikkujatti" });
  await gotoRoute(page, "invoices", "en", { brand: "pikkujatti" });
  const number = await firstPayable(page, /^Pay invoice \d+ online$/);
  await page.getByRole("link", { name: `Pay invoice ${number} online` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay invoice");
  await payWith(page, jsEnabled, "Pay with OP", "Continue to OP");
  await page.getByRole("button", { name: "Cancel" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment interrupted");
  await expect(page.getByText("The payment was cancelled. You have not been charged.")).toBeVisible();
  await expect(page.getByText("Unpaid")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Try again" }).click();
  await payWith(page, jsEnabled, "Pay with Visa / Mastercard", "Continue to Visa / Mastercard");
  await page.getByRole("button", { name: "Fail: card declined" }).click();
  await expect(page.getByText("The card was declined.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();

  await gotoRoute(page, "invoices", "en", { brand: "pikkujatti" });
  await expect(page.locator(`[data-invoice="${number}"]`)).toHaveAttribute("data-status", "open");
  await expect(page.getByRole("link", { name: `Pay invoice ${number} online` })).toBeVisible();

  // An invoice that is not hers: the spec's notice under the page's heading, and the way back.
  await gotoRoute(page, "paymentResult", "en", { brand: "pikkujatti", params: { id: "9999999" } });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment");
  await expect(page.getByText("The invoice could not be found.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Back to invoices" }).click();
  await expect(page.locator(`[data-invoice="${number}"]`)).toBeVisible();
});

test("a guardian pays the child's invoice from the pay-a-visit landing", async ({ page, jsEnabled }) => {
  await gotoRoute(page, "payVisit", "sv");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betala besök");
  await expect(page.locator("footer")).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Identifiera dig som vårdnadshavare och betala" }).click();
  await identify(page, new RegExp(people.guardian.identityCode));
  await page.getByRole("button", { name: /Aino/ }).click();

  await expect(page).toHaveURL(ORIGINS.main + "/sv/fakturor");
  await expect(page.getByText("Du tittar på fakturorna för Aino Virtanen.")).toBeVisible();
  const number = await firstPayable(page, /^Betala faktura \d+ på nätet$/);
  expect(number).toMatch(/^20001/);
  await page.getByRole("link", { name: `Betala faktura ${number} på nätet` }).click();
  await payWith(page, jsEnabled, "Betala med MobilePay", "Fortsätt till MobilePay");
  await page.getByRole("button", { name: "Approve the payment" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betalningen är klar");
});
