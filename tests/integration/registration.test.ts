import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import { unregisteredIdentityCode } from "~/.server/db/seed/demo-people";
import { createSession } from "~/.server/session";
import { makeTestIdentityCode } from "~/lib/identity-code";
import { action, loader } from "~/routes/session/registration";
import {
  cookiePair,
  login,
  makeContext,
  makeRequest,
  routeArgs,
  sessionOf,
  thrownResponse,
  useTestDatabase,
} from "./test-db";

const t = useTestDatabase();

type ActionArgs = Parameters<typeof action>[0];
type LoaderArgs = Parameters<typeof loader>[0];
type Pending = { identityCode: string; firstName?: string; lastName?: string };

const VALID = {
  streetAddress: "Mannerheimintie 10 B 5",
  postalCode: "00100",
  postOffice: "Helsinki",
  phoneNumber: "040 123 4567",
  emailAddress: "uusi.asiakas@example.com",
};

/** A session after strong identification of someone without a patient record. */
async function pendingSession(pending: Pending) {
  return createSession({ userId: null, actingPersonId: null, pendingIdentity: pending, acr: "urn:ftn:op" });
}

async function submit(session: string, form: Record<string, string>, path = "/fi/rekisterointi") {
  const request = makeRequest(path, { method: "POST", cookie: cookiePair(session), form });
  const context = await makeContext(request);
  return () => action(routeArgs<ActionArgs>(request, context));
}

async function load(path: string, session?: string) {
  const request = makeRequest(path, { cookie: session ? cookiePair(session) : undefined });
  const context = await makeContext(request);
  return () => loader(routeArgs<LoaderArgs>(request, context));
}

async function peopleWithCode(code: string) {
  return t.db.select().from(s.people).where(eq(s.people.identityCode, code));
}

async function peopleCount() {
  const [row] = await t.db.select({ n: count() }).from(s.people);
  return Number(row.n);
}

/** The field errors of a 400 reply. */
function fieldErrors(result: unknown): Record<string, string[]> {
  const r = result as {
    init: { status: number } | null;
    data: { lastResult: { status?: string; error?: Record<string, string[] | null> } };
  };
  expect(r.init?.status).toBe(400);
  expect(r.data.lastResult.status).toBe("error");
  const errors: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(r.data.lastResult.error ?? {})) if (v?.length) errors[k] = v;
  return errors;
}

describe("registration action", () => {
  const code = unregisteredIdentityCode();

  it("answers an empty form with 400 and an error for every field, creating no one", async () => {
    const session = await pendingSession({ identityCode: code, firstName: "Ville", lastName: "Valmis" });
    const before = await peopleCount();

    const errors = fieldErrors(await (await submit(session, {}))());

    expect(Object.keys(errors).sort()).toEqual([
      "emailAddress",
      "phoneNumber",
      "postOffice",
      "postalCode",
      "streetAddress",
    ]);
    expect(errors.postalCode).toEqual(["contact.errors.postalCode"]);
    expect(await peopleWithCode(code)).toHaveLength(0);
    expect(await peopleCount()).toBe(before);
  });

  it("asks for the names when identification did not give them", async () => {
    const session = await pendingSession({ identityCode: code });
    const errors = fieldErrors(await (await submit(session, { ...VALID, firstName: "", lastName: "1" }))());
    expect(Object.keys(errors).sort()).toEqual(["firstName", "lastName"]);
    expect(errors.firstName).toEqual(["contact.errors.firstName"]);
    expect(await peopleWithCode(code)).toHaveLength(0);
  });

  it("rejects a bad postal code and e-mail address, and keeps the session pending", async () => {
    const session = await pendingSession({ identityCode: code, firstName: "Ville", lastName: "Valmis" });
    const errors = fieldErrors(
      await (
        await submit(session, { ...VALID, postalCode: "123", emailAddress: "ville@example" })
      )(),
    );

    expect(errors).toEqual({
      postalCode: ["contact.errors.postalCode"],
      emailAddress: ["contact.errors.emailAddress"],
    });
    expect(await peopleWithCode(code)).toHaveLength(0);
    const state = await sessionOf(session);
    expect(state.status === "valid" && state.user).toBeNull();
    expect(state.status === "valid" && state.row.pendingIdentity?.identityCode).toBe(code);
  });

  it("creates the patient record, logs the session in and redirects to `next`", async () => {
    const session = await pendingSession({ identityCode: code, firstName: "Ville", lastName: "Valmis" });
    const before = await peopleCount();

    const response = await thrownResponse(
      await submit(session, VALID, "/fi/rekisterointi?next=%2Ffi%2Fajanvaraus%3Fx%3D1"),
    );

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/fi/ajanvaraus?x=1");
    expect(decodeURIComponent(response.headers.get("Set-Cookie") ?? "")).toContain("session.registration.saved");

    const created = await peopleWithCode(code);
    expect(created).toHaveLength(1);
    expect(await peopleCount()).toBe(before + 1);
    const person = created[0]!;
    expect(person).toMatchObject({
      firstName: "Ville",
      lastName: "Valmis",
      birthDate: "1999-01-01",
      streetAddress: "Mannerheimintie 10 B 5",
      postalCode: "00100",
      postOffice: "Helsinki",
      phoneNumber: "+358401234567",
      emailAddress: "uusi.asiakas@example.com",
      language: "fi",
    });

    const state = await sessionOf(session);
    if (state.status !== "valid") throw new Error(`expected a valid session, got ${state.status}`);
    expect(state.row.userId).toBe(person.id);
    expect(state.row.actingPersonId).toBe(person.id);
    expect(state.row.pendingIdentity).toBeNull();
    expect(state.user?.id).toBe(person.id);

    const log = await t.db.select().from(s.accessLog).where(eq(s.accessLog.subjectId, person.id));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actorId: person.id,
      subjectId: person.id,
      action: "write",
      resource: "contact-info",
    });
  });

  it("after registering, the same session cannot register again", async () => {
    const session = await pendingSession({
      identityCode: makeTestIdentityCode({ year: 1988, month: 8, day: 8 }, 921),
      firstName: "Kaisa",
      lastName: "Kaksi",
    });
    await thrownResponse(await submit(session, VALID));
    const again = await thrownResponse(await submit(session, { ...VALID, emailAddress: "toinen@example.com" }));
    expect(again.headers.get("Location")).toBe("/fi/kirjaudu");
    const people = await peopleWithCode(makeTestIdentityCode({ year: 1988, month: 8, day: 8 }, 921));
    expect(people.map((p) => p.emailAddress)).toEqual(["uusi.asiakas@example.com"]);
  });

  it("redirects to the front page of the language, and stores the language, without `next`", async () => {
    const swedish = makeTestIdentityCode({ year: 1975, month: 4, day: 30 }, 922);
    const session = await pendingSession({ identityCode: swedish });
    const response = await thrownResponse(
      await submit(session, { ...VALID, firstName: "Åsa", lastName: "Öberg" }, "/sv/registrering"),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/sv");
    const [person] = await peopleWithCode(swedish);
    expect(person).toMatchObject({ firstName: "Åsa", lastName: "Öberg", language: "sv" });
  });

  it("ignores a `next` that leaves the site", async () => {
    const session = await pendingSession({
      identityCode: makeTestIdentityCode({ year: 1966, month: 6, day: 6 }, 923),
      firstName: "Olli",
      lastName: "Ohjattu",
    });
    const response = await thrownResponse(await submit(session, VALID, "/fi/rekisterointi?next=%2F%2Fevil.example%2F"));
    expect(response.headers.get("Location")).toBe("/fi");
  });

  it("two tabs registering the same person end up with one record", async () => {
    const code2 = makeTestIdentityCode({ year: 1970, month: 2, day: 2 }, 924);
    const tabA = await pendingSession({ identityCode: code2, firstName: "Tuula", lastName: "Tuplanen" });
    const tabB = await pendingSession({ identityCode: code2, firstName: "Tuula", lastName: "Tuplanen" });
    await thrownResponse(await submit(tabA, VALID));
    await thrownResponse(await submit(tabB, { ...VALID, emailAddress: "tuula@example.com" }));
    const people = await peopleWithCode(code2);
    expect(people).toHaveLength(1);
    for (const tab of [tabA, tabB]) {
      const state = await sessionOf(tab);
      expect(state.status === "valid" && state.user?.id).toBe(people[0]!.id);
    }
  });

  it("without a pending identity redirects to login and creates no one", async () => {
    const before = await peopleCount();
    const response = await thrownResponse(await submit(await login(t.person("patient")), VALID));
    expect(response.headers.get("Location")).toBe("/fi/kirjaudu");
    expect(await peopleCount()).toBe(before);
  });
});

describe("registration loader", () => {
  it("shows the masked identity code and the names from identification", async () => {
    const code = makeTestIdentityCode({ year: 1992, month: 12, day: 24 }, 925);
    const session = await pendingSession({ identityCode: code, firstName: "Joulu", lastName: "Pukki" });
    const result = await (await load("/fi/rekisterointi", session))();
    expect(result).toEqual({
      forChild: false,
      defaults: null,
      maskedIdentityCode: `${code.slice(0, 7)}****`,
      names: { firstName: "Joulu", lastName: "Pukki" },
    });
    expect(JSON.stringify(result)).not.toContain(code);
  });

  it("redirects to login without a pending identity", async () => {
    const anonymous = await thrownResponse(await load("/fi/rekisterointi"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/fi/kirjaudu?nextPath=%2Ffi");

    const withNext = await thrownResponse(await load("/en/registration?next=%2Fen%2Fmessages"));
    expect(withNext.headers.get("Location")).toBe("/en/login?nextPath=%2Fen%2Fmessages");
  });

  it("sends a logged-in customer on to `next`", async () => {
    const response = await thrownResponse(
      await load("/fi/rekisterointi?next=%2Ffi%2Fviestit", await login(t.person("patient"))),
    );
    expect(response.headers.get("Location")).toBe("/fi/viestit");
  });
});
