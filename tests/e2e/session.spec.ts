import { makeTestIdentityCode } from "../../app/lib/identity-code";
import { API_PATHS } from "../../app/route-table/api-paths";
import { ORIGINS, expect, expectAccessible, gotoRoute, identify, people, test } from "../fixtures";

test.describe("login, front page, language switch and logout", () => {
  test("main brand in Finnish, then Swedish and English", async ({ page, context }) => {
    await page.goto(ORIGINS.main + "/");
    await expect(page).toHaveURL(/\/fi\/kirjaudu$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kirjaudu Solmu-palveluun");
    await expect(page.getByRole("link", { name: "Mobiilivarmenne" })).toBeVisible();
    await expect(page.locator(".login-option")).toHaveCount(11);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Nordea", exact: true }).click();
    await expect(page).toHaveURL(/\/dev\/identity\/interaction\//);
    await expect(page.getByText("Nordea").first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: new RegExp(people.patient.identityCode) }).click();

    await expect(page).toHaveURL(ORIGINS.main + "/fi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hei, Maija!");
    await expect(page).toHaveTitle("Yhteenveto – Solmu");
    await expect(page.getByRole("heading", { name: "Ajanvaraukset" })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "På svenska" }).first().click();
    await expect(page).toHaveURL(ORIGINS.main + "/sv");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hej, Maija!");
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");
    await page.getByRole("link", { name: "In English" }).first().click();
    await expect(page).toHaveURL(ORIGINS.main + "/en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Maija!");
    await expect(page.getByRole("heading", { name: "Appointments", exact: true })).toBeVisible();

    const loggedInCookies = await context.cookies();
    await page.locator(".user-menu > summary").click();
    await page.getByRole("link", { name: "Log out" }).click();
    await expect(page).toHaveURL(ORIGINS.main + "/en/logout");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Do you want to log out?");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(ORIGINS.main + "/en/login");
    await expect(page.getByText("You have logged out.")).toBeVisible();

    // The old session cookie is worthless now: the session was ended on the server.
    await context.clearCookies();
    await context.addCookies(loggedInCookies);
    await page.goto(ORIGINS.main + "/en");
    await expect(page).toHaveURL(ORIGINS.main + "/en/login");
  });

  test("children's brand in English, and the language switch keeps the page", async ({ page, jsEnabled }) => {
    await gotoRoute(page, "login", "en", { brand: "pikkujatti" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Pikkujätti");
    await expect(page.locator("img[alt^='Pikkujätti']")).toHaveAttribute("height", "60");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Suomeksi" }).click();
    await expect(page).toHaveURL(ORIGINS.pikkujatti + "/fi/kirjaudu");
    await page.getByRole("link", { name: "In English" }).click();
    await expect(page).toHaveURL(ORIGINS.pikkujatti + "/en/login");

    await identify(page, new RegExp(people.guardian.identityCode), "OP");
    await expect(page).toHaveURL(ORIGINS.pikkujatti + "/en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Matti!");
    await expect(page.getByText("Welcome to the online service of Pikkujätti")).toBeVisible();
    await expectAccessible(page);

    // The front page honours the #appointment-cancelled fragment: a toast with JavaScript, a banner without.
    await gotoRoute(page, "logout", "en", { brand: "pikkujatti" });
    await page.goto(ORIGINS.pikkujatti + "/en#appointment-cancelled");
    if (jsEnabled) {
      await expect(page.locator(".toast")).toContainText("Appointment canceled");
      await expect(page).toHaveURL(ORIGINS.pikkujatti + "/en");
    } else {
      await expect(page.getByText("Appointment canceled")).toBeVisible();
    }

    await gotoRoute(page, "logout", "en", { brand: "pikkujatti" });
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(ORIGINS.pikkujatti + "/en/login");
    await expect(page.getByText("You have logged out.")).toBeVisible();
  });

  test("a new customer registers after identification, with errors first", async ({ page, jsEnabled }) => {
    // Each run registers a person of its own (the projects share one database).
    const unregisteredCode = makeTestIdentityCode({ year: 1999, month: 1, day: 1 }, jsEnabled ? 921 : 922);
    await gotoRoute(page, "login", "fi");
    await page.getByRole("link", { name: "Aktia" }).click();
    await page.getByRole("textbox", { name: "Henkilötunnus" }).fill(unregisteredCode);
    await page.getByRole("textbox", { name: /^Etunimi/ }).fill("Ville");
    await page.getByRole("textbox", { name: /^Sukunimi/ }).fill("Valmis");
    await page.getByRole("button", { name: "Jatka", exact: true }).click();

    await expect(page).toHaveURL(/\/fi\/rekisterointi/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Yhteystietosi");
    await expect(page.getByText(unregisteredCode.slice(0, 7) + "****")).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Postinumero").fill("123");
    await page.getByLabel("Sähköposti").fill("ei-osoite");
    await page.getByRole("button", { name: "Tallenna ja jatka" }).click();
    const summary = page.locator(".error-summary");
    await expect(summary).toBeVisible();
    await expect(
      summary.getByRole("link", { name: "Postinumeron pituus on 5 ja se voi sisältää vain numeroita" }),
    ).toBeVisible();
    await expect(summary.getByRole("link", { name: "Syötä sähköpostiosoitteesi" })).toBeVisible();
    if (!jsEnabled) await expect(page).toHaveTitle(/^Virhe: /);
    await expect(page.getByLabel("Postinumero")).toHaveValue("123");
    await expectAccessible(page);

    await page.getByLabel("Katuosoite").fill("Testikatu 5");
    await page.getByLabel("Postinumero").fill("00500");
    await page.getByLabel("Postitoimipaikka").fill("Helsinki");
    await page.getByLabel("Puhelinnumero").fill("040 765 4321");
    await page.getByLabel("Sähköposti").fill("ville@example.com");
    // With JavaScript the form saves through POST /api/user/register; without, through the page's own post.
    const registerCall = jsEnabled
      ? page.waitForResponse((r) => new URL(r.url()).pathname === API_PATHS.userRegister)
      : null;
    await page.getByRole("button", { name: "Tallenna ja jatka" }).click();
    if (registerCall) expect((await registerCall).status()).toBe(200);
    // Ville has no events yet: the front page gives way to the new customer page.
    await expect(page).toHaveURL(ORIGINS.main + "/fi/uusi-asiakas");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hei, Ville!");
    await expect(page.getByText("Tietosi on tallennettu.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Varaa aika" })).toBeVisible();
  });
});

test.describe("guardian and mandate", () => {
  test("acting for a child aged 11 or under, refused for an older child", async ({ page, jsEnabled }) => {
    await gotoRoute(page, "transactionPath", "fi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kenen terveystietoja haluat käsitellä?");
    await expect(page.locator("footer")).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Jatka" }).click();
    await expect(page.locator(".error-summary")).toContainText("Valitse, kenen tietoja haluat käsitellä");

    await page.getByLabel("Lapseni").check();
    await page.getByRole("button", { name: "Jatka" }).click();
    await expect(page).toHaveURL(/\/fi\/kirjaudu\?.*mandate=child/);
    await identify(page, new RegExp(people.guardian.identityCode));
    await expect(page.getByRole("button", { name: /Aino/ })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: /Aino/ }).click();
    await expect(page).toHaveURL(ORIGINS.main + "/fi");
    await expect(page.getByText("Katselet henkilön Aino Virtanen tietoja.")).toBeVisible();
    await expect(page.locator("#appointments-heading + .item-list")).toContainText("Lastentaudit, Laura Lahtinen");
    await gotoRoute(page, "logout", "fi");
    await page.getByRole("button", { name: "Kirjaudu ulos" }).click();

    await gotoRoute(page, "transactionPath", "fi");
    await page.getByLabel("Lapseni").check();
    await page.getByRole("button", { name: "Jatka" }).click();
    await identify(page, new RegExp(people.guardian.identityCode));
    await page.getByRole("button", { name: /Eetu/ }).click();
    await expect(page).toHaveURL(/\/fi\/asiointipolku\?error=disallowed/);
    const message = page.getByText("Et voi asioida tämän henkilön puolesta.");
    await expect(message).toBeVisible();
    if (jsEnabled) await expect(page.locator(".toast")).toContainText("Et voi asioida tämän henkilön puolesta.");
    await expectAccessible(page);
  });
});

test.describe("other pages", () => {
  test("expired session, 404 and the front page without login", async ({ page }) => {
    await gotoRoute(page, "expiredSession", "sv", { query: { next: "/sv" } });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Din session har gått ut");
    await expect(page.getByText("över 30 minuter")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Logga in med bankkoder" }).click();
    await expect(page).toHaveURL(/\/sv\/loggain\?nextPath=%2Fsv/);

    const res = await page.goto(ORIGINS.main + "/en/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expectAccessible(page);

    await page.goto(ORIGINS.pikkujatti + "/sv");
    await expect(page).toHaveURL(ORIGINS.pikkujatti + "/sv/loggain");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Välkommen till Pikkujätti");
  });

  test("every stylesheet and script a page links exists, and the page is styled", async ({ page, request }) => {
    const response = await gotoRoute(page, "login", "fi");
    // The links as the server sent them (after hydration React may have moved or merged some).
    const html = await response!.text();
    const hrefs = [...html.matchAll(/<link rel="(?:stylesheet|modulepreload)" href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(2);
    for (const href of hrefs) expect((await request.get(ORIGINS.main + href)).status(), href).toBe(200);
    // The brand's primary colour on the log-in button proves both stylesheets applied.
    await expect(page.locator(".header .button")).toHaveCSS("background-color", "rgb(0, 121, 173)");
  });

  test("security headers on every page", async ({ page }) => {
    const res = await gotoRoute(page, "login", "fi");
    const headers = res!.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("same-origin");
    expect(headers["cache-control"]).toBe("no-store");
  });
});
