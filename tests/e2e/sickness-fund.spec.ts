import { ORIGINS, expect, expectAccessible, gotoRoute, login, people, test } from "../fixtures";

test("sickness fund: Liisa opens it from the menu and goes through all four tabs", async ({ page }) => {
  await login(page, { person: people.employee, lang: "fi" });
  await gotoRoute(page, "home", "fi");
  await page.locator(".menu > summary").click();
  const menu = page.locator(".menu__panel");
  const group = menu
    .locator(".menu__group")
    .filter({ has: page.locator(".menu__group-title", { hasText: "Sairauskassa" }) });
  await group.getByRole("link", { name: "Sairauskassa", exact: true }).click();

  await expect(page).toHaveURL(ORIGINS.main + "/fi/sairauskassa");
  await expect(page).toHaveTitle("Esittely – Sairauskassa – Solmu");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sairauskassa");
  const tabs = page.getByRole("navigation", { name: "Sairauskassan sivut" });
  await expect(tabs.getByRole("link", { name: "Esittely" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 2, name: "Sairauskassa lyhyesti" })).toBeVisible();
  await expect(page.getByText("viesteihin yhden arkipäivän kuluessa", { exact: false }).first()).toBeVisible();
  await expectAccessible(page);

  await tabs.getByRole("link", { name: "Korvauskäytännöt" }).click();
  await expect(page).toHaveURL(ORIGINS.main + "/fi/sairauskassa/korvauskaytannot");
  await expect(page).toHaveTitle("Korvauskäytännöt – Sairauskassa – Solmu");
  await expect(tabs.getByRole("link", { name: "Korvauskäytännöt" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "Esittely" })).not.toHaveAttribute("aria-current", "page");
  const table = page.getByRole("table", { name: "Sairauskassan korvaukset palveluittain" });
  const gp = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Yleislääkärin vastaanotto" }) });
  await expect(gp.getByRole("cell")).toHaveText(["15 €", "–", "12 käyntiä kalenterivuodessa"]);
  const specialist = table
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "Erikoislääkärin vastaanotto" }) });
  await expect(specialist.getByRole("cell")).toHaveText(["50 %", "200 € / käynti", "2 käyntiä vuodessa"]);
  await expect(
    page.getByText("Puhelinpalvelu: arkisin klo 7–21, viikonloppuisin ja pyhäpäivinä klo 9–18"),
  ).toBeVisible();
  await expect(page.getByText("Chat: arkisin klo 8–20, viikonloppuisin klo 10–16")).toBeVisible();
  await expectAccessible(page);

  await tabs.getByRole("link", { name: "Ohjeet" }).click();
  await expect(page).toHaveURL(ORIGINS.main + "/fi/sairauskassa/ohjeet");
  await expect(page).toHaveTitle("Ohjeet – Sairauskassa – Solmu");
  await expect(page.getByRole("heading", { level: 2, name: "Näin haet korvausta" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "korvaushakemuslomake" })).toBeVisible();
  await expectAccessible(page);

  await tabs.getByRole("link", { name: "Usein kysytyt kysymykset" }).click();
  await expect(page).toHaveURL(ORIGINS.main + "/fi/sairauskassa/ukk");
  await expect(page).toHaveTitle("Usein kysytyt kysymykset – Sairauskassa – Solmu");
  const answer = page.getByText("Vastaamme sairauskassalle lähetettyihin viesteihin yhden arkipäivän kuluessa.");
  await expect(answer).toBeHidden();
  await page.getByText("Kuinka nopeasti viestiini vastataan?").click();
  await expect(answer).toBeVisible();
  await expectAccessible(page);

  await tabs.getByRole("link", { name: "Esittely" }).click();
  await expect(page).toHaveURL(ORIGINS.main + "/fi/sairauskassa");
  await expect(tabs.getByRole("link", { name: "Esittely" })).toHaveAttribute("aria-current", "page");
});

test("sickness fund in Swedish: Swedish chrome around the Finnish content", async ({ page }) => {
  await login(page, { person: people.employee, lang: "sv" });
  await gotoRoute(page, "sicknessFundTab", "sv", { params: { tab: "korvauskaytannot" } });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sjukkassa");
  await expect(page).toHaveTitle("Ersättningspraxis – Sjukkassa – Solmu");
  await expect(page.getByText("Den här sidan finns endast på finska.")).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Sjukkassans sidor" });
  await expect(tabs.getByRole("link", { name: "Ersättningspraxis" })).toHaveAttribute("aria-current", "page");
  const finnish = page.locator('section[lang="fi"]');
  await expect(finnish.getByRole("heading", { level: 2 })).toHaveText("Korvauskäytännöt");
  await expect(finnish.getByRole("cell", { name: "15 €", exact: true })).toBeVisible();
  await expectAccessible(page);

  await tabs.getByRole("link", { name: "Vanliga frågor" }).click();
  await expect(page).toHaveURL(ORIGINS.main + "/sv/sairauskassa/ukk");
  await expect(finnish.getByRole("heading", { level: 2 })).toHaveText("Usein kysytyt kysymykset");
  await expectAccessible(page);
});

test("sickness fund: not in Maija's menu and not found for her, nor in the children's brand", async ({ page }) => {
  await login(page, { person: people.patient, lang: "fi" });
  await gotoRoute(page, "home", "fi");
  await page.locator(".menu > summary").click();
  const menu = page.locator(".menu__panel");
  // The menu is open (its other groups are there), and the fund's group is not among them.
  await expect(menu.getByRole("link", { name: "Työterveystiimi", exact: true })).toBeVisible();
  await expect(menu).not.toContainText("Sairauskassa");
  const response = await page.goto(ORIGINS.main + "/fi/sairauskassa/korvauskaytannot");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sivua ei löytynyt");

  await login(page, { person: people.employee, lang: "fi", brand: "pikkujatti" });
  const pikkujatti = await page.goto(ORIGINS.pikkujatti + "/fi/sairauskassa");
  expect(pikkujatti?.status()).toBe(404);
});
