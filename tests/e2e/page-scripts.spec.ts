import type { Page } from "@playwright/test";
import { LANGS } from "~/lib/lang";
import { href } from "~/route-table";
import { ORIGINS, expect, expectHydrated, login, people, test } from "../fixtures";

/**
 * The budget's measure of a page's scripts (DESIGN §8, `npm run bench`) is what its HTML preloads. That is what the
 * browser loads only if no part of the page fetches more of itself as it hydrates: a part loaded "when shown" that
 * is shown at once would be loaded with every page and missing from the measure. So each page is opened in a fresh
 * load and left until the network is idle; every script it fetched must be one its HTML named. (Parts that load on
 * an interaction, a refused form or a rare state are not fetched here.)
 */
test.skip(({ jsEnabled }) => !jsEnabled, "scripts run only with JavaScript");

/**
 * Pages where Maija's data shows a part that is loaded when shown, so that it loads with the page for her (as for
 * anyone in her state): the front page's SMS login prompt, an appointment's check-in note, My information's Kela card
 * upload (no images yet), the occupational list's notice and promos (her employer's contract books no times here)
 * and the messaging service's announcement.
 */
function showsStatePart(path: string): boolean {
  const pathname = path.split("?")[0];
  const pages = ["home", "myInformation", "occupationalBooking", "conversations", "newConversation"] as const;
  return (
    LANGS.some((lang) => pages.some((id) => href(id, lang) === pathname)) ||
    pathname.startsWith(href("appointment", "fi", { ids: "x" }).slice(0, -1))
  );
}

async function scriptsOfLoad(page: Page, path: string) {
  const fetched = new Set<string>();
  const record = (url: string) => fetched.add(new URL(url).pathname);
  // Routed, so that nothing comes from the browser's cache unseen (routing turns the cache off).
  await page.route("**/*.js", (route) => {
    record(route.request().url());
    return route.continue();
  });
  const response = await page.goto(ORIGINS.main + path);
  await expectHydrated(page.locator("main"));
  await page.waitForLoadState("networkidle");
  await page.unrouteAll();
  // What the server's HTML names (the hydrated document no longer has all of it).
  const html = (await response?.text()) ?? "";
  const named = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
    (m) => new URL(m[1], ORIGINS.main).pathname,
  );
  return { fetched: [...fetched].sort(), notNamed: [...fetched].filter((p) => !named.includes(p)).sort() };
}

/** The first link on page `from` to `to` + an id (a page that needs one: an appointment, a thread, a renewal). */
async function firstLink(page: Page, from: string, to: string, within = "main"): Promise<string | null> {
  await page.goto(ORIGINS.main + from);
  const hrefs = await page
    .locator(`${within} a[href]`)
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  return hrefs.find((h) => h.startsWith(to) && /^\d/.test(h.slice(to.length))) ?? null;
}

function required(path: string | null): string {
  if (!path) throw new Error("no link to the page on its list");
  return path;
}

/** The renewal page of the first renewable prescription, as the prescriptions page opens it. */
async function renewalPage(page: Page): Promise<string> {
  await page.goto(ORIGINS.main + href("prescriptions", "fi"));
  await page.getByRole("main").getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "Uusi valitut reseptit" }).click();
  await expect(page).toHaveURL(new RegExp(href("prescriptionRenewal", "fi", { ids: "" })));
  const url = new URL(page.url());
  return url.pathname + url.search;
}

test("every page loads, as it opens, only the scripts its HTML preloads", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(ORIGINS.main + href("login", "fi"));
  const anonymous = [href("login", "fi"), href("booking", "fi")];
  for (const path of anonymous) expect((await scriptsOfLoad(page, path)).notNamed, path).toEqual([]);

  await login(page, { person: people.patient, lang: "fi" });
  await page.goto(ORIGINS.main + href("home", "fi"));
  const menu = await page
    .locator(".menu__panel a, .user-menu__panel a")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  const pages = new Set(
    [
      ...menu.filter((path) => path !== href("logout", "fi")),
      href("privateBooking", "fi"),
      href("newConversation", "fi"),
      await renewalPage(page),
      required(await firstLink(page, href("conversations", "fi"), href("conversation", "fi", { threadId: "" }))),
      required(await firstLink(page, href("appointments", "fi"), href("appointment", "fi", { ids: "" }))),
      // Her open questionnaire, while it is open: the questionnaires' own test answers it (the answered view is a part
      // loaded when shown, as the answered state is for few).
      await firstLink(
        page,
        href("questionnaireList", "fi"),
        href("questionnaire", "fi", { id: "" }),
        'section[aria-labelledby="open-tasks-heading"]',
      ),
    ].filter((path): path is string => path !== null),
  );
  expect(pages.size).toBeGreaterThan(12);
  const extra: Record<string, string[]> = {};
  for (const path of pages) {
    const { fetched, notNamed } = await scriptsOfLoad(page, path);
    expect(fetched.length, path).toBeGreaterThan(0);
    if (notNamed.length && !showsStatePart(path)) extra[path] = notNamed;
  }
  expect(extra).toEqual({});
});
