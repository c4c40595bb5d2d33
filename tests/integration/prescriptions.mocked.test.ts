/**
 * Prescriptions and renewal requests through the real request handler and database: the list (checkboxes only
 * for renewable ones, the selection's GET form redirecting to the renewal page), the renewal page (foreign and
 * non-renewable ids left out with a notice), the send rule on the server, the request sent as a new customer
 * thread with exactly the composed text, one thread per form however often it is posted, the failure and
 * maintenance states, CSRF, and the access log.
 */
import { and, count, eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import type { Person } from "~/.server/session";
import { customerMessagingUserId } from "~/features/messaging/messaging.server";
import { composeRenewalMessage } from "~/features/prescriptions/renewal-message";
import { checkRenewal } from "~/features/prescriptions/renewal-check";
import { sendAsBrowser, type SendOptions } from "./request-handler";
import { login, useTestDatabase } from "./test-db";

// The messaging service, with a switch to make sending fail as an unreachable messaging backend would.
const failing = vi.hoisted(() => ({ send: false }));
vi.mock("~/features/messaging/sending.server", async (original) => {
  const actual = await original<typeof import("~/features/messaging/sending.server")>();
  return {
    ...actual,
    sendMessageInNewThread: (...args: Parameters<typeof actual.sendMessageInNewThread>) => {
      if (failing.send) throw new Error("messaging backend unreachable");
      return actual.sendMessageInNewThread(...args);
    },
  };
});

const t = useTestDatabase();
const csrfCookie = newCsrfCookieValue();
const send = (method: string, url: string, options: SendOptions = {}) =>
  sendAsBrowser(csrfCookie, method, url, options);

afterEach(async () => {
  failing.send = false;
  await t.db
    .insert(s.messagingStatus)
    .values({ id: 1, maintenance: false })
    .onConflictDoUpdate({ target: s.messagingStatus.id, set: { maintenance: false } });
});

type Rx = typeof s.prescriptions.$inferSelect;
const rx: Record<string, Rx> = {};
let maija: Person;
let session: string;

beforeAll(async () => {
  maija = t.person("patient");
  session = await login(maija);
  for (const row of await t.db.select().from(s.prescriptions)) rx[row.medicineName] = row;
});

/** The page's text without tags (and React's text separators). */
const textOf = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");
/** The opening tags of an element, whatever the order of their attributes. */
const tagsOf = (html: string, name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, "g")) ?? [];
const threadsOf = async (p: Person) =>
  t.db.select().from(s.threads).where(eq(s.threads.personId, p.id)).orderBy(s.threads.id);
const requestRows = async (p: Person) =>
  t.db.select().from(s.prescriptionRenewalRequests).where(eq(s.prescriptionRenewalRequests.personId, p.id));
const accessRows = async (p: Person, resource: string, action: "read" | "write") =>
  (
    await t.db
      .select({ n: count() })
      .from(s.accessLog)
      .where(and(eq(s.accessLog.subjectId, p.id), eq(s.accessLog.resource, resource), eq(s.accessLog.action, action)))
  )[0].n;

/** The renewal form's page for ids, opened as the list's redirect opens it; its key and address. */
async function openForm(ids: number[], options: { session?: string; host?: string } = {}) {
  const as = { session, ...options };
  const first = await send("GET", `/fi/reseptin-uusinta/${ids.join(",")}`, as);
  expect(first.status).toBe(302);
  const location = first.location!;
  expect(location).toMatch(/^\/fi\/reseptin-uusinta\/[\d,]+\?request=[\w-]{22}$/);
  const page = await send("GET", location, as);
  expect(page.status).toBe(200);
  const key = /name="requestKey" value="([\w-]{22})"/.exec(page.text)?.[1];
  expect(key).toBe(new URL(location, "http://x").searchParams.get("request"));
  return { location, key: key!, page };
}

/** Answers for Levaxin (not finished: how much is left) and Ventoline (finished, side effects). */
function answersFor(levaxin: number, ventoline: number, key: string): Record<string, string> {
  return {
    requestKey: key,
    [`why-${levaxin}`]: "Käytän lääkettä jatkuvasti.",
    [`finished-${levaxin}`]: "no",
    [`remaining-${levaxin}`]: "Noin 10 tablettia, loppuu ensi viikolla.",
    [`sideEffects-${levaxin}`]: "no",
    [`sideEffectsWhich-${levaxin}`]: "",
    [`why-${ventoline}`]: "Astma on talvella pahempi.",
    [`finished-${ventoline}`]: "yes",
    [`remaining-${ventoline}`]: "",
    [`sideEffects-${ventoline}`]: "yes",
    [`sideEffectsWhich-${ventoline}`]: "Sydämentykytystä",
    otherMedicines: "Burana tarvittaessa",
  };
}

describe("the prescription list", () => {
  it("shows each prescription with its derived line, and checkboxes only for the renewable ones", async () => {
    const before = await accessRows(maija, "prescriptions", "read");
    const page = await send("GET", "/fi/reseptit", { session });
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Reseptit</h1>");
    for (const name of ["Burana 400 mg", "Levaxin 50 µg", "Ventoline 0,1 mg/annos", "Atorvastatin Orion 20 mg"])
      expect(page.text).toContain(name);
    expect(textOf(page.text)).toContain(
      "Tabletti · 2 × 100 kpl · Hoidon kesto 6 kuukautta · Yhteensä 200 kpl · 1 tabletti aamulla · Kilpirauhasen vajaatoimintaan",
    );
    expect(textOf(page.text)).toContain("Inhalaatiosumute · 3 × 200 annosta");
    const boxes = [...page.text.matchAll(/<input[^>]*name="ids"[^>]*>/g)].map((m) => /value="(\d+)"/.exec(m[0])![1]);
    expect(boxes.sort()).toEqual(
      [rx["Levaxin"].id, rx["Ventoline"].id, rx["Atorvastatin Orion"].id].map(String).sort(),
    );
    expect(page.text.match(/Tätä reseptiä ei voi uusia verkossa\./g)).toHaveLength(1);
    // Each checkbox is named by its prescription, with no space before the colon.
    expect(page.text).toContain('aria-label="Valitse uusittavaksi: Levaxin 50 µg"');
    // So is the menu's messages item with its unread count; no hidden text starts with a comma or a colon.
    expect(page.text).toMatch(/<a aria-label="Viestit, \d+ lukematonta" href="\/fi\/viestit"/);
    expect(page.text).not.toMatch(/class="visually-hidden">[,:]/);
    // Without JavaScript: a GET form with both submit buttons.
    const form = tagsOf(page.text, "form").find((tag) => tag.includes('action="/fi/reseptit"'));
    expect(form).toContain('method="get"');
    const buttons = [...page.text.matchAll(/(<button\b[^>]*>)([^<]*)</g)].map((m) => [m[1], m[2]]);
    const button = (name: string) => buttons.find(([, label]) => label === name)?.[0];
    expect(button("Uusi kaikki uusittavat reseptit")).toMatch(/(?=.*type="submit")(?=.*name="all")(?=.*value="1")/);
    expect(button("Jatka uusimiseen")).toMatch(/(?=.*type="submit")(?=.*name="renew")/);
    expect(page.text).not.toContain("renewal-notice");
    expect(await accessRows(maija, "prescriptions", "read")).toBe(before + 1);
  });

  it("sends the GET form's choice on to the renewal page, with a fresh request key", async () => {
    const { Levaxin: l, Ventoline: v } = rx;
    const chosen = await send("GET", `/fi/reseptit?ids=${l.id}&ids=${v.id}&renew=1`, { session });
    expect(chosen.status).toBe(302);
    expect(chosen.location).toMatch(new RegExp(`^/fi/reseptin-uusinta/${l.id},${v.id}\\?request=[\\w-]{22}$`));
    const again = await send("GET", `/fi/reseptit?ids=${l.id}&ids=${v.id}&renew=1`, { session });
    expect(again.location).not.toBe(chosen.location);

    const all = await send("GET", "/sv/recept?all=1", { session });
    expect(all.status).toBe(302);
    const ids = /\/sv\/receptfornyelse\/([\d,]+)\?/.exec(all.location!)![1].split(",").map(Number);
    expect(ids.sort()).toEqual([l.id, v.id, rx["Atorvastatin Orion"].id].sort());

    const none = await send("GET", "/en/prescriptions?renew=1", { session });
    expect(none.status).toBe(200);
    expect(none.text).toContain('class="error-summary"');
    expect(none.text).toContain("Choose at least one prescription to renew");
    expect(none.text).toMatch(/<title>Error: Prescriptions/);
  });

  it("says No prescriptions, and shows a child's prescription without a checkbox to the guardian", async () => {
    const empty = await send("GET", "/en/prescriptions", { session: await login(t.person("newCustomer")) });
    expect(empty.text).toContain("No prescriptions");
    const child = await send("GET", "/fi/reseptit", {
      session: await login(t.person("guardian"), t.person("youngChild")),
    });
    expect(child.text).toContain("Amorion 100 mg/ml");
    expect(textOf(child.text)).toContain("Oraalisuspensio · 100 ml · Hoidon kesto 7 päivää");
    expect(child.text).not.toContain('name="ids"');
  });

  it("works in the children's brand too, whose sent result does not link to conversations it has not", async () => {
    const host = "pikkujatti.localhost:3000";
    const page = await send("GET", "/fi/reseptit", { session, host });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Levaxin 50 µg");
    const { Levaxin: l, Ventoline: v } = rx;
    const { location, key } = await openForm([l.id, v.id], { host });
    const sent = await send("POST", location, { session, host, form: answersFor(l.id, v.id, key) });
    expect(sent.status).toBe(302);
    const result = await send("GET", location, { session, host });
    expect(result.text).toContain("Uusimispyyntö lähetetty");
    expect(result.text).not.toContain("/fi/viestit/");
  });
});

describe("the renewal page", () => {
  it("keeps the person's renewable prescriptions of the address and leaves the others out with a notice", async () => {
    const aino = rx["Amorion"].id;
    const path = `/fi/reseptin-uusinta/${rx["Levaxin"].id},${rx["Burana"].id},${aino},abc,,${rx["Levaxin"].id}`;
    const redirected = await send("GET", path, { session });
    expect(redirected.status).toBe(302);
    const page = await send("GET", redirected.location!, { session });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h2 class="renewal__medicine">Levaxin 50 µg</h2>');
    expect(page.text).not.toContain("Burana");
    expect(page.text).not.toContain("Amorion");
    expect(page.text).toContain("3 valituista resepteistä ei ole uusittavissa verkossa, ja ne jätettiin pois.");
    // The questions, with the follow-ups' hints for a page without JavaScript.
    for (const text of [
      "Miksi haluat uusia reseptin?",
      "Onko lääke loppunut?",
      "Kuinka paljon lääkettä on jäljellä ja milloin se loppuu?",
      "Vastaa, jos vastasit yllä Ei.",
      "Onko sinulla ollut sivuvaikutuksia?",
      "Mitä sivuvaikutuksia?",
      "Käytätkö muita lääkkeitä?",
    ])
      expect(page.text).toContain(text);
  });

  it("answers 404 with a link to the list when none of the ids can be renewed", async () => {
    for (const segment of [String(rx["Burana"].id), String(rx["Amorion"].id), "abc", "999999"]) {
      const page = await send("GET", `/en/prescription-renewal/${segment}`, { session });
      expect(page.status, segment).toBe(404);
      expect(page.text).toContain("No prescriptions to renew");
      expect(page.text).toContain('href="/en/prescriptions"');
      expect(page.text).not.toContain('name="requestKey"');
    }
  });

  it("refuses a form with a triggered follow-up unanswered: 400, the errors, the answers kept, nothing sent", async () => {
    const { Levaxin: l, Ventoline: v } = rx;
    const { location, key } = await openForm([l.id, v.id]);
    const threads = (await threadsOf(maija)).length;
    const form = answersFor(l.id, v.id, key);
    delete form[`remaining-${l.id}`];
    const page = await send("POST", location, { session, form });
    expect(page.status).toBe(400);
    expect(page.text).toContain(
      '<h2 class="error-summary__title" id="error-summary-title">Täytä ensin kaikki lomakkeen kentät</h2>',
    );
    expect(page.text).toContain(
      `<a href="#remaining-${l.id}">Kuinka paljon lääkettä on jäljellä ja milloin se loppuu? (Levaxin 50 µg)</a>`,
    );
    expect(page.text).toMatch(/<title>Virhe: Reseptien uusiminen/);
    expect(page.text).toContain(`id="remaining-${l.id}-error"`);
    expect(page.text).toContain("Sydämentykytystä");
    expect(page.text).toMatch(new RegExp(`value="no"[^>]*checked[^>]*|checked[^>]*value="no"`));
    expect((await threadsOf(maija)).length).toBe(threads);
    expect((await requestRows(maija)).find((r) => r.requestKey === key)).toBeUndefined();

    // Without JavaScript a blank text is unanswered; from the page with JavaScript (untouched fields left out)
    // an empty one is an answer, and a missing one is not.
    const blank = await send("POST", location, {
      session,
      form: { ...answersFor(l.id, v.id, key), otherMedicines: " " },
    });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain('<a href="#otherMedicines">Käytätkö muita lääkkeitä?</a>');
    const omitted: Record<string, string> = { ...answersFor(l.id, v.id, key), untouchedOmitted: "1" };
    delete omitted[`why-${v.id}`];
    expect((await send("POST", location, { session, form: omitted })).status).toBe(400);
    expect((await threadsOf(maija)).length).toBe(threads);
  });

  it("sends one customer thread with exactly the composed text, and the same result for the same form again", async () => {
    const { Levaxin: l, Ventoline: v } = rx;
    const userId = (await customerMessagingUserId(t.db, maija.id))!;
    const { location, key } = await openForm([l.id, v.id]);
    const before = await threadsOf(maija);
    const writes = await accessRows(maija, "prescription-renewal", "write");
    const form = { ...answersFor(l.id, v.id, key), untouchedOmitted: "1", [`why-${v.id}`]: "" };

    const sent = await send("POST", location, { session, form });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(location);

    const after = await threadsOf(maija);
    expect(after).toHaveLength(before.length + 1);
    const thread = after.at(-1)!;
    expect(thread.title).toBe("Reseptin uusimispyyntö");
    expect(thread.type).toBe("customer");
    const participants = await t.db
      .select({ userId: s.threadParticipants.userId })
      .from(s.threadParticipants)
      .where(eq(s.threadParticipants.threadId, thread.id));
    expect(participants).toEqual([{ userId }]);
    const messages = await t.db.select().from(s.messages).where(eq(s.messages.threadId, thread.id));
    expect(messages).toHaveLength(1);
    const expected = composeRenewalMessage([l, v], checkRenewal([l.id, v.id], form, true).answers);
    expect(messages[0].content).toBe(expected);
    expect(expected).toContain("Lääke: Levaxin\nVahvuus: 50 µg");
    expect(expected).toContain("Miksi haluat uusia reseptin?\n(tyhjä vastaus)");
    expect(expected).toContain("Mitä sivuvaikutuksia?\nmäärittelemätön\n---");
    expect(messages[0].authorId).toBe(userId);
    expect((await requestRows(maija)).find((r) => r.requestKey === key)?.threadId).toBe(thread.id);
    expect(await accessRows(maija, "prescription-renewal", "write")).toBe(writes + 1);

    // The result page: the success box with the promise and the link to the conversation.
    const result = await send("GET", location, { session });
    expect(result.status).toBe(200);
    expect(result.text).toContain("Uusimispyyntö lähetetty");
    expect(result.text).toContain("Käsittelemme pyynnön 1–3 arkipäivän kuluessa ja vahvistamme sen tekstiviestillä.");
    expect(result.text).toContain(`href="/fi/viestit/${thread.id}"`);
    expect(result.text).not.toContain('name="requestKey"');

    // The same form again (the back button, a double click): the same result, no second thread.
    const again = await send("POST", location, { session, form });
    expect(again.status).toBe(302);
    expect(again.location).toBe(location);
    const twice = await Promise.all([1, 2].map(() => send("POST", location, { session, form })));
    expect(twice.map((r) => r.status)).toEqual([302, 302]);
    expect(await threadsOf(maija)).toHaveLength(before.length + 1);

    // It is in her conversations.
    const conversations = await send("GET", "/fi/viestit", { session });
    expect(conversations.text).toContain("Reseptin uusimispyyntö");
  });

  it("sends one thread when two posts of one form arrive together", async () => {
    const { Levaxin: l, Ventoline: v } = rx;
    const { location, key } = await openForm([l.id, v.id]);
    const before = (await threadsOf(maija)).length;
    const form = answersFor(l.id, v.id, key);
    const results = await Promise.all([1, 2, 3].map(() => send("POST", location, { session, form })));
    expect(results.map((r) => [r.status, r.location])).toEqual([1, 2, 3].map(() => [302, location]));
    expect(await threadsOf(maija)).toHaveLength(before + 1);
  });

  it("shows the failure with the form still filled, and sends when the form is sent again", async () => {
    const { Levaxin: l, Ventoline: v } = rx;
    const { location, key } = await openForm([l.id, v.id]);
    const before = (await threadsOf(maija)).length;
    const form = answersFor(l.id, v.id, key);
    failing.send = true;
    const failed = await send("POST", location, { session, form });
    expect(failed.status).toBe(500);
    expect(failed.text).toContain("Reseptin uusiminen epäonnistui.");
    expect(failed.text).toContain("Noin 10 tablettia, loppuu ensi viikolla.");
    expect(failed.text).toContain(`value="${key}"`);
    expect((await requestRows(maija)).find((r) => r.requestKey === key)).toBeUndefined();
    expect(await threadsOf(maija)).toHaveLength(before);

    failing.send = false;
    const resent = await send("POST", location, { session, form });
    expect(resent.status).toBe(302);
    expect(await threadsOf(maija)).toHaveLength(before + 1);
  });

  it("refuses a post without the CSRF token (403) and one without a request key (400)", async () => {
    const { Levaxin: l, Ventoline: v } = rx;
    const { location, key } = await openForm([l.id, v.id]);
    const before = (await threadsOf(maija)).length;
    const forged = await send("POST", location, { session, form: answersFor(l.id, v.id, key), csrf: false });
    expect(forged.status).toBe(403);
    const { requestKey: _, ...keyless } = answersFor(l.id, v.id, key);
    expect((await send("POST", location, { session, form: keyless })).status).toBe(400);
    expect(await threadsOf(maija)).toHaveLength(before);
  });

  it("never shows or sends another person's prescriptions", async () => {
    const matti = await login(t.person("guardian"));
    const mattisThreads = (await threadsOf(t.person("guardian"))).length;
    const page = await send("GET", `/fi/reseptin-uusinta/${rx["Levaxin"].id}`, { session: matti });
    expect(page.status).toBe(404);
    expect(page.text).not.toContain("Levaxin");
    // Maija's form key posted as Matti: nothing to renew for him.
    const { location, key } = await openForm([rx["Levaxin"].id]);
    const post = await send("POST", location, {
      session: matti,
      form: answersFor(rx["Levaxin"].id, rx["Ventoline"].id, key),
    });
    expect([403, 404]).toContain(post.status);
    expect(await threadsOf(t.person("guardian"))).toHaveLength(mattisThreads);
  });
});

describe("renewal switched off or in maintenance", () => {
  it("shows Erkki, whose renewal is switched off, the banner instead of checkboxes and the form, and refuses his post", async () => {
    const erkki = t.person("senior");
    expect(erkki.prescriptionRenewalEnabled).toBe(false);
    const as = await login(erkki);
    const amlodipin = rx["Amlodipin Orion"];
    expect(amlodipin.isRenewable).toBe(true);

    const list = await send("GET", "/en/prescriptions", { session: as });
    expect(list.text).toContain("Amlodipin Orion 5 mg");
    expect(list.text).toContain(
      "Prescription renewals are offline while we move to a new messaging service. They are expected back by the end of the day.",
    );
    expect(list.text).not.toContain('name="ids"');
    // The Swedish page shows the English text, and says so.
    const sv = await send("GET", "/sv/recept", { session: as });
    expect(sv.text).toContain('<p lang="en">Prescription renewals are offline');
    const fi = await send("GET", "/fi/reseptit", { session: as });
    expect(fi.text).toContain("Reseptien uusiminen ei ole käytettävissä, koska siirrymme uuteen viestipalveluun.");

    const renewal = await send("GET", `/en/prescription-renewal/${amlodipin.id}`, { session: as });
    expect(renewal.status).toBe(200);
    expect(renewal.text).toContain("Prescription renewals are offline");
    expect(renewal.text).not.toContain('name="requestKey"');

    const post = await send("POST", `/en/prescription-renewal/${amlodipin.id}`, {
      session: as,
      form: {
        requestKey: "A".repeat(22),
        [`why-${amlodipin.id}`]: "x",
        [`finished-${amlodipin.id}`]: "yes",
        [`sideEffects-${amlodipin.id}`]: "no",
        otherMedicines: "x",
      },
    });
    expect(post.status).toBe(403);
    expect(post.text).toContain("Prescription renewals are offline");
    expect(await threadsOf(erkki)).toEqual([]);
    expect(await requestRows(erkki)).toEqual([]);
  });

  it("shows the banner to everyone while messaging is in maintenance, and refuses posts", async () => {
    const { Levaxin: l, Ventoline: v } = rx;
    const { location, key } = await openForm([l.id, v.id]);
    await t.db
      .insert(s.messagingStatus)
      .values({ id: 1, maintenance: true })
      .onConflictDoUpdate({ target: s.messagingStatus.id, set: { maintenance: true } });
    const list = await send("GET", "/fi/reseptit", { session });
    expect(list.text).toContain("Reseptien uusiminen ei ole käytettävissä");
    expect(list.text).not.toContain('name="ids"');
    const before = (await threadsOf(maija)).length;
    const post = await send("POST", location, { session, form: answersFor(l.id, v.id, key) });
    expect(post.status).toBe(503);
    expect(post.text).toContain("Reseptien uusiminen ei ole käytettävissä");
    expect(await threadsOf(maija)).toHaveLength(before);
  });
});

describe("the access log", () => {
  it("records reading the list and the renewal form, and writing a request", async () => {
    const { Levaxin: l } = rx;
    const reads = await accessRows(maija, "prescriptions", "read");
    await send("GET", "/fi/reseptit", { session });
    await openForm([l.id]);
    expect(await accessRows(maija, "prescriptions", "read")).toBe(reads + 2);
    const rows = await t.db
      .select({ resourceId: s.accessLog.resourceId, actorId: s.accessLog.actorId })
      .from(s.accessLog)
      .where(and(eq(s.accessLog.subjectId, maija.id), inArray(s.accessLog.resource, ["prescription-renewal"])));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.actorId === maija.id)).toBe(true);
  });
});
