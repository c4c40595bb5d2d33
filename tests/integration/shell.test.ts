/**
 * The layout around every page, through the real request handler: the menu links only to pages that exist for the
 * person (spec part 1 §2 "Layout"), the in-app booking session scope (part 1 §3), the customer-service number's
 * flag (part 1 §9) and the analytics markers (part 1 §7).
 */
import { desc, eq } from "drizzle-orm";
import type { Feature } from "#brands/index";
import { describe, expect, it } from "vitest";
import { authSuccessCookie, loginTypeOfAcr, readAuthSuccess, readConsentSaved } from "~/.server/analytics-consent";
import { requestContext, requestInfo } from "~/.server/context";
import { CSRF_COOKIE, newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { readSessionScope } from "~/.server/session-scope";
import { startSession } from "~/.server/session";
import { href } from "~/route-table";
import { loader as rootLoader } from "~/root";
import type { RootData } from "~/ui/root-data";
import { sendAsBrowser, type Sent } from "./request-handler";
import {
  clockAt,
  cookiePair,
  login,
  makeContext,
  makeRequest,
  routeArgs,
  useTestDatabase,
  type DemoKey,
} from "./test-db";

const t = useTestDatabase();
const csrf = newCsrfCookieValue();
const HOSTS = { main: "localhost:3000", pikkujatti: "pikkujatti.localhost:3000" } as const;
type BrandKey = keyof typeof HOSTS;

/** A request as the browser sends it: the CSRF cookie, the session and any other cookies. */
function send(
  method: string,
  path: string,
  opts: { session?: string; cookies?: string[]; brand?: BrandKey; form?: Record<string, string> } = {},
): Promise<Sent> {
  const cookie = [`${CSRF_COOKIE()}=${csrf}`, opts.session ? cookiePair(opts.session) : null, ...(opts.cookies ?? [])]
    .filter(Boolean)
    .join("; ");
  return sendAsBrowser(csrf, method, path, {
    session: opts.session,
    host: HOSTS[opts.brand ?? "main"],
    form: opts.form,
    headers: { Cookie: cookie },
  });
}
const get = (path: string, opts: Parameters<typeof send>[2] = {}) => send("GET", path, opts);

/** The page a path ends on, following the redirects a browser would. */
async function follow(path: string, opts: Parameters<typeof send>[2]): Promise<Sent> {
  let answer = await get(path, opts);
  for (let hop = 0; hop < 4 && answer.location; hop++) answer = await get(answer.location, opts);
  return answer;
}

/** The links of the side menu (without its language switch) and of the user menu. */
function menuLinks(html: string): string[] {
  const side = /<nav class="menu__panel"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  const user = /<ul class="user-menu__panel">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  return [...new Set([...`${side}${user}`.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!))];
}

/**
 * A part React's streamed renderer moved out of place, into `<div hidden id="S:n">` for a script to show (not React
 * Router's data, which is streamed the same way, as scripts alone).
 */
const OUTLINED_PART = /<div hidden id="S:\d+">(?!<script)/;

const hasHeader = (html: string) => /<header class="header"/.test(html);
const hasFooter = (html: string) => /<footer class="footer"/.test(html);

describe("the menu links only to pages that exist for the person", () => {
  const PEOPLE: (DemoKey | null)[] = [null, "patient", "guardian", "employee", "newCustomer", "senior"];
  const cases = (["main", "pikkujatti"] as const).flatMap((brand) => PEOPLE.map((person) => [brand, person] as const));

  it.each(cases)("%s, %s", async (brand, person) => {
    const session = person ? await login(t.person(person)) : undefined;
    // The front page, or where it sends the person; a page without navigation (Sanna's new-customer welcome)
    // leaves the menu to the next page she opens.
    const front = await follow(href("home", "fi"), { brand, session });
    let links = menuLinks(front.text);
    if (!links.length) links = menuLinks((await get(href("booking", "fi"), { brand, session })).text);
    expect(links).toContain(href("home", "fi"));
    expect(links).toContain(href("booking", "fi"));
    if (person) expect(links).toContain(href("myInformation", "fi"));
    const broken: string[] = [];
    for (const link of links) {
      const answer = await get(link, { brand, session });
      if (answer.status === 404 || answer.status >= 500) broken.push(`${link} → ${answer.status}`);
      // Every part the server rendered is in place: none is moved to a hidden element that only a script shows.
      if (OUTLINED_PART.test(answer.text)) broken.push(`${link}: a part hidden until a script shows it`);
    }
    expect(broken).toEqual([]);
  });

  it("shows the groups each demo person should see", async () => {
    const linksOf = async (person: DemoKey, brand: BrandKey) =>
      menuLinks((await follow(href("home", "fi"), { brand, session: await login(t.person(person)) })).text);
    // Liisa: occupational care and a sickness-fund member (main brand, development flags).
    const liisa = await linksOf("employee", "main");
    expect(liisa).toContain(href("occupationalHealthTeam", "fi"));
    expect(liisa).toContain(href("sicknessFund", "fi"));
    expect(liisa).toContain(href("certificates", "fi"));
    // Maija has occupational care but is not a member; Sanna has neither.
    const maija = await linksOf("patient", "main");
    expect(maija).toContain(href("occupationalHealthTeam", "fi"));
    expect(maija).not.toContain(href("sicknessFund", "fi"));
    const sanna = await linksOf("newCustomer", "main");
    expect(sanna).not.toContain(href("occupationalHealthTeam", "fi"));
    // The children's brand: no occupational group, no certificates, but the chat page.
    const matti = await linksOf("guardian", "pikkujatti");
    expect(matti).not.toContain(href("occupationalHealthTeam", "fi"));
    expect(matti).not.toContain(href("certificates", "fi"));
    expect(matti).toContain(href("chatMoved", "fi"));
    // The help page's link in Finnish only.
    expect(liisa).toContain(href("help", "fi"));
    const swedish = menuLinks((await get(href("booking", "sv"), { session: await login(t.person("employee")) })).text);
    expect(swedish).toContain(href("booking", "sv"));
    expect(swedish.some((l) => l.includes("ohjeita"))).toBe(false);
  });
});

describe("the in-app booking session scope", () => {
  const START = "sessionScope=in-app-booking";
  const SCOPE_COOKIE = "session_scope=in-app-booking";

  it("starts with the query: a session cookie, and the page already without header and footer", async () => {
    const answer = await get(`${href("booking", "fi")}?${START}`);
    expect(answer.status).toBe(200);
    const cookie = answer.setCookies.find((c) => c.startsWith("session_scope="));
    expect(cookie).toMatch(/^session_scope=in-app-booking; Path=\/; HttpOnly; SameSite=Lax/);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    expect(hasHeader(answer.text)).toBe(false);
    expect(hasFooter(answer.text)).toBe(false);
    expect(answer.text).not.toContain('class="skip-link"');
    // The analytics question stays, and so does the page itself.
    expect(answer.text).toContain('class="cookie-banner"');
    expect(answer.text).toMatch(/<h1[^>]*>/);
  });

  it("lasts on every later page of the browser session, logged in or not", async () => {
    const anonymous = await get(href("privateBooking", "fi"), { cookies: [SCOPE_COOKIE] });
    expect(anonymous.status).toBe(200);
    expect(hasHeader(anonymous.text) || hasFooter(anonymous.text)).toBe(false);
    // The cookie is there already: no new one.
    expect(anonymous.setCookies.some((c) => c.startsWith("session_scope="))).toBe(false);
    const session = await login(t.person("patient"));
    const appointments = await get(href("appointments", "fi"), { session, cookies: [SCOPE_COOKIE] });
    expect(appointments.status).toBe(200);
    expect(hasHeader(appointments.text) || hasFooter(appointments.text)).toBe(false);
    // Without it, the same page has both.
    const plain = await get(href("appointments", "fi"), { session });
    expect(hasHeader(plain.text) && hasFooter(plain.text)).toBe(true);
  });

  it("ends at logout", async () => {
    const session = await login(t.person("patient"));
    const answer = await send("POST", href("logout", "fi"), { session, cookies: [SCOPE_COOKIE], form: {} });
    expect(answer.status).toBe(302);
    const cleared = answer.setCookies.find((c) => c.startsWith("session_scope="));
    expect(cleared).toMatch(/^session_scope=; .*Max-Age=0/);
  });

  it("ignores any other value of the query", async () => {
    for (const value of ["in-app", "IN-APP-BOOKING", "", "in-app-booking2"]) {
      const answer = await get(`${href("booking", "fi")}?sessionScope=${encodeURIComponent(value)}`);
      expect(
        answer.setCookies.some((c) => c.startsWith("session_scope=")),
        value,
      ).toBe(false);
      expect(hasHeader(answer.text) && hasFooter(answer.text), value).toBe(true);
    }
    // Nor does a bogus value end a scope already started.
    const inScope = await get(`${href("booking", "fi")}?sessionScope=none`, { cookies: [SCOPE_COOKIE] });
    expect(hasHeader(inScope.text)).toBe(false);
    expect(inScope.setCookies.some((c) => c.startsWith("session_scope="))).toBe(false);
  });

  it("reads the scope from the query before the cookie, and only known scopes", () => {
    const q = (query: string) => new URLSearchParams(query);
    expect(readSessionScope(null, q(START))).toEqual({ scope: "in-app-booking", start: true });
    expect(readSessionScope(SCOPE_COOKIE, q(START))).toEqual({ scope: "in-app-booking", start: false });
    expect(readSessionScope(SCOPE_COOKIE, q(""))).toEqual({ scope: "in-app-booking", start: false });
    expect(readSessionScope("session_scope=other", q("sessionScope=other"))).toEqual({ scope: null, start: false });
  });
});

describe("the customer-service number", () => {
  async function rootData(alternative: boolean): Promise<RootData> {
    const request = makeRequest(href("booking", "fi"));
    const context = await makeContext(request);
    const info = requestInfo(context);
    const features: Feature[] = info.brand.features.development.filter(
      (f) => f !== "alternative-customer-service-phone",
    );
    if (alternative) features.push("alternative-customer-service-phone");
    context.set(requestContext, {
      ...info,
      brand: { ...info.brand, features: { ...info.brand.features, development: features } },
    });
    return (await rootLoader(routeArgs(request, context))) as RootData;
  }

  it("is the alternative one while its flag is on (the root sends pages the resolved number)", async () => {
    expect((await rootData(false)).brand.customerServicePhone).toBe("030 600 5000");
    expect((await rootData(true)).brand.customerServicePhone).toBe("030 600 5050");
  });

  it("is in the footer, with the brand's logo at the brand's height", async () => {
    const main = await get(href("booking", "fi"));
    const footer = /<footer[\s\S]*<\/footer>/.exec(main.text)![0];
    expect(footer).toContain('href="tel:0306005000"');
    // Decorative: the business name below it says the brand.
    expect(footer).toMatch(/<img[^>]*alt=""[^>]*height="36"/);
    const pikkujatti = await get(href("booking", "fi"), { brand: "pikkujatti" });
    const pjFooter = /<footer[\s\S]*<\/footer>/.exec(pikkujatti.text)![0];
    expect(pjFooter).toContain('href="tel:0306007000"');
    expect(pjFooter).toMatch(/<img[^>]*alt=""[^>]*height="60"/);
  });
});

describe("the analytics markers", () => {
  const CONSENTED = "analytics_consent=granted";

  it("marks a consent once accepted, not once declined", async () => {
    const granted = await send("POST", "/api/analytics-consent", { form: { analytics: "granted", returnTo: "/fi" } });
    const marker = granted.setCookies.find((c) => c.startsWith("analytics_consent_saved="));
    expect(marker).toMatch(/^analytics_consent_saved=1; .*Max-Age=300/);
    expect(readConsentSaved(cookiePair(marker!))).toBe(true);
    const denied = await send("POST", "/api/analytics-consent", { form: { analytics: "denied", returnTo: "/fi" } });
    expect(denied.setCookies.some((c) => c.startsWith("analytics_consent_saved="))).toBe(false);
  });

  it("clears the markers on the page that read them, but not on a redirect", async () => {
    const markers = [CONSENTED, "analytics_consent_saved=1", "auth_success=nordea"];
    const page = await get(href("booking", "fi"), { cookies: markers });
    expect(page.status).toBe(200);
    expect(page.setCookies.filter((c) => /Max-Age=0/.test(c)).map((c) => c.split("=")[0])).toEqual([
      "analytics_consent_saved",
      "auth_success",
    ]);
    // The anonymous front page redirects to the login page: the markers wait for it.
    const redirect = await get(href("home", "fi"), { cookies: markers });
    expect(redirect.status).toBe(302);
    expect(redirect.setCookies.some((c) => c.startsWith("auth_success="))).toBe(false);
  });

  async function eventsOf(cookie: string, consent: boolean) {
    const request = makeRequest(href("booking", "fi"), { cookie });
    const context = await makeContext(request);
    context.set(requestContext, { ...requestInfo(context), analyticsConsent: consent });
    return ((await rootLoader(routeArgs(request, context))) as RootData).analyticsEvents;
  }

  it("passes the page the events, only with consent", async () => {
    expect(await eventsOf("analytics_consent_saved=1; auth_success=sms", true)).toEqual({
      consentSaved: true,
      loginType: "sms",
    });
    expect(await eventsOf("auth_success=nordea", true)).toEqual({ consentSaved: false, loginType: "nordea" });
    expect(await eventsOf("auth_success=nordea", false)).toBeNull();
    expect(await eventsOf("", true)).toBeNull();
  });

  it("keeps only the login type in the auth-success cookie", () => {
    expect(loginTypeOfAcr("urn:ftn:nordea")).toBe("nordea");
    expect(loginTypeOfAcr("urn:ftn:mobiilivarmenne")).toBe("mobiilivarmenne");
    expect(loginTypeOfAcr("urn:something-else")).toBe("other");
    expect(readAuthSuccess(cookiePair(authSuccessCookie("op")))).toBe("op");
    expect(readAuthSuccess(cookiePair(authSuccessCookie("Maija Meikäläinen")))).toBe("other");
    expect(readAuthSuccess("auth_success=%3Cscript%3E")).toBeNull();
  });

  it("is set when an SMS code completes a login", async () => {
    clockAt(3600);
    const kalle = t.person("smsUser");
    const { cookie } = await startSession({
      userId: kalle.id,
      actingPersonId: kalle.id,
      acr: "urn:ftn:nordea",
      awaitingSecondFactor: true,
    });
    await send("POST", href("authentication", "fi"), { session: cookie, form: { intent: "resend" } });
    const [sms] = await t.db
      .select()
      .from(s.outboxMessages)
      .where(eq(s.outboxMessages.recipient, kalle.mfaVerifiedPhone!))
      .orderBy(desc(s.outboxMessages.id))
      .limit(1);
    const code = /(\d{4})/.exec(sms!.body)![1]!;
    const ok = await send("POST", href("authentication", "fi"), {
      session: cookie,
      form: { intent: "verify", pin: code },
    });
    expect(ok.status).toBe(302);
    expect(ok.setCookies.find((c) => c.startsWith("auth_success="))).toMatch(/^auth_success=sms; .*Max-Age=300/);
  });
});

describe("the route manifest a page carries", () => {
  const manifestOf = (html: string) =>
    JSON.parse(/window\.__reactRouterManifest = (\{[\s\S]*?\});\n/.exec(html)![1]!) as {
      routes: Record<string, { parentId?: string }>;
      version: string;
    };

  it("holds only the routes the page matched; the browser asks for another when a link needs it", async () => {
    const login = manifestOf((await get(href("login", "sv"))).text);
    expect(Object.keys(login.routes)).toEqual(["root", "login.sv"]);

    const bookingPath = href("booking", "sv");
    const patch = await get(`/__manifest?paths=${encodeURIComponent(bookingPath)}&version=${login.version}`);
    expect(patch.status).toBe(200);
    expect(patch.json["booking.sv"]).toMatchObject({ parentId: "root", path: bookingPath.slice(1) });
  });

  it("holds the not-found route alone on a page that is not found", async () => {
    const missing = await get("/fi/ei-sivua");
    expect(missing.status).toBe(404);
    expect(Object.keys(manifestOf(missing.text).routes)).toEqual(["root", "routes/not-found"]);
  });
});
