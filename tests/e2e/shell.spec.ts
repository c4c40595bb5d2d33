import type { Page } from "@playwright/test";
import {
  ORIGINS,
  expect,
  expectAccessible,
  expectHydrated,
  gotoRoute,
  identify,
  login,
  people,
  test,
} from "../fixtures";

/** What the page pushed to the tag manager's data layer (nothing when no script ran). */
async function dataLayer(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => (window as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);
}
const eventsNamed = async (page: Page, name: string) => (await dataLayer(page)).filter((e) => e.event === name);

test.describe("the in-app booking session scope", () => {
  test("a booking opened from the mobile app shows no header or footer, on the next pages too", async ({ page }) => {
    await gotoRoute(page, "booking", "fi", { query: { sessionScope: "in-app-booking" } });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ajanvaraus");
    await expect(page.locator("header.header")).toHaveCount(0);
    await expect(page.locator("footer")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Siirry sisältöön" })).toHaveCount(0);
    // The analytics question stays.
    await expect(page.locator(".cookie-banner")).toBeVisible();
    await expectAccessible(page);

    // The next page, by a link on this one: still in scope, without the query.
    await page.getByRole("link", { name: /^Yksityisasiakas/ }).click();
    await expect(page).toHaveURL(ORIGINS.main + "/fi/ajanvaraus/yksityisasiakas");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("header.header")).toHaveCount(0);
    await expect(page.locator("footer")).toHaveCount(0);

    // And a page opened afresh in the same browser session.
    await gotoRoute(page, "booking", "sv");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("header.header")).toHaveCount(0);
  });

  test("a browser without the scope has the header and footer, and an unknown scope changes nothing", async ({
    page,
  }) => {
    await gotoRoute(page, "booking", "fi", { query: { sessionScope: "something-else" } });
    await expect(page.locator("header.header")).toBeVisible();
    await expect(page.locator("footer")).toBeVisible();
  });
});

test.describe("header and footer", () => {
  test("the footer has the number, the app links and the brand's logo; the user menu has My information", async ({
    page,
  }) => {
    await gotoRoute(page, "booking", "fi");
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: "030 600 5000" })).toHaveAttribute("href", "tel:0306005000");
    await expect(footer.getByRole("link", { name: "Lataa App Storesta" })).toBeVisible();
    await expect(footer.locator("img")).toHaveAttribute("height", "36");
    await expect(footer.locator("img")).toHaveAttribute("alt", "");
    await expect(page.locator("header img")).toHaveAttribute("height", "36");

    await gotoRoute(page, "booking", "fi", { brand: "pikkujatti" });
    const pjFooter = page.locator("footer");
    await expect(pjFooter.getByRole("link", { name: "030 600 7000" })).toBeVisible();
    await expect(pjFooter.locator("img")).toHaveAttribute("height", "60");
    await expect(page.locator("header img")).toHaveAttribute("height", "60");
    await expectAccessible(page);

    await login(page, { person: people.employee });
    await gotoRoute(page, "home", "fi");
    await page.locator(".user-menu > summary").click();
    await expect(page.locator(".user-menu__panel").getByRole("link", { name: "Omat tiedot" })).toBeVisible();
    await expect(page.locator(".user-menu__panel").getByRole("link", { name: "Kirjaudu ulos" })).toBeVisible();
    // Liisa's menu: the occupational and sickness-fund groups (main brand, development flags).
    await page.locator(".menu > summary").click();
    const menu = page.getByRole("navigation", { name: "Päävalikko" });
    await expect(menu.getByRole("link", { name: "Työterveystiimi" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Sairauskassa" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Rokotukset" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Ohjeita" })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("analytics", () => {
  test("no event before the analytics cookies are accepted; then consent saved and page views", async ({
    page,
    context,
    jsEnabled,
  }) => {
    await gotoRoute(page, "booking", "fi");
    await expect(page.locator(".cookie-banner")).toBeVisible();
    if (jsEnabled) {
      // Hydrated, navigated on the client, and still nothing recorded.
      await page.waitForLoadState("networkidle");
      await page.getByRole("link", { name: /^Yksityisasiakas/ }).click();
      await expect(page).toHaveURL(ORIGINS.main + "/fi/ajanvaraus/yksityisasiakas");
      await page.getByRole("navigation", { name: "Murupolku" }).getByRole("link", { name: "Ajanvaraus" }).click();
      await expect(page).toHaveURL(ORIGINS.main + "/fi/ajanvaraus");
      expect(await dataLayer(page)).toEqual([]);
    }
    await page.getByRole("button", { name: "Hyväksy analytiikkaevästeet" }).click();
    await expect(page.locator(".cookie-banner")).toHaveCount(0);
    await expect(page).toHaveURL(ORIGINS.main + "/fi/ajanvaraus");
    expect((await context.cookies()).find((c) => c.name === "analytics_consent")?.value).toBe("granted");
    if (!jsEnabled) {
      // Without scripts nothing is recorded, and the one-time marker is cleared by the page that read it.
      expect((await context.cookies()).some((c) => c.name === "analytics_consent_saved")).toBe(false);
      return;
    }
    await expect.poll(() => eventsNamed(page, "consentSaved")).toHaveLength(1);
    await expect
      .poll(() => eventsNamed(page, "pageView"))
      .toEqual([{ event: "pageView", page: "booking", lang: "fi", brand: "main", eventTimeout: 2000 }]);
    expect((await dataLayer(page)).every((e) => e.eventTimeout === 2000)).toBe(true);

    // A client-side navigation is a page view of its own, named by its route id, never by its URL.
    await page.getByRole("link", { name: /^Yksityisasiakas/ }).click();
    await expect(page).toHaveURL(ORIGINS.main + "/fi/ajanvaraus/yksityisasiakas");
    await expect
      .poll(async () => (await eventsNamed(page, "pageView")).map((e) => e.page))
      .toEqual(["booking", "privateBooking"]);
    expect(JSON.stringify(await dataLayer(page))).not.toContain("/fi/");
    expect(await eventsNamed(page, "consentSaved")).toHaveLength(1);
  });

  test("a login is recorded once, with its type only", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "Events are pushed by the page's scripts.");
    await gotoRoute(page, "booking", "fi");
    await page.getByRole("button", { name: "Hyväksy analytiikkaevästeet" }).click();
    await expect(page.locator(".cookie-banner")).toHaveCount(0);

    // The login pages themselves: the event is recorded where the login lands.
    await gotoRoute(page, "login", "fi");
    await identify(page, new RegExp(people.patient.identityCode));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hei, Maija!");
    await expect
      .poll(() => eventsNamed(page, "login"))
      .toEqual([{ event: "login", loginType: "nordea", eventTimeout: 2000 }]);
    expect(JSON.stringify(await dataLayer(page))).not.toMatch(/Maija|Meikäläinen/);
    await expect.poll(() => eventsNamed(page, "pageView")).toHaveLength(1);

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hei, Maija!");
    await expect.poll(() => eventsNamed(page, "pageView")).toHaveLength(1);
    expect(await eventsNamed(page, "login")).toEqual([]);
  });
});

test("the accessibility check finds what it checks for: an image without a text alternative, a field without a label", async ({
  page,
  jsEnabled,
}) => {
  const faults = '<img src="/favicon.svg"><input type="text">';
  if (jsEnabled) {
    // Added once the page has hydrated (in the served HTML, hydration would replace them).
    await gotoRoute(page, "login", "fi");
    await expectHydrated(page.getByRole("link", { name: "Nordea", exact: true }));
    await page.locator("main").evaluate((main, html) => main.insertAdjacentHTML("beforeend", html), faults);
  } else {
    // Added to the served HTML, which is what the check reads without JavaScript.
    await page.route(/\/fi\/kirjaudu$/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace("</main>", `${faults}</main>`) });
    });
    await gotoRoute(page, "login", "fi");
  }
  await expect(page.locator("main img:not([alt])")).toHaveCount(1);
  await expect(expectAccessible(page)).rejects.toThrow(/image-alt: .*img[\s\S]*label: .*input/);
});
