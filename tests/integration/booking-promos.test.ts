/**
 * The occupational booking pages' chat and phone-service promos (spec part 2 §3, §6) through the real request
 * handler: driven by the contract's product ids, shown on the logged-in occupational list and its free-appointment
 * page, nowhere else; and the phone-service promo of a contract without web reservation.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { brands } from "#brands/index";
import { newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import {
  OCCUPATIONAL_CHAT_PRODUCT_ID,
  OCCUPATIONAL_PHONE_SERVICE_PRODUCT_ID,
  occupationalPromos,
} from "~/features/booking/promo";
import { href } from "~/route-table";
import { sendAsBrowser } from "./request-handler";
import { login, useTestDatabase, type DemoKey } from "./test-db";

const t = useTestDatabase();
const csrfCookie = newCsrfCookieValue();
const as = async (key: DemoKey, path: string) =>
  sendAsBrowser(csrfCookie, "GET", path, { session: await login(t.person(key)) });
const setContract = (key: DemoKey, values: Partial<typeof s.people.$inferInsert>) =>
  t.db
    .update(s.people)
    .set(values)
    .where(eq(s.people.id, t.person(key).id));

/** The promo section with this heading id, or null. */
function section(html: string, id: string): string | null {
  const heading = html.indexOf(`id="${id}"`);
  if (heading < 0) return null;
  const start = html.lastIndexOf("<section", heading);
  return html.slice(start, html.indexOf("</section>", heading));
}

/** The first free appointment on Liisa's occupational list. */
async function occupationalSlot(): Promise<string> {
  const list = await as("employee", "/fi/tyoterveys");
  const match = /href="\/fi\/tyoterveys\/vapaat-ajat\/(\d+)/.exec(list.text);
  expect(match, "a free occupational appointment on the list").toBeTruthy();
  return match![1];
}

describe("the occupational promos", () => {
  it("seeds Liisa's contract with both product ids, a phone number and a Finnish description", () => {
    const liisa = t.person("employee");
    expect(liisa.occupationalContractProductIds).toEqual([
      OCCUPATIONAL_PHONE_SERVICE_PRODUCT_ID,
      OCCUPATIONAL_CHAT_PRODUCT_ID,
    ]);
    expect(occupationalPromos(liisa)).toEqual({
      phoneService: { phoneNumber: "030 600 5070", liftupDescription: expect.stringMatching(/puhelimessa/) },
      chat: true,
    });
    expect(t.person("guardian").occupationalContractProductIds).toEqual([OCCUPATIONAL_PHONE_SERVICE_PRODUCT_ID]);
    expect(t.person("patient").occupationalContractProductIds).toEqual([]);
  });

  it("shows both on the occupational list: the number to call with the description, and the app links", async () => {
    const page = await as("employee", "/en/occupational-healthcare");
    expect(page.status).toBe(200);
    const phone = section(page.text, "promo-phone-service");
    expect(phone).toContain("Occupational health phone service</h2>");
    expect(phone).toContain("Call the occupational health phone service");
    expect(phone).toContain('<a href="tel:0306005070">030 600 5070</a>');
    expect(phone).toContain(
      '<p lang="fi">Työterveyshoitaja arvioi tilanteesi puhelimessa ja varaa tarvittaessa ajan puolestasi.</p>',
    );
    const chat = section(page.text, "promo-chat");
    expect(chat).toContain("Occupational health chat</h2>");
    expect(chat).toContain("The occupational health chat is in our mobile app.");
    expect(chat).toContain(`href="${brands.main.links.appStore}"`);
    expect(chat).toContain(`href="${brands.main.links.googlePlay}"`);
    // The results are still there, after the promos.
    expect(page.text.indexOf("promo-chat")).toBeLessThan(page.text.indexOf("search-results-heading"));
  });

  it("shows them on the occupational free-appointment page, in Finnish and Swedish", async () => {
    const id = await occupationalSlot();
    const fi = await as("employee", href("occupationalFreeAppointment", "fi", { id }));
    expect(fi.status).toBe(200);
    expect(section(fi.text, "promo-phone-service")).toContain("Soita työterveyden puhelinpalveluun");
    expect(section(fi.text, "promo-chat")).toContain("Työterveyden chat on mobiilisovelluksessamme.");
    const sv = await as("employee", href("occupationalFreeAppointment", "sv", { id }));
    expect(section(sv.text, "promo-phone-service")).toContain("Ring företagshälsovårdens telefontjänst");
    expect(section(sv.text, "promo-chat")).toContain("Företagshälsovårdens chatt finns i vår mobilapp.");
  });

  it("is not on the private list or the private free-appointment page, even for Liisa", async () => {
    const list = await as("employee", "/fi/ajanvaraus/yksityisasiakas");
    expect(list.status).toBe(200);
    expect(list.text).not.toContain("promo-phone-service");
    expect(list.text).not.toContain("promo-chat");
    const match = /href="\/fi\/vapaat-ajat\/(\d+)/.exec(list.text);
    expect(match).toBeTruthy();
    const reserve = await as("employee", href("freeAppointment", "fi", { id: match![1] }));
    expect(reserve.status).toBe(200);
    expect(reserve.text).not.toContain("promo-chat");
  });

  it("follows the product ids: each promo only with its id, the phone service only with a number", async () => {
    await setContract("employee", { occupationalContractProductIds: [OCCUPATIONAL_CHAT_PRODUCT_ID] });
    let page = await as("employee", "/fi/tyoterveys");
    expect(section(page.text, "promo-chat")).not.toBeNull();
    expect(section(page.text, "promo-phone-service")).toBeNull();

    await setContract("employee", { occupationalContractProductIds: [OCCUPATIONAL_PHONE_SERVICE_PRODUCT_ID] });
    page = await as("employee", "/fi/tyoterveys");
    expect(section(page.text, "promo-chat")).toBeNull();
    expect(section(page.text, "promo-phone-service")).toContain("030 600 5070");

    await setContract("employee", { occupationalPhoneService: null });
    page = await as("employee", "/fi/tyoterveys");
    expect(section(page.text, "promo-phone-service")).toBeNull();

    await setContract("employee", { occupationalContractProductIds: ["OHC-SOMETHING-ELSE"] });
    page = await as("employee", "/fi/tyoterveys");
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('id="promo-');
  });

  it("keeps the phone-service promo of a contract without web reservation, now with its description", async () => {
    const page = await as("guardian", "/fi/tyoterveys");
    expect(page.status).toBe(200);
    expect(page.text).toContain('<a href="tel:0306005060">030 600 5060</a>');
    expect(page.text).toContain('<p lang="fi">Työterveyden puhelinpalvelu varaa ajan puolestasi ja neuvoo heti.</p>');
    // That page has no list, so no list promos either.
    expect(page.text).not.toContain('id="promo-');
  });
});
