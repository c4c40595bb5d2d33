import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CSRF_COOKIE } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { SESSION_COOKIE } from "~/.server/session";
import { findMandateChild, logout, MANDATE_MAX_AGE } from "~/features/session/login.server";
import { makeTestIdentityCode } from "~/lib/identity-code";
import { handle } from "./request-handler";
import { cookiePair, DEMO, FIXED_NOW, ORIGIN, login, sessionOf, sessionRow, useTestDatabase } from "./test-db";

const t = useTestDatabase();

/** A child born on the given date, with `guardianKey` as their guardian. */
async function addChild(
  birth: { year: number; month: number; day: number },
  individual: number,
  guardianKey: "guardian" | "patient",
) {
  const [child] = await t.db
    .insert(s.people)
    .values({
      identityCode: makeTestIdentityCode(birth, individual),
      firstName: "Lapsi",
      lastName: "Testinen",
      birthDate: `${birth.year}-${String(birth.month).padStart(2, "0")}-${String(birth.day).padStart(2, "0")}`,
    })
    .returning();
  await t.db.insert(s.guardianships).values({ guardianId: t.person(guardianKey).id, childId: child.id });
  return child;
}

describe("findMandateChild", () => {
  // FIXED_NOW is 20 November 2026 in Helsinki.
  let turnsTwelveTomorrow: typeof s.people.$inferSelect;
  let turnedTwelveToday: typeof s.people.$inferSelect;
  let patientsChild: typeof s.people.$inferSelect;

  beforeAll(async () => {
    turnsTwelveTomorrow = await addChild({ year: 2014, month: 11, day: 21 }, 930, "guardian");
    turnedTwelveToday = await addChild({ year: 2014, month: 11, day: 20 }, 931, "guardian");
    patientsChild = await addChild({ year: 2021, month: 5, day: 5 }, 932, "patient");
  });

  it("returns the guardian's child aged 6", async () => {
    const child = await findMandateChild(t.person("guardian").id, DEMO.youngChild.identityCode);
    expect(child?.id).toBe(t.person("youngChild").id);
    expect(child?.firstName).toBe("Aino");
  });

  it("accepts the identity code in lower case and with spaces around it", async () => {
    const child = await findMandateChild(t.person("guardian").id, ` ${DEMO.youngChild.identityCode.toLowerCase()} `);
    expect(child?.id).toBe(t.person("youngChild").id);
  });

  it("refuses the guardian's child aged 14", async () => {
    expect(await findMandateChild(t.person("guardian").id, DEMO.olderChild.identityCode)).toBeNull();
  });

  it(`allows a child aged ${MANDATE_MAX_AGE} until the 12th birthday`, async () => {
    expect((await findMandateChild(t.person("guardian").id, turnsTwelveTomorrow.identityCode))?.id).toBe(
      turnsTwelveTomorrow.id,
    );
    expect(await findMandateChild(t.person("guardian").id, turnedTwelveToday.identityCode)).toBeNull();
  });

  it("refuses someone else's child", async () => {
    expect(await findMandateChild(t.person("guardian").id, patientsChild.identityCode)).toBeNull();
    // The same child is fine for their own guardian.
    expect((await findMandateChild(t.person("patient").id, patientsChild.identityCode))?.id).toBe(patientsChild.id);
    // Neither may an adult with no guardianship act for the demo children.
    expect(await findMandateChild(t.person("patient").id, DEMO.youngChild.identityCode)).toBeNull();
  });

  it("refuses an unknown identity code and the guardian's own code", async () => {
    expect(
      await findMandateChild(t.person("guardian").id, makeTestIdentityCode({ year: 2020, month: 1, day: 1 }, 999)),
    ).toBeNull();
    expect(await findMandateChild(t.person("guardian").id, DEMO.guardian.identityCode)).toBeNull();
  });
});

describe("logout", () => {
  it("revokes the session in the database and clears the cookies", async () => {
    const session = await login(t.person("guardian"), t.person("youngChild"));
    const state = await sessionOf(session);
    if (state.status !== "valid") throw new Error("expected a valid session");

    const cookies = await logout(state.idHash);

    const row = await sessionRow(state.idHash);
    expect(row.revokedAt?.getTime()).toBe(FIXED_NOW.getTime());
    expect((await sessionOf(session)).status).toBe("none");

    const sessionCookie = cookies.find((c) => c.startsWith(`${SESSION_COOKIE()}=`));
    expect(cookiePair(sessionCookie!)).toBe(`${SESSION_COOKIE()}=`);
    expect(sessionCookie).toContain("Max-Age=0");
    // A new CSRF cookie, so a token from before the logout is worthless.
    const csrf = cookies.find((c) => c.startsWith(`${CSRF_COOKIE()}=`));
    expect(cookiePair(csrf!).length).toBeGreaterThan(`${CSRF_COOKIE()}=`.length + 10);
    expect(cookies.some((c) => decodeURIComponent(c).includes("session.logout.done"))).toBe(true);
  });

  it("leaves the person's other sessions alone", async () => {
    const phone = await login(t.person("patient"));
    const laptop = await login(t.person("patient"));
    const state = await sessionOf(laptop);
    if (state.status !== "valid") throw new Error("expected a valid session");
    await logout(state.idHash);
    expect((await sessionOf(laptop)).status).toBe("none");
    expect((await sessionOf(phone)).status).toBe("valid");
  });

  it("without a session only clears the cookies and revokes nothing", async () => {
    const other = await login(t.person("senior"));
    const cookies = await logout(null);
    expect(cookies.find((c) => c.startsWith(`${SESSION_COOKIE()}=`))).toContain("Max-Age=0");
    expect((await sessionOf(other)).status).toBe("valid");
    const revoked = await t.db
      .select()
      .from(s.sessions)
      .where(eq(s.sessions.userId, t.person("senior").id));
    expect(revoked.map((r) => r.revokedAt)).toEqual([null]);
  });
});

describe("the login page", () => {
  it("names the mobile certificate in the page's language; the banks keep their own names", async () => {
    const names = async (path: string) =>
      [...(await (await handle(new Request(ORIGIN + path))).text()).matchAll(/data-option="(\w+)">([^<]+)</g)].map(
        (m) => `${m[1]}: ${m[2]}`,
      );
    expect(await names("/fi/kirjaudu")).toContain("mobiilivarmenne: Mobiilivarmenne");
    expect(await names("/sv/loggain")).toContain("mobiilivarmenne: Mobilcertifikat");
    const en = await names("/en/login");
    expect(en).toContain("mobiilivarmenne: Mobile certificate");
    expect(en).toContain("nordea: Nordea");
    expect(en).toHaveLength(11);
  });
});
