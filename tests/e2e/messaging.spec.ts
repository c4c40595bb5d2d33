import path from "node:path";
import type { Page } from "@playwright/test";
import { ORIGINS, expect, expectAccessible, gotoRoute, login, people, test } from "../fixtures";

/**
 * Messaging as Maija, with and without JavaScript. Every test makes the threads it changes (through the forms and
 * the development care-team desk), so the runs of both projects, and retries, never depend on each other; the
 * seeded threads are only read.
 */

const maija = people.patient;
const PDF = path.join(import.meta.dirname, "..", "fixtures", "message-attachment.pdf");

/** A title no other run has used. */
const uniqueTitle = (prefix: string) =>
  `${prefix} ${test.info().project.name} ${test.info().retry} ${Date.now().toString(36)}`;

/** The professional's reply through the development care-team desk, in a page of its own. */
async function replyAsProfessional(page: Page, title: string, text: string) {
  const desk = await page.context().newPage();
  await desk.goto(`${ORIGINS.main}/dev/care-team`);
  await desk.locator("#professional").selectOption({ index: 1 });
  await desk.getByRole("button", { name: "Open desk" }).click();
  await desk.getByRole("link", { name: title, exact: true }).first().click();
  await expect(desk.getByRole("heading", { level: 1 })).toHaveText(title);
  await desk.getByLabel("Reply", { exact: true }).fill(text);
  await desk.getByRole("button", { name: "Send reply" }).click();
  await expect(desk.getByText(text)).toBeVisible();
  await desk.close();
}

/** Sends a new conversation through the form (the page must be the new-conversation page). */
async function startConversation(
  page: Page,
  title: string,
  text: string,
  labels: { subject: string; message: string; send: string },
) {
  await page.getByLabel(labels.subject).fill(title);
  await page.getByLabel(labels.message, { exact: true }).fill(text);
  await page.getByRole("button", { name: labels.send, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
}

/** Opens a thread from the list by its title, walking the list's pages (the pager's links are plain `?page=N`). */
async function openFromList(page: Page, title: string, lang: "fi" | "sv" | "en") {
  for (let n = 1; n <= 10; n++) {
    await gotoRoute(page, "conversations", lang, { query: n > 1 ? { page: String(n) } : {} });
    await expect(page.locator(".conversations > li").first()).toBeVisible();
    const link = page.locator(".conversations").getByRole("link", { name: title, exact: true });
    if (await link.count()) return link.first().click();
  }
  throw new Error(`thread ${title} is not on the list`);
}

test("a new conversation: a 71-character subject is refused with the summary, a valid one is sent with a file", async ({
  page,
  jsEnabled,
}) => {
  await login(page, { person: maija, lang: "fi" });
  await gotoRoute(page, "conversations", "fi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Viestit");
  // Maija has more than a page of threads: ten on the first, and a pager.
  await expect(page.locator(".conversations > li")).toHaveCount(10);
  await expect(page.getByRole("navigation", { name: "Keskustelujen sivut" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sivu 1" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Hätätilanteessa soita 112.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Uusi viesti" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Uusi viesti");
  await expect(page.getByRole("link", { name: "Hoitotiimisi" })).toBeVisible();
  await expect(page.getByText("Vastaamme yleensä 1–3 arkipäivän kuluessa.")).toBeVisible();
  await expectAccessible(page);

  const title = uniqueTitle("E2E uusi");
  await page.getByLabel("Aihe").fill(title.padEnd(71, "x"));
  await page.getByLabel("Viesti", { exact: true }).fill("Hei,\nkysyisin tuloksista.");
  if (jsEnabled) await expect(page.getByText("1 merkki liikaa")).toBeVisible();
  await page.getByRole("button", { name: "Lähetä", exact: true }).click();

  const summary = page.locator(".error-summary");
  await expect(summary).toContainText("Aihe voi olla enintään 70 merkkiä pitkä");
  if (jsEnabled) await expect(summary).toBeFocused();
  await expect(page).toHaveTitle(/^Virhe: Uusi viesti/);
  await expect(page.locator("#subject")).toHaveAttribute("aria-invalid", "true");
  // What was typed is still there.
  await expect(page.getByLabel("Viesti", { exact: true })).toHaveValue("Hei,\nkysyisin tuloksista.");
  await summary.getByRole("link", { name: "Aihe voi olla enintään 70 merkkiä pitkä" }).click();
  if (jsEnabled) await expect(page.locator("#subject")).toBeFocused();
  else await expect(page).toHaveURL(/#subject$/);
  await expectAccessible(page);

  await page.getByLabel("Aihe").fill(title);
  await page.getByLabel("Liitteet (valinnainen)").setInputFiles(PDF);
  if (jsEnabled) await expect(page.getByText(/message-attachment\.pdf \(\d+ kB\)/)).toBeVisible();
  await page.getByRole("button", { name: "Lähetä", exact: true }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveURL(/\/fi\/viestit\/\d+#message-\d+$/);
  await expect(page.getByText("Viesti lähetetty")).toBeVisible();
  const sent = page.locator("article.message").last();
  await expect(sent).toContainText("kysyisin tuloksista.");
  if (jsEnabled) await expect(sent).toBeFocused();
  const file = sent.getByRole("link", { name: "message-attachment.pdf" });
  const download = await page.request.get(ORIGINS.main + (await file.getAttribute("href")));
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await expectAccessible(page);
});

test("an unread thread: opened, read, and answered with an attachment; new messages arrive by polling", async ({
  page,
  jsEnabled,
}) => {
  await login(page, { person: maija, lang: "en" });
  await gotoRoute(page, "newConversation", "en");
  const title = uniqueTitle("E2E unread");
  await startConversation(page, title, "Is my prescription ready?", {
    subject: "Subject",
    message: "Message",
    send: "Send",
  });
  await replyAsProfessional(page, title, "Yes, it is ready at the pharmacy.");

  // The customer is told by SMS that there is a new message: a link to the thread, never its content.
  const outbox = await (await page.request.get(`${ORIGINS.main}/dev/outbox`)).text();
  const notice = outbox.split("<li>").find((item) => item.includes("Sinulle on uusi viesti"));
  expect(notice).toMatch(/\/fi\/viestit\/\d+/);
  expect(notice).not.toContain("ready at the pharmacy");

  await gotoRoute(page, "conversations", "en");
  // The menu's messages item counts the unread threads (in words for screen readers).
  // (The menu may be folded on a narrow screen, so the link is found by its address, visible or not.)
  const messagesItem = page.locator('.menu__panel a[href="/en/conversations"]');
  const unreadBefore = Number(
    /^Messages, (\d+) unread$/.exec((await messagesItem.getAttribute("aria-label")) ?? "")?.[1],
  );
  expect(unreadBefore).toBeGreaterThanOrEqual(1);
  const item = page.locator(".conversations > li").filter({ hasText: title });
  await expect(item.getByText("Unread", { exact: true })).toBeVisible();
  await expect(item).toContainText("Yes, it is ready at the pharmacy.");
  await expectAccessible(page);
  // On a small phone the thread opens at its newest message (with JavaScript; without, at the top as loaded).
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 480 });
  await item.getByRole("link", { name: title }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const newest = page.locator(".thread__messages .message").last();
  await expect(newest).toContainText("Yes, it is ready at the pharmacy.");
  if (jsEnabled) await expect(newest).toBeInViewport();
  else expect(await page.evaluate(() => window.scrollY)).toBe(0);
  if (viewport) await page.setViewportSize(viewport);
  await expect(page.getByText("Yes, it is ready at the pharmacy.")).toBeVisible();
  // Opening it read it: the count drops by one.
  // (Its name is read from the attribute: a folded menu's link has no accessible name while hidden.)
  if (unreadBefore > 1)
    await expect(messagesItem).toHaveAttribute("aria-label", `Messages, ${unreadBefore - 1} unread`);
  else await expect(messagesItem).not.toHaveAttribute("aria-label");
  await expect(page.getByText(/^Participants: Maija Meikäläinen \(you\)/)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Today" })).toBeVisible();
  await expectAccessible(page);

  // A web page named .png is refused by its bytes (after its upload, with JavaScript), and the summary's link leads
  // to the file input, which keeps its id either way.
  await page.getByLabel("Your reply").fill("A picture");
  await page.getByLabel("Attachments (optional)").setInputFiles({
    name: "picture.png",
    mimeType: "image/png",
    buffer: Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"),
  });
  await page.getByRole("button", { name: "Send reply" }).click();
  const summary = page.locator(".error-summary");
  await expect(summary).toContainText("An attachment is of a type that cannot be sent.");
  if (jsEnabled) await expect(summary).toBeFocused();
  await expect(page).toHaveTitle(/^Error: /);
  await summary.getByRole("link").click();
  if (jsEnabled) await expect(page.locator("#attachments")).toBeFocused();
  else await expect(page).toHaveURL(/#attachments$/);
  await expect(page.locator("#attachments")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await page.getByLabel("Your reply").fill("Thank you!\nI will pick it up tomorrow.");
  await page.getByLabel("Attachments (optional)").setInputFiles(PDF);
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Message sent")).toBeVisible();
  const reply = page.locator("article.message").last();
  await expect(reply).toContainText("I will pick it up tomorrow.");
  await expect(reply.getByRole("link", { name: "message-attachment.pdf" })).toBeVisible();
  if (jsEnabled) await expect(reply).toBeFocused();
  // The form is empty again for the next reply.
  await expect(page.getByLabel("Your reply")).toHaveValue("");

  // The list no longer calls it unread.
  await gotoRoute(page, "conversations", "en");
  await expect(
    page.locator(".conversations > li").filter({ hasText: title }).getByText("Unread", { exact: true }),
  ).toHaveCount(0);

  if (!jsEnabled) return;
  // With JavaScript the open thread is polled (shortened from two minutes outside production) and a new message
  // is added and announced.
  await page.locator(".conversations").getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const threadUrl = page.url().replace(/#.*$/, "");
  await page.goto(`${threadUrl}?poll=1500`);
  await expect(page.locator("article.message")).toHaveCount(3);
  const markedRead = page.waitForResponse(
    (r) => r.url().includes("/api/customer-messaging") && !!r.request().postData()?.includes("MarkAsRead"),
  );
  await replyAsProfessional(page, title, "See you tomorrow.");
  await expect(page.locator(".thread__announcement")).toHaveText("1 new message");
  await expect(page.locator("article.message")).toHaveCount(4);
  await expect(page.locator("article.message").last()).toContainText("See you tomorrow.");
  // What arrived on the open page counts as read.
  expect((await markedRead).status()).toBe(200);
  await gotoRoute(page, "conversations", "en");
  await expect(
    page.locator(".conversations > li").filter({ hasText: title }).getByText("Unread", { exact: true }),
  ).toHaveCount(0);

  // The open list refreshes itself as well, as a poll (`background=1`: no activity, no new access-log row), and
  // shows the care team's next message without a reload.
  await page.goto(`${ORIGINS.main}/en/conversations?poll=1500`);
  const listItem = page.locator(".conversations > li").filter({ hasText: title });
  await expect(listItem).toContainText("See you tomorrow.");
  const refreshed = page.waitForResponse((r) => r.url().includes("background=1") && r.status() === 200);
  await replyAsProfessional(page, title, "Remember your Kela card.");
  await refreshed;
  await expect(listItem).toContainText("Remember your Kela card.");
  await expect(listItem.getByText("Unread", { exact: true })).toBeVisible();
});

test("the demo threads in Swedish: a closed one has no reply box, a deleted message says so, files are links", async ({
  page,
}) => {
  await login(page, { person: maija, lang: "sv" });
  await gotoRoute(page, "conversations", "sv");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meddelanden");
  await page.getByRole("link", { name: "Nästa sida" }).click();
  await expect(page).toHaveURL(/\/sv\/meddelanden\?page=2$/);
  await expect(page.getByRole("link", { name: "Sida 2", exact: true })).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);

  await openFromList(page, "Reseptin uusiminen", "sv");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Reseptin uusiminen");
  await expect(page.getByText("Den här konversationen är stängd")).toBeVisible();
  await expect(page.locator("#message")).toHaveCount(0);
  await expectAccessible(page);

  await openFromList(page, "Rokotustodistus matkaa varten", "sv");
  await expect(page.getByText("Det här meddelandet har tagits bort.")).toBeVisible();
  await expectAccessible(page);

  await openFromList(page, "Polven kipu juoksun jälkeen", "sv");
  const pdf = page.getByRole("link", { name: "Polven-kuntoutusohje.pdf" });
  await expect(pdf).toBeVisible();
  const served = await page.request.get(ORIGINS.main + (await pdf.getAttribute("href")));
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("application/pdf");
  await page.getByRole("link", { name: "Tillbaka till meddelandena" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meddelanden");
});
