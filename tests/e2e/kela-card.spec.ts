import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ORIGINS, expect, expectAccessible, gotoRoute, login, people, test } from "../fixtures";

const olli = people.myInfoAdult;
const fixture = (name: string) => path.join(import.meta.dirname, "..", "fixtures", name);
const FRONT = fixture("kela-card-front.png");
const BACK = fixture("kela-card-back.jpg");
const TEXT = fixture("not-an-image.png");
const INVALID = "The front side image does not meet the requirements. Allowed formats: JPEG, PNG.";

/** Each shown image is served to its owner with the bytes of `files`, in order (front, back). */
async function expectImages(page: Page, files: string[]) {
  const section = page.locator("section.kela-card");
  const images = [
    section.getByRole("img", { name: "Kela card, front side" }),
    section.getByRole("img", { name: "Kela card, back side" }),
  ];
  for (const [i, image] of images.entries()) {
    await expect(image).toBeVisible();
    const src = await image.getAttribute("src");
    expect(src).toMatch(/^\/api\/kela-card\/images\/[0-9a-f-]{36}$/);
    const served = await page.request.get(ORIGINS.main + src);
    expect(served.status()).toBe(200);
    expect(served.headers()["cache-control"]).toContain("no-store");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    if (files[i]) expect(Buffer.compare(await served.body(), readFileSync(files[i]))).toBe(0);
  }
}

test("Kela card: a text file named .png is refused, then a PNG and a JPEG are saved and shown", async ({
  page,
  jsEnabled,
}) => {
  await login(page, { person: olli, lang: "en" });
  await gotoRoute(page, "myInformation", "en");
  const section = page.locator("section.kela-card");
  await expect(section.getByRole("heading", { level: 2, name: "Kela card" })).toBeVisible();
  // Olli has a Kela card from the demo data (or from an earlier run of this test).
  await expectImages(page, []);
  await expectAccessible(page);

  await section.getByRole(jsEnabled ? "button" : "link", { name: "Change images" }).click();
  if (!jsEnabled) {
    // Without JavaScript the form is the Kela card page; it posts both files at once.
    await expect(page).toHaveURL(ORIGINS.main + "/en/my-information/kela-card");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kela card");
  } else await expect(page.getByLabel("Front side of the card")).toBeFocused();
  await expect(page.getByLabel("Front side of the card")).toHaveAttribute("accept", "image/jpeg,image/png");

  await page.getByLabel("Front side of the card").setInputFiles(TEXT);
  await page.getByLabel("Back side of the card").setInputFiles(BACK);
  if (jsEnabled) {
    // The first bytes are checked as soon as a file is chosen.
    await expect(page.locator("#kela-card-front-error")).toContainText(INVALID);
    await expect(page.getByText("Ready to upload: kela-card-back.jpg")).toBeVisible();
  }
  await page.getByRole("button", { name: "Save images" }).click();
  await expect(page.locator("#kela-card-front-error")).toContainText(INVALID);
  await expect(page.getByLabel("Front side of the card")).toHaveAttribute("aria-invalid", "true");
  if (!jsEnabled) {
    await expect(page.locator(".error-summary")).toContainText(INVALID);
    await expect(page).toHaveTitle(/^Error: Kela card/);
  }
  await expectAccessible(page);

  await page.getByLabel("Front side of the card").setInputFiles(FRONT);
  // A page that answered with errors shows empty file inputs again.
  if (!jsEnabled) await page.getByLabel("Back side of the card").setInputFiles(BACK);
  else await expect(page.locator("#kela-card-front-error")).toHaveCount(0);
  await page.getByRole("button", { name: "Save images" }).click();
  if (jsEnabled) {
    await expect(section.getByRole("status")).toHaveText("The Kela card images were saved.");
    await expect(section.getByRole("heading", { name: "Your Kela card" })).toBeFocused();
  } else {
    await expect(page).toHaveURL(ORIGINS.main + "/en/my-information");
    await expect(page.getByText("Kela card images saved")).toBeVisible();
  }
  await expectImages(page, [FRONT, BACK]);
  await expectAccessible(page);

  // They stay after a reload.
  await page.reload();
  await expectImages(page, [FRONT, BACK]);
});

test("Kela card in Finnish: both images are needed", async ({ page, jsEnabled }) => {
  await login(page, { person: olli, lang: "fi" });
  await gotoRoute(page, "kelaCard", "fi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kela-kortti");
  await page.getByLabel("Kortin etupuoli").setInputFiles(FRONT);
  await page.getByRole("button", { name: "Tallenna kuvat" }).click();
  const summary = page.locator(".error-summary");
  await expect(summary).toContainText("Valitse kuva kortin takapuolesta. Molemmat kuvat tarvitaan.");
  if (jsEnabled) await expect(summary).toBeFocused();
  await expect(page).toHaveTitle(/^Virhe: Kela-kortti/);
  await expectAccessible(page);
});

test("Kela card without JavaScript: an 11 MB photo comes back as the side's error, in the page's language", async ({
  page,
  jsEnabled,
}) => {
  test.skip(jsEnabled, "With JavaScript the chosen file is checked before anything is sent.");
  await login(page, { person: olli, lang: "en" });
  await gotoRoute(page, "kelaCard", "en");
  // A JPEG's first bytes and then 11 MB: more than the form's whole body limit of old.
  const photo = Buffer.alloc(11 * 1024 * 1024);
  photo.set([0xff, 0xd8, 0xff, 0xe0]);
  await page
    .getByLabel("Front side of the card")
    .setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByLabel("Back side of the card").setInputFiles(BACK);
  await page.getByRole("button", { name: "Save images" }).click();
  await expect(page).toHaveTitle(/^Error: Kela card/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator(".error-summary")).toContainText("The front side image is too large.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kela card");
  await expectAccessible(page);
});
