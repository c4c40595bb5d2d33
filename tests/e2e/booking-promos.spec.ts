import { ORIGINS, expect, expectAccessible, gotoRoute, login, people, test } from "../fixtures";

// The occupational booking pages' chat and phone-service promos (spec part 2 §3, §6), from the contract's product
// ids: Liisa's contract has both, Matti's has the phone service and no web reservation.

test.describe("occupational booking promos", () => {
  test("Liisa sees the phone service and the chat on the list and on a free appointment", async ({ page }) => {
    await login(page, { person: people.employee });
    await gotoRoute(page, "occupationalBooking", "fi");
    const phone = page.getByRole("region", { name: "Työterveyden puhelinpalvelu" });
    await expect(phone).toContainText("Soita työterveyden puhelinpalveluun 030 600 5070");
    await expect(phone.getByRole("link", { name: "030 600 5070" })).toHaveAttribute("href", "tel:0306005070");
    await expect(phone.locator('p[lang="fi"]')).toHaveText(
      "Työterveyshoitaja arvioi tilanteesi puhelimessa ja varaa tarvittaessa ajan puolestasi.",
    );
    const chat = page.getByRole("region", { name: "Työterveyden chat" });
    await expect(chat).toContainText("Työterveyden chat on mobiilisovelluksessamme.");
    await expect(chat.getByRole("link", { name: "App Store" })).toHaveAttribute("href", /^https:\/\//);
    await expect(chat.getByRole("link", { name: "Google Play" })).toHaveAttribute("href", /^https:\/\//);
    await expectAccessible(page);

    // A free appointment: the reservation form, with the promos after it.
    await page.locator(".search-results a[href*='/tyoterveys/vapaat-ajat/']").first().click();
    await expect(page).toHaveURL(/\/fi\/tyoterveys\/vapaat-ajat\/\d+/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Työterveyden puhelinpalvelu" })).toContainText("030 600 5070");
    await expect(page.getByRole("region", { name: "Työterveyden chat" })).toBeVisible();
    await expectAccessible(page);

    // Not on the private list.
    await gotoRoute(page, "privateBooking", "fi");
    await expect(page.locator(".search-results")).toBeVisible();
    await expect(page.getByRole("region", { name: "Työterveyden chat" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Työterveyden puhelinpalvelu" })).toHaveCount(0);
  });

  test("in English, the promos say so", async ({ page }) => {
    await login(page, { person: people.employee, lang: "en" });
    await gotoRoute(page, "occupationalBooking", "en");
    await expect(page.getByRole("region", { name: "Occupational health phone service" })).toContainText(
      "Call the occupational health phone service 030 600 5070",
    );
    await expect(page.getByRole("region", { name: "Occupational health chat" })).toContainText(
      "The occupational health chat is in our mobile app.",
    );
    await expectAccessible(page);
  });

  test("a booking started from the mobile app shows no promos, for the rest of the session", async ({ page }) => {
    await login(page, { person: people.employee });
    await gotoRoute(page, "occupationalBooking", "fi", { query: { sessionScope: "in-app-booking" } });
    await expect(page.locator(".search-results")).toBeVisible();
    await expect(page.getByRole("region", { name: "Työterveyden puhelinpalvelu" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Työterveyden chat" })).toHaveCount(0);
    await page.locator(".search-results a[href*='/tyoterveys/vapaat-ajat/']").first().click();
    await expect(page).toHaveURL(/\/fi\/tyoterveys\/vapaat-ajat\/\d+/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Työterveyden chat" })).toHaveCount(0);
    await gotoRoute(page, "occupationalBooking", "fi");
    await expect(page.locator(".search-results")).toBeVisible();
    await expect(page.getByRole("region", { name: "Työterveyden chat" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("Matti's contract without web reservation keeps its phone-service promo", async ({ page }) => {
    await login(page, { person: people.guardian });
    await page.goto(ORIGINS.main + "/fi/tyoterveys");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 2 })).toHaveText("Varaa aika puhelimitse");
    await expect(main.getByRole("link", { name: "030 600 5060" })).toHaveAttribute("href", "tel:0306005060");
    await expect(main.locator('p[lang="fi"]')).toHaveText(
      "Työterveyden puhelinpalvelu varaa ajan puolestasi ja neuvoo heti.",
    );
    await expect(page.locator(".search-results")).toHaveCount(0);
    await expectAccessible(page);
  });
});
