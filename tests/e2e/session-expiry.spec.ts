import { SHORT_SESSION_ORIGIN, expect, identify, people, test } from "../fixtures";

const SHORT = SHORT_SESSION_ORIGIN;

// This server's sessions go idle after 40 s: the 30-second warning comes after about 10 s.
test(
  "warns before the session expires, can extend it, then sends the user to the expired-session page",
  { tag: "@idle" },
  async ({ page, jsEnabled }) => {
    test.skip(
      !jsEnabled,
      "The warnings are an enhancement of the hydrated page; without JavaScript the server redirects on the next request.",
    );
    test.setTimeout(120_000);
    await page.goto(SHORT + "/fi/kirjaudu");
    await identify(page, new RegExp(people.employee.identityCode));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hei, Liisa!");

    const warning = page.locator(".toast").filter({ hasText: "Istuntosi päättyy" });
    await expect(warning).toBeVisible({ timeout: 20_000 });
    await warning.getByRole("button", { name: "Jatka istuntoa" }).click();
    await expect(warning).toHaveCount(0);

    // Extended: the next warning comes again only after another ~10 s, and then the expiry.
    await expect(page.locator(".toast").filter({ hasText: "Istuntosi päättyy" })).toBeVisible({ timeout: 25_000 });
    await expect(page).toHaveURL(/\/fi\/katkennut-istunto\?next=%2Ffi/, { timeout: 45_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Istuntosi on vanhentunut");
    // The session is gone on the server too.
    await page.goto(SHORT + "/fi");
    await expect(page).toHaveURL(SHORT + "/fi/kirjaudu");
  },
);
