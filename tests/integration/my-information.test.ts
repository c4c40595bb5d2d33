/**
 * My information through the real request handler: the page and its tabs, the contact, guardians and consent
 * forms, the save action, the calls POST /api/user and POST /api/user/guardian, the session list and "who viewed
 * my data" — each scoped to the session's own people.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { logAccess } from "~/.server/access-log";
import { newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { createSession, type Person } from "~/.server/session";
import { sendAsBrowser, type SendOptions } from "./request-handler";
import { FIXED_NOW, boundCsrfToken, clockAt, cookiePair, login, sessionOf, useTestDatabase } from "./test-db";

const t = useTestDatabase();
const csrfCookie = newCsrfCookieValue();
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

const send = (method: string, path: string, options: SendOptions = {}) =>
  sendAsBrowser(csrfCookie, method, path, options);

const personRow = async (p: Person) => (await t.db.select().from(s.people).where(eq(s.people.id, p.id)))[0];
const guardianRows = (p: Person) =>
  t.db
    .select()
    .from(s.guardianContacts)
    .where(eq(s.guardianContacts.personId, p.id))
    .orderBy(s.guardianContacts.position);

const CONTACT = {
  intent: "contact",
  emailAddress: "olli.ojala@example.com",
  phoneNumber: "040 765 4321",
  streetAddress: "Uusi katu 3",
  zipCode: "00250",
  postOffice: "Helsinki",
  language: "sv",
};

describe("the My information page", () => {
  it("needs a login", async () => {
    const page = await send("GET", "/fi/omat-tiedot");
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/fi\/kirjaudu\?nextPath=/);
  });

  it("shows the contact form with the names disabled, and the tabs as links; no guardians' tab without a guardian", async () => {
    const page = await send("GET", "/fi/omat-tiedot", { session: await login(t.person("myInfoAdult")) });
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Omat tiedot</h1>");
    expect(page.text).toMatch(/<input[^>]*id="firstName"[^>]*value="Olli"|<input[^>]*value="Olli"[^>]*id="firstName"/);
    expect(page.text).toMatch(/id="firstName"[^>]*disabled|disabled[^>]*id="firstName"/);
    expect(page.text).toContain('href="/fi/omat-tiedot?tab=consent"');
    expect(page.text).not.toContain("tab=guardians");
    expect(page.text).toContain('aria-current="page"');
  });

  it("has the guardians' tab for a person with a guardian, in Swedish too", async () => {
    const page = await send("GET", "/sv/mina-uppgifter?tab=guardians", {
      session: await login(t.person("myInfoTeen")),
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Vårdnadshavarnas kontaktuppgifter");
    expect(page.text).toContain('value="Ojala Olli"');
    expect(page.text).toContain("Maximal längd är 40 tecken");
  });

  it("opens the consent tab first when the save action says so, and ignores a hostile one", async () => {
    const session = await login(t.person("myInfoAdult"));
    const action = encodeURIComponent(
      JSON.stringify({ type: "go-to-view-appointment-page", appointmentId: 4, tab: "consent" }),
    );
    const consent = await send("GET", `/en/my-information?saveAction=${action}`, { session });
    expect(consent.text).toContain("Permissions and agreements</h2>");
    expect(consent.text).toContain('id="privacyPolicyAcknowledged"');
    const hostile = encodeURIComponent('{"type":"go-to-url","url":"https://evil.example"}');
    const page = await send("GET", `/en/my-information?saveAction=${hostile}`, { session });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Contact information</h2>");
    // Tabs and the form carry only a save action that was accepted.
    expect(page.text).toContain('href="/en/my-information?tab=consent"');
    expect(page.text).not.toMatch(/(?:action|href)="\/en\/my-information[^"]*evil/);
  });
});

describe("saving contact details", () => {
  it("re-renders the form with the spec's errors, then saves a fixed form (0 → +358) and redirects with a flash", async () => {
    const olli = t.person("myInfoAdult");
    const session = await login(olli);
    const bad = await send("POST", "/en/my-information", {
      session,
      form: { ...CONTACT, zipCode: "123", phoneNumber: "040 123 456 78901" },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Zipcode length should be 5 and can only contain numbers");
    expect(bad.text).toContain("Maximum character length is 15");
    expect(bad.text).toContain('class="error-summary"');
    expect(bad.text).toContain("<title>Error: ");
    expect((await personRow(olli)).postalCode).toBe("00100");

    const good = await send("POST", "/en/my-information", { session, form: CONTACT });
    expect(good.status).toBe(302);
    expect(good.location).toBe("/en/my-information");
    expect(good.setCookie).toContain("myInformation.saved.contact");
    expect(await personRow(olli)).toMatchObject({
      emailAddress: "olli.ojala@example.com",
      phoneNumber: "+358407654321",
      postalCode: "00250",
      language: "sv",
    });
    const [logged] = await t.db
      .select()
      .from(s.accessLog)
      .where(and(eq(s.accessLog.subjectId, olli.id), eq(s.accessLog.resource, "contact-info")));
    expect(logged).toMatchObject({ actorId: olli.id, action: "write" });
  });

  it("follows the save action to the portal's own pages only", async () => {
    const session = await login(t.person("myInfoAdult"));
    const view = encodeURIComponent('{"type":"go-to-view-appointment-page","appointmentId":"77"}');
    const saved = await send("POST", `/fi/omat-tiedot?saveAction=${view}`, { session, form: CONTACT });
    expect(saved.location).toBe("/fi/ajanvaraukset/77");
    const reserve = Buffer.from('{"type":"go-to-reserve-appointment-page","appointmentId":12}').toString("base64url");
    expect((await send("POST", `/sv/mina-uppgifter?saveAction=${reserve}`, { session, form: CONTACT })).location).toBe(
      "/sv/lediga-tider/12",
    );
    const hostile = encodeURIComponent('{"type":"reload-page","next":"//evil.example"}');
    expect((await send("POST", `/fi/omat-tiedot?saveAction=${hostile}`, { session, form: CONTACT })).location).toBe(
      "/fi/omat-tiedot",
    );
  });
});

describe("guardians' contact details", () => {
  it("adds a second guardian after an error, refuses a third, and removes the second (never the first)", async () => {
    const venla = t.person("myInfoTeen");
    const session = await login(venla);
    const first = {
      "guardian-1-name": "Ojala Olli",
      "guardian-1-phoneNumber": "040 111 2233",
      "guardian-1-emailAddress": "olli@example.com",
      "guardian-1-isGuardianHasSameAddress": "on",
    };
    const second = {
      "guardian-2-name": "Ojala Outi",
      "guardian-2-phoneNumber": "050 222 3344",
      "guardian-2-emailAddress": "outi@example.com",
      "guardian-2-streetAddress": "Toinen katu 2",
      "guardian-2-zipCode": "2100",
      "guardian-2-postOffice": "Espoo",
    };
    const page = await send("GET", "/fi/omat-tiedot?tab=guardians&addGuardian=1", { session });
    expect(page.text).toContain('id="guardian-2-name"');

    const bad = await send("POST", "/fi/omat-tiedot?tab=guardians", {
      session,
      form: { intent: "guardians", ...first, ...second },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('href="#guardian-2-zipCode"');
    expect(await guardianRows(venla)).toHaveLength(1);

    const good = await send("POST", "/fi/omat-tiedot?tab=guardians", {
      session,
      form: { intent: "guardians", ...first, ...second, "guardian-2-zipCode": "02100" },
    });
    expect(good.location).toBe("/fi/omat-tiedot?tab=guardians");
    expect(await guardianRows(venla)).toMatchObject([
      { position: 1, name: "Ojala Olli", sameAddress: true, streetAddress: null },
      { position: 2, name: "Ojala Outi", phoneNumber: "+358502223344", sameAddress: false, postalCode: "02100" },
    ]);
    const full = await send("GET", "/fi/omat-tiedot?tab=guardians&addGuardian=1", { session });
    expect(full.text).not.toContain('id="guardian-3-name"');
    expect(full.text).toContain("Poista huoltaja 2");
    expect(full.text).not.toContain("Poista huoltaja 1");

    const removed = await send("POST", "/fi/omat-tiedot?tab=guardians", {
      session,
      form: { intent: "removeGuardian" },
    });
    expect(removed.status).toBe(302);
    expect(removed.setCookie).toContain("guardianRemoved");
    expect(await guardianRows(venla)).toMatchObject([{ position: 1, name: "Ojala Olli" }]);
    expect((await send("POST", "/fi/omat-tiedot", { session, form: { intent: "removeGuardian" } })).status).toBe(404);
  });

  it("reports every error of a second guardian in one answer: phone, e-mail and the whole address", async () => {
    const venla = t.person("myInfoTeen");
    const session = await login(venla);
    // As the form posts without JavaScript: the token in the form, "same address as the child" unticked.
    const bad = await send("POST", "/fi/omat-tiedot?tab=guardians", {
      session,
      csrf: false,
      form: {
        csrfToken: boundCsrfToken(csrfCookie, cookiePair(session)),
        intent: "guardians",
        "guardian-1-name": "Ojala Olli",
        "guardian-1-phoneNumber": "040 111 2233",
        "guardian-1-emailAddress": "olli@example.com",
        "guardian-1-isGuardianHasSameAddress": "on",
        "guardian-2-name": "Ojala Outi",
        "guardian-2-phoneNumber": "123",
        "guardian-2-emailAddress": "",
        "guardian-2-streetAddress": "",
        "guardian-2-zipCode": "",
        "guardian-2-postOffice": "",
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("<title>Virhe: ");
    const summary = bad.text.slice(bad.text.indexOf("error-summary"), bad.text.indexOf("<h1"));
    for (const field of ["phoneNumber", "emailAddress", "streetAddress", "zipCode", "postOffice"]) {
      expect(summary).toContain(`href="#guardian-2-${field}"`);
      expect(bad.text).toMatch(new RegExp(`<input[^>]*id="guardian-2-${field}"[^>]*aria-invalid="true"`));
    }
    // What was typed stays.
    expect(bad.text).toMatch(/<input[^>]*id="guardian-2-name"[^>]*value="Ojala Outi"/);
    expect(await guardianRows(venla)).toHaveLength(1);
  });

  it("refuses a guardians list for a person without a guardian, on the page and in the call", async () => {
    const session = await login(t.person("myInfoAdult"));
    const posted = await send("POST", "/fi/omat-tiedot", {
      session,
      form: {
        intent: "guardians",
        "guardian-1-name": "Joku",
        "guardian-1-phoneNumber": "0401234567",
        "guardian-1-emailAddress": "joku@example.com",
        "guardian-1-isGuardianHasSameAddress": "on",
      },
    });
    expect(posted.status).toBe(400);
    const call = await send("POST", "/api/user?lang=en", {
      session,
      json: {
        ...CONTACT,
        intent: undefined,
        guardians: [
          { name: "Joku", phoneNumber: "0401234567", emailAddress: "a@example.com", isGuardianHasSameAddress: true },
        ],
      },
    });
    expect(call.status).toBe(400);
    expect(call.json.details).toEqual([{ path: "guardians", message: expect.any(String) }]);
    expect(await guardianRows(t.person("myInfoAdult"))).toHaveLength(0);
  });
});

describe("permissions and agreements", () => {
  it("needs the acknowledgement, then saves the flags; the occupational-register flag only in the main brand", async () => {
    const olli = t.person("myInfoAdult");
    const session = await login(olli);
    const choices = { intent: "consent", allowsMarketingMail: "on", allowsViewingOccupationalInformation: "on" };
    const missing = await send("POST", "/fi/omat-tiedot?tab=consent", { session, form: choices });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Rastita, että olet lukenut tietosuojaselosteen");

    const kids = await send("POST", "/fi/omat-tiedot?tab=consent", {
      session,
      host: "pikkujatti.localhost:3000",
      form: { ...choices, privacyPolicyAcknowledged: "on" },
    });
    expect(kids.status).toBe(302);
    expect(await personRow(olli)).toMatchObject({
      allowsMarketingMail: true,
      allowsViewingOccupationalInformation: false,
    });

    await send("POST", "/fi/omat-tiedot?tab=consent", {
      session,
      form: { ...choices, privacyPolicyAcknowledged: "on" },
    });
    expect(await personRow(olli)).toMatchObject({
      allowsMarketingMail: true,
      allowsViewingOccupationalInformation: true,
    });
    const pikkujatti = await send("GET", "/fi/omat-tiedot?tab=consent", { session, host: "pikkujatti.localhost:3000" });
    expect(pikkujatti.text).toContain('id="allowsMarketingMail"');
    expect(pikkujatti.text).not.toContain('id="allowsViewingOccupationalInformation"');
  });
});

describe("the calls", () => {
  it("POST /api/user saves the acting person's contact details and guardians through the page's service", async () => {
    const venla = t.person("myInfoTeen");
    const session = await login(venla);
    const answer = await send("POST", "/api/user?lang=en", {
      session,
      json: {
        emailAddress: "venla@example.com",
        phoneNumber: "044 555 6677",
        streetAddress: "Kotikatu 1",
        zipCode: "00100",
        postOffice: "Helsinki",
        language: "en",
        next: "https://evil.example/",
        guardians: [
          {
            name: "Ojala Olli",
            phoneNumber: "+358401112233",
            emailAddress: "olli@example.com",
            isGuardianHasSameAddress: true,
          },
        ],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ type: "success", next: "/", patient: { phoneNumber: "+358445556677" } });
    expect((await personRow(venla)).language).toBe("en");

    // The spec's guardians list names the phone `phone`; its errors are named so too.
    const contact = {
      emailAddress: "venla@example.com",
      phoneNumber: "044 555 6677",
      streetAddress: "Kotikatu 1",
      zipCode: "00100",
      postOffice: "Helsinki",
    };
    const spelled = await send("POST", "/api/user?lang=en", {
      session,
      json: {
        ...contact,
        guardians: [
          {
            name: "Ojala Olli",
            phone: "040 222 3344",
            emailAddress: "olli@example.com",
            isGuardianHasSameAddress: true,
          },
        ],
      },
    });
    expect(spelled.status).toBe(200);
    expect((await guardianRows(venla))[0].phoneNumber).toBe("+358402223344");
    const badPhone = await send("POST", "/api/user?lang=en", {
      session,
      json: {
        ...contact,
        guardians: [
          { name: "Ojala Olli", phone: "12", emailAddress: "olli@example.com", isGuardianHasSameAddress: true },
        ],
      },
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.json.details.map((d: { path: string }) => d.path)).toEqual(["guardians.0.phone"]);

    const bad = await send("POST", "/api/user?lang=en", {
      session,
      json: { emailAddress: "x", phoneNumber: "", streetAddress: "K", zipCode: "1", postOffice: "H", language: "de" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.type).toBe("ValidationError");
    expect(bad.json.details.map((d: { path: string }) => d.path).sort()).toEqual([
      "emailAddress",
      "language",
      "phoneNumber",
      "postOffice",
      "streetAddress",
      "zipCode",
    ]);
    expect(bad.json.details.find((d: { path: string }) => d.path === "zipCode").message).toBe(
      "Zipcode length should be 5 and can only contain numbers",
    );
  });

  it("POST /api/user/guardian: a guardian acting for a child updates their own details only", async () => {
    const matti = t.person("guardian");
    const body = {
      firstName: "Hacked",
      lastName: "Name",
      emailAddress: "matti.v@example.com",
      phoneNumber: "0409998877",
      streetAddress: "Isäntätie 4",
      zipCode: "00300",
      postOffice: "Helsinki",
      language: "fi",
      next: "/fi/omat-tiedot",
    };
    const acting = await login(matti, t.person("youngChild"));
    const answer = await send("POST", "/api/user/guardian", { session: acting, json: body });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ type: "success", next: "/fi/omat-tiedot" });
    expect(await personRow(matti)).toMatchObject({
      firstName: "Matti",
      emailAddress: "matti.v@example.com",
      postalCode: "00300",
    });
    expect((await personRow(t.person("youngChild"))).emailAddress).not.toBe("matti.v@example.com");

    const invalid = await send("POST", "/api/user/guardian", { session: acting, json: { ...body, zipCode: "x" } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.details).toEqual([{ path: "zipCode", message: expect.any(String) }]);

    const own = await send("POST", "/api/user/guardian", { session: await login(matti), json: body });
    expect(own.status).toBe(403);
    expect((await send("POST", "/api/user/guardian", { json: body })).status).toBe(401);
    expect((await send("GET", "/api/user/guardian", { session: acting })).status).toBe(405);
  });
});

describe("a guardian's own contact details while acting for a child (part 1 §2)", () => {
  const OWN = {
    intent: "guardianOwn",
    emailAddress: "matti.oma@example.com",
    phoneNumber: "040 111 2233",
    streetAddress: "Huoltajankatu 7",
    zipCode: "00510",
    postOffice: "Helsinki",
  };

  it("shows the guardian's own form beside the child's, saves only the guardian's record, and reports errors in place", async () => {
    const matti = t.person("guardian");
    const aino = t.person("youngChild");
    const acting = await login(matti, aino);
    const childBefore = await personRow(aino);

    const page = await send("GET", "/en/my-information", { session: acting });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h2 id="own-contact-heading">Your own contact information</h2>');
    expect(page.text).toContain('aria-labelledby="own-contact-heading"');
    // Both forms on one page, with ids of their own; the guardian's without the language.
    expect(page.text).toMatch(/id="own-emailAddress"/);
    expect(page.text).toMatch(/id="emailAddress"/);
    expect(page.text).toContain('name="intent" value="guardianOwn"');
    expect(page.text.match(/name="language"/g)).toHaveLength(3);

    const invalid = await send("POST", "/en/my-information", {
      session: acting,
      form: { ...OWN, emailAddress: "not-an-address", zipCode: "1" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toMatch(/<a href="#own-emailAddress"/);
    expect(invalid.text).toMatch(/<a href="#own-zipCode"/);
    expect(invalid.text).not.toMatch(/<a href="#emailAddress"/);
    // What was typed stays in the guardian's form.
    expect(invalid.text).toMatch(
      /id="own-streetAddress"[^>]*value="Huoltajankatu 7"|value="Huoltajankatu 7"[^>]*id="own-streetAddress"/,
    );
    expect((await personRow(matti)).emailAddress).not.toBe("not-an-address");

    const saved = await send("POST", "/en/my-information", { session: acting, form: OWN });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/en/my-information");
    expect(saved.setCookie).toContain("myInformation.saved.ownContact");
    expect(await personRow(matti)).toMatchObject({
      firstName: "Matti",
      emailAddress: "matti.oma@example.com",
      phoneNumber: "+358401112233",
      postalCode: "00510",
    });
    const childAfter = await personRow(aino);
    expect(childAfter).toMatchObject({
      emailAddress: childBefore.emailAddress,
      phoneNumber: childBefore.phoneNumber,
      streetAddress: childBefore.streetAddress,
    });
  });

  it("does not exist for a person acting for themselves", async () => {
    const matti = t.person("guardian");
    const session = await login(matti);
    const page = await send("GET", "/fi/omat-tiedot", { session });
    expect(page.text).not.toContain("guardianOwn");
    const posted = await send("POST", "/fi/omat-tiedot", { session, form: OWN });
    expect(posted.status).toBe(404);
  });
});

describe("active sessions", () => {
  it("lists the person's sessions with the browser, ends another one and refuses someone else's", async () => {
    const olli = t.person("myInfoAdult");
    const here = await createSession({ userId: olli.id, actingPersonId: olli.id, acr: "x", userAgent: FIREFOX });
    clockAt(60);
    const other = await createSession({ userId: olli.id, actingPersonId: olli.id, acr: "x", userAgent: null });
    const maija = await login(t.person("patient"));
    const page = await send("GET", "/en/my-information/sessions", { session: here });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Firefox on Linux");
    expect(page.text).toContain("This device");
    expect(page.text).toContain("Unknown browser");

    const [maijaRow] = await t.db
      .select()
      .from(s.sessions)
      .where(eq(s.sessions.userId, t.person("patient").id));
    const foreign = await send("POST", "/en/my-information/sessions", {
      session: here,
      form: { intent: "end", session: maijaRow.publicId },
    });
    expect(foreign.status).toBe(404);
    expect((await sessionOf(maija)).status).toBe("valid");
    expect(
      (await send("POST", "/en/my-information/sessions", { session: here, form: { intent: "end", session: "x" } }))
        .status,
    ).toBe(404);

    const otherState = await sessionOf(other);
    const [otherRow] = await t.db
      .select()
      .from(s.sessions)
      .where(eq(s.sessions.idHash, otherState.status === "valid" ? otherState.idHash : ""));
    const ended = await send("POST", "/en/my-information/sessions", {
      session: here,
      form: { intent: "end", session: otherRow.publicId },
    });
    expect(ended.status).toBe(302);
    expect(ended.setCookie).toContain("sessionEnded");
    expect((await sessionOf(other)).status).toBe("none");
    expect((await sessionOf(here)).status).toBe("valid");
  });

  it("ends all other sessions but this one", async () => {
    const olli = t.person("myInfoAdult");
    const here = await login(olli);
    const others = [await login(olli), await login(olli)];
    const answer = await send("POST", "/fi/omat-tiedot/istunnot", { session: here, form: { intent: "endAll" } });
    expect(answer.location).toBe("/fi/omat-tiedot/istunnot");
    for (const o of others) expect((await sessionOf(o)).status).toBe("none");
    expect((await sessionOf(here)).status).toBe("valid");
  });
});

describe("who viewed my data", () => {
  it("lists the person's own front-page view and door check-in, newest first, and a guardian through the mandate", async () => {
    const venla = t.person("myInfoTeen");
    const session = await login(venla);
    clockAt(100);
    await logAccess({ actorId: venla.id, subjectId: venla.id, resource: "door-check-in", action: "write" });
    clockAt(200);
    // Venla has no events: the front page reads (and logs) her overview, then gives way to the new customer page.
    expect((await send("GET", "/fi", { session })).location).toBe("/fi/uusi-asiakas");
    clockAt(300);
    await logAccess({ actorId: t.person("myInfoAdult").id, subjectId: venla.id, resource: "appointments" });
    await logAccess({ actorId: t.person("patient").id, subjectId: t.person("patient").id, resource: "front-page" });
    const page = await send("GET", "/fi/omat-tiedot/kuka-katsoi-tietojani", { session });
    expect(page.status).toBe(200);
    const rows = [...page.text.matchAll(/<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td>([^<]*)/g)].map(
      (m) => `${m[1]} | ${m[2]}`,
    );
    expect(rows.slice(0, 3)).toEqual([
      "Olli Ojala, huoltaja (valtuutus) | Katsottu: Ajanvaraukset",
      "Sinä | Katsottu: Etusivun yhteenveto",
      "Ilmoittautuminen toimipisteen ovella | Muutettu: Ilmoittautuminen",
    ]);
    expect(page.text).not.toContain("Maija");
  });

  it("pages by links, 20 a page", async () => {
    const sanna = t.person("newCustomer");
    for (let i = 0; i < 25; i++) await logAccess({ actorId: sanna.id, subjectId: sanna.id, resource: "appointments" });
    const session = await login(sanna);
    const first = await send("GET", "/en/my-information/who-viewed-my-data", { session });
    expect(first.text).toContain("Page 1 of 2");
    expect(first.text).toContain('href="/en/my-information/who-viewed-my-data?page=2"');
    const second = await send("GET", "/en/my-information/who-viewed-my-data?page=2", { session });
    expect(second.text).toContain("Page 2 of 2");
    expect([...second.text.matchAll(/<tr><td>/g)]).toHaveLength(5);
    expect((await send("GET", "/en/my-information/who-viewed-my-data?page=abc", { session })).text).toContain(
      "Page 1 of 2",
    );
  });
});

describe("registration of a child through a guardian (part 2 §2)", () => {
  it("registers a child the mandate names, records the guardianship, and acts for the child", async () => {
    const { unregisteredMandateChild } = await import("~/features/session/login.server");
    const { unregisteredChildren } = await import("~/.server/db/seed/demo-people");
    const ella = unregisteredChildren(FIXED_NOW.getUTCFullYear())[0];
    expect(await unregisteredMandateChild(ella.identityCode)).toBe(ella.identityCode);
    // Registered already, or too old for a mandate: not a registration.
    expect(await unregisteredMandateChild(t.person("youngChild").identityCode)).toBeNull();
    expect(await unregisteredMandateChild(t.person("myInfoTeen").identityCode)).toBeNull();
    expect(await unregisteredMandateChild("not a code")).toBeNull();

    const olli = t.person("myInfoAdult");
    const pending = await createSession({
      userId: null,
      actingPersonId: null,
      pendingIdentity: { identityCode: ella.identityCode, guardianId: olli.id },
      acr: "urn:ftn:op",
    });
    const page = await send("GET", "/en/registration", { session: pending });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Register your child");
    // The form starts from the guardian's own contact details.
    expect(page.text).toContain(`value="${(await personRow(olli)).emailAddress}"`);

    const missingNames = await send("POST", "/api/user/register?lang=en", {
      session: pending,
      json: {
        streetAddress: "Kotikatu 1",
        postalCode: "00100",
        postOffice: "Helsinki",
        phoneNumber: "0401112233",
        emailAddress: "olli@example.com",
      },
    });
    expect(missingNames.status).toBe(400);
    expect(missingNames.json.details.map((d: { path: string }) => d.path).sort()).toEqual(["firstName", "lastName"]);

    const answer = await send("POST", "/api/user/register?lang=fi", {
      session: pending,
      json: {
        firstName: "Ella",
        lastName: "Ojala",
        streetAddress: "Kotikatu 1",
        postalCode: "00100",
        postOffice: "Helsinki",
        phoneNumber: "0401112233",
        emailAddress: "olli@example.com",
        next: "/fi/omat-tiedot",
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ type: "success", next: "/fi/omat-tiedot" });
    const [child] = await t.db.select().from(s.people).where(eq(s.people.identityCode, ella.identityCode));
    expect(child).toMatchObject({ firstName: "Ella", lastName: "Ojala", phoneNumber: "+358401112233" });
    const [guardianship] = await t.db.select().from(s.guardianships).where(eq(s.guardianships.childId, child.id));
    expect(guardianship.guardianId).toBe(olli.id);
    const state = await sessionOf(pending);
    expect(state.status === "valid" ? [state.user?.id, state.actingPerson?.id] : null).toEqual([olli.id, child.id]);

    const mine = await send("GET", "/fi/omat-tiedot?tab=guardians", { session: pending });
    expect(mine.text).toContain("Katselet henkilön Ella Ojala tietoja.");
    expect(mine.text).toContain('value="Ojala Olli"');
  });
});
