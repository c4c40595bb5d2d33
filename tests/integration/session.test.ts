import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import { env } from "~/.server/env";
import { makeTestIdentityCode } from "~/lib/identity-code";
import { createSession, destroySession, readSession, SESSION_COOKIE } from "~/.server/session";
import {
  clockAt,
  cookiePair,
  cookieValue,
  FIXED_NOW,
  login,
  makeRequest,
  sessionOf,
  sessionRow,
  useTestDatabase,
} from "./test-db";

const t = useTestDatabase();

function valid(state: Awaited<ReturnType<typeof readSession>>) {
  if (state.status !== "valid") throw new Error(`expected a valid session, got ${state.status}`);
  return state;
}

describe("sessions", () => {
  it("a new session reads back as valid with the user and the acting person", async () => {
    const patient = t.person("patient");
    const setCookie = await login(patient);
    expect(setCookie.startsWith(`${SESSION_COOKIE()}=`)).toBe(true);
    expect(setCookie).toContain("HttpOnly");

    const state = valid(await sessionOf(setCookie));
    expect(state.user?.identityCode).toBe(patient.identityCode);
    expect(state.actingPerson?.id).toBe(patient.id);
    expect(state.row.acr).toBe("urn:ftn:nordea");
    expect(state.expiresAt.getTime()).toBe(FIXED_NOW.getTime() + env().sessionIdleSeconds * 1000);
  });

  it("a guardian's session acts for the child", async () => {
    const state = valid(await sessionOf(await login(t.person("guardian"), t.person("youngChild"))));
    expect(state.user?.firstName).toBe("Matti");
    expect(state.actingPerson?.firstName).toBe("Aino");
  });

  it("an unknown, empty or oversized cookie reads as no session", async () => {
    expect((await readSession(makeRequest("/fi"))).status).toBe("none");
    expect((await readSession(makeRequest("/fi", { cookie: `${SESSION_COOKIE()}=not-a-session` }))).status).toBe(
      "none",
    );
    expect((await readSession(makeRequest("/fi", { cookie: `${SESSION_COOKIE()}=${"a".repeat(101)}` }))).status).toBe(
      "none",
    );
  });

  it("every login gets a new id and revokes the previous session", async () => {
    const patient = t.person("patient");
    const first = await login(patient);
    const firstState = valid(await sessionOf(first));

    const second = await createSession({ userId: patient.id, actingPersonId: patient.id }, firstState.idHash);
    expect(cookieValue(second)).not.toBe(cookieValue(first));

    expect((await sessionOf(first)).status).toBe("none");
    expect((await sessionRow(firstState.idHash)).revokedAt?.getTime()).toBe(FIXED_NOW.getTime());
    const secondState = valid(await sessionOf(second));
    expect(secondState.idHash).not.toBe(firstState.idHash);
    expect(secondState.row.revokedAt).toBeNull();
  });

  it("destroySession ends the session server-side and clears the cookie", async () => {
    const setCookie = await login(t.person("patient"));
    const { idHash } = valid(await sessionOf(setCookie));

    const cleared = await destroySession(idHash);
    expect(cookiePair(cleared)).toBe(`${SESSION_COOKIE()}=`);
    expect(cleared).toContain("Max-Age=0");

    // The old cookie is worthless even if the browser kept it.
    expect((await sessionOf(setCookie)).status).toBe("none");
    expect((await sessionRow(idHash)).revokedAt).not.toBeNull();
  });

  it("expires after the idle timeout without activity", async () => {
    const idle = env().sessionIdleSeconds;
    const setCookie = await login(t.person("patient"));

    clockAt(idle - 1);
    expect((await sessionOf(setCookie)).status).toBe("valid");

    clockAt(idle + 1);
    const state = await sessionOf(setCookie);
    expect(state.status).toBe("expired");
  });

  it("activity keeps the session alive past the idle timeout", async () => {
    const idle = env().sessionIdleSeconds;
    const setCookie = await login(t.person("patient"));

    clockAt(idle - 60);
    valid(await sessionOf(setCookie, true));
    clockAt(idle + 60);
    const state = valid(await sessionOf(setCookie));
    expect(state.expiresAt.getTime()).toBe(FIXED_NOW.getTime() + (2 * idle - 60) * 1000);
  });

  it("expires at the absolute timeout however active it is", async () => {
    const idle = env().sessionIdleSeconds;
    const absolute = env().sessionAbsoluteSeconds;
    const setCookie = await login(t.person("patient"));
    const step = Math.max(61, Math.floor((idle * 2) / 3));

    let at = 0;
    for (at = step; at < absolute; at += step) {
      clockAt(at);
      const state = valid(await readSession(makeRequest("/fi", { cookie: cookiePair(setCookie) })));
      expect(state.expiresAt.getTime()).toBeLessThanOrEqual(FIXED_NOW.getTime() + absolute * 1000);
    }
    // The session was in use a moment ago, so only the absolute limit can end it.
    clockAt(absolute + 1);
    expect((await sessionOf(setCookie)).status).toBe("expired");
  });

  it("stores only a hash of the session id", async () => {
    const setCookie = await login(t.person("employee"));
    const id = cookieValue(setCookie);
    const hash = createHash("sha256").update(id).digest("hex");

    const rows = await t.db.select().from(s.sessions);
    expect(rows.some((r) => r.idHash === hash)).toBe(true);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(id);
  });

  it("touch: false does not move lastSeenAt; a normal read does", async () => {
    const setCookie = await login(t.person("senior"));
    const { idHash } = valid(await sessionOf(setCookie));

    clockAt(5 * 60);
    await readSession(makeRequest("/fi", { cookie: cookiePair(setCookie) }), { touch: false });
    expect((await sessionRow(idHash)).lastSeenAt.getTime()).toBe(FIXED_NOW.getTime());

    const touched = clockAt(6 * 60);
    await readSession(makeRequest("/fi", { cookie: cookiePair(setCookie) }));
    expect((await sessionRow(idHash)).lastSeenAt.getTime()).toBe(touched.getTime());
  });

  it("a read within a minute of the last one does not write", async () => {
    const setCookie = await login(t.person("senior"));
    const { idHash } = valid(await sessionOf(setCookie));
    clockAt(30);
    await readSession(makeRequest("/fi", { cookie: cookiePair(setCookie) }));
    expect((await sessionRow(idHash)).lastSeenAt.getTime()).toBe(FIXED_NOW.getTime());
    const forced = clockAt(40);
    await readSession(makeRequest("/fi", { cookie: cookiePair(setCookie) }), { touch: "force" });
    expect((await sessionRow(idHash)).lastSeenAt.getTime()).toBe(forced.getTime());
  });

  it("a deleted user's sessions go with them", async () => {
    const [person] = await t.db
      .insert(s.people)
      .values({
        identityCode: makeTestIdentityCode({ year: 2001, month: 1, day: 1 }, 997),
        firstName: "Poistuva",
        lastName: "Asiakas",
        birthDate: "2001-01-01",
      })
      .returning();
    const setCookie = await login(person);
    valid(await sessionOf(setCookie));
    await t.db.delete(s.people).where(eq(s.people.id, person.id));
    expect((await sessionOf(setCookie)).status).toBe("none");
  });
});
