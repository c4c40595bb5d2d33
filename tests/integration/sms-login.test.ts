/**
 * SMS login through the real request handler: the SMS code page after strong identification, POST /api/pin, the
 * front page's onboarding panel, POST/PUT /api/mfa-onboarding, POST /api/mfa, the switch in My information and
 * resuming an idle-expired session with a code. Codes are read from the outbox as the development stand-in shows
 * them.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newCsrfCookieValue } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { startSession, type Person } from "~/.server/session";
import { sendAsBrowser, type SendOptions } from "./request-handler";
import { clockAt, cookiePair, login, sessionOf, useTestDatabase } from "./test-db";

const t = useTestDatabase();
const csrfCookie = newCsrfCookieValue();
const send = (method: string, path: string, options: SendOptions = {}) =>
  sendAsBrowser(csrfCookie, method, path, options);

// Every test starts its own hour, so the per-person and per-client code limits of one test never reach another.
let hour = 0;
function freshHour(): number {
  const offset = ++hour * 2 * 3600;
  clockAt(offset);
  return offset;
}

/** The code of the newest SMS to `phone`. */
async function lastCode(phone: string): Promise<string> {
  const [row] = await t.db
    .select()
    .from(s.outboxMessages)
    .where(eq(s.outboxMessages.recipient, phone))
    .orderBy(desc(s.outboxMessages.id))
    .limit(1);
  const code = /(\d{4})/.exec(row?.body ?? "");
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code[1]!;
}
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, "0");
const personRow = async (p: Person) => (await t.db.select().from(s.people).where(eq(s.people.id, p.id)))[0]!;
const sessionCookieOf = (setCookies: string[]) =>
  setCookies.find((c) => /session=[^;]+/.test(c) && !/Max-Age=0/.test(c));

/** Kalle after strong identification: a session that waits for the code just sent to his verified phone. */
async function waitingLogin() {
  const kalle = t.person("smsUser");
  const { cookie, idHash } = await startSession({
    userId: kalle.id,
    actingPersonId: kalle.id,
    acr: "urn:ftn:nordea",
    awaitingSecondFactor: true,
  });
  await send("POST", "/fi/tunnistautuminen", { session: cookie, form: { intent: "resend" } });
  return { kalle, cookie, idHash, code: await lastCode(kalle.mfaVerifiedPhone!) };
}

describe("SMS code page at login", () => {
  it("keeps a session waiting for its code out of every page and call", async () => {
    freshHour();
    const { cookie } = await waitingLogin();
    const front = await send("GET", "/fi/ajanvaraukset", { session: cookie });
    expect(front.status).toBe(302);
    expect(front.location).toBe("/fi/tunnistautuminen?next=%2Ffi%2Fajanvaraukset");
    expect((await send("GET", "/api/appointments/check-in/1", { session: cookie })).status).toBeGreaterThanOrEqual(400);
    expect((await send("POST", "/api/user/consent", { session: cookie, json: {} })).status).toBe(401);
    const page = await send("GET", "/en/authentication?next=%2Fen%2Fappointments", { session: cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain("phone number ending in 21");
    expect(page.text).not.toContain("+358407654321");
  });

  it("lets the right code in with a new session id, and keeps the next path", async () => {
    freshHour();
    const { cookie, idHash, code } = await waitingLogin();
    const bad = await send("POST", "/fi/tunnistautuminen?next=%2Ffi%2Fajanvaraukset", {
      session: cookie,
      form: { intent: "verify", pin: wrong(code) },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Tunnistautuminen epäonnistui");
    const ok = await send("POST", "/fi/tunnistautuminen?next=%2Ffi%2Fajanvaraukset", {
      session: cookie,
      form: { intent: "verify", pin: code },
    });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/fi/ajanvaraukset");
    const fresh = sessionCookieOf(ok.setCookies)!;
    expect(cookiePair(fresh)).not.toBe(cookiePair(cookie));
    expect((await sessionOf(fresh)).status).toBe("valid");
    expect((await sessionOf(cookie)).status).toBe("none");
    const [old] = await t.db.select().from(s.sessions).where(eq(s.sessions.idHash, idHash));
    expect(old!.revokedAt).not.toBeNull();
    // The code was used once: it is closed.
    const open = await t.db
      .select()
      .from(s.smsChallenges)
      .where(and(eq(s.smsChallenges.sessionIdHash, idHash), isNull(s.smsChallenges.closedAt)));
    expect(open).toEqual([]);
  });

  it("logs out after three wrong codes, even if the fourth is right", async () => {
    freshHour();
    const { cookie, code } = await waitingLogin();
    for (let i = 0; i < 2; i++)
      expect(
        (await send("POST", "/fi/tunnistautuminen", { session: cookie, form: { intent: "verify", pin: wrong(code) } }))
          .status,
      ).toBe(400);
    const third = await send("POST", "/fi/tunnistautuminen", {
      session: cookie,
      form: { intent: "verify", pin: wrong(code) },
    });
    expect(third.status).toBe(302);
    expect(third.location).toBe("/fi/kirjaudu");
    expect((await sessionOf(cookie)).status).toBe("none");
    expect(third.setCookies.some((c) => c.includes("flash"))).toBe(true);
  });

  it("refuses an expired code and a code sent for another session", async () => {
    const offset = freshHour();
    const first = await waitingLogin();
    const other = await waitingLogin();
    // The first session's code is bound to it: the second cannot use it.
    const crossed = await send("POST", "/fi/tunnistautuminen", {
      session: other.cookie,
      form: { intent: "verify", pin: first.code === other.code ? wrong(other.code) : first.code },
    });
    expect(crossed.status).toBe(400);
    clockAt(offset + 5 * 60 + 1);
    const late = await send("POST", "/fi/tunnistautuminen", {
      session: first.cookie,
      form: { intent: "verify", pin: first.code },
    });
    expect(late.status).toBe(400);
  });

  it("POST /api/pin answers the result types and sets the full session's cookie", async () => {
    freshHour();
    const { cookie, code } = await waitingLogin();
    const malformed = await send("POST", "/api/pin", { session: cookie, json: { pin: "12a4" } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.type).toBe("ValidationError");
    const bad = await send("POST", "/api/pin", { session: cookie, json: { pin: wrong(code) } });
    expect(bad.status).toBe(200);
    expect(bad.json).toEqual({ mfaResponse: { type: "mfa-challenge-failed" } });
    const ok = await send("POST", "/api/pin", { session: cookie, json: { pin: code } });
    expect(ok.json).toEqual({ mfaResponse: { type: "mfa-ok" } });
    expect((await sessionOf(sessionCookieOf(ok.setCookies)!)).status).toBe("valid");
    // A full session has nothing to confirm.
    expect(
      (await send("POST", "/api/pin", { session: await login(t.person("patient")), json: { pin: code } })).status,
    ).toBe(401);
  });

  it("sends at most five codes an hour to one person", async () => {
    freshHour();
    const { cookie } = await waitingLogin();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await send("POST", "/fi/tunnistautuminen", { session: cookie, form: { intent: "resend" } })).status,
      );
    expect(statuses).toEqual([302, 302, 302, 302, 429]);
  });
});

describe("onboarding on the front page", () => {
  it("sends a code to the typed phone, takes the code and turns SMS login on", async () => {
    freshHour();
    const maija = t.person("patient");
    const session = await login(maija);
    const front = await send("GET", "/fi", { session });
    expect(front.text).toContain("Matkapuhelinnumero");
    expect(front.text).toContain('value="+358401234567"');
    const invalid = await send("POST", "/fi", { session, form: { intent: "mfaPhone", phoneNumber: "12" } });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain("vähintään 6 numeroa");
    const sent = await send("POST", "/fi", { session, form: { intent: "mfaPhone", phoneNumber: "040 555 1234" } });
    expect(sent.status).toBe(302);
    const code = await lastCode("+358405551234");
    expect((await send("GET", "/fi", { session })).text).toContain("päättyy 34");
    const bad = await send("POST", "/fi", { session, form: { intent: "mfaCode", code: wrong(code) } });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("error-summary");
    const ok = await send("POST", "/fi", { session, form: { intent: "mfaCode", code } });
    expect(ok.status).toBe(302);
    const row = await personRow(maija);
    expect(row.mfaVerifiedPhone).toBe("+358405551234");
    expect(row.mfaOnboardingPhone).toBeNull();
    expect((await send("GET", "/fi", { session })).text).not.toContain("Matkapuhelinnumero");
    await t.db
      .update(s.people)
      .set({ mfaVerifiedPhone: null, mfaOnboardingPhone: "+358401234567" })
      .where(eq(s.people.id, maija.id));
  });

  it("POST and PUT /api/mfa-onboarding; too many wrong codes close the offer", async () => {
    freshHour();
    const maija = t.person("patient");
    const session = await login(maija);
    const bad = await send("POST", "/api/mfa-onboarding?lang=en", { session, json: { phoneNumber: "abc" } });
    expect(bad.status).toBe(400);
    expect(bad.json.type).toBe("ValidationError");
    const sent = await send("POST", "/api/mfa-onboarding?lang=en", { session, json: { phoneNumber: "+358401234567" } });
    expect(sent.json).toEqual({ type: "user-wants-to-enable-mfa", phoneNumber: "+358401234567" });
    const code = await lastCode("+358401234567");
    const results: string[] = [];
    for (let i = 0; i < 4; i++)
      results.push(
        (await send("PUT", "/api/mfa-onboarding", { session, json: { challengeResponseFromUser: wrong(code) } })).json
          .type,
      );
    expect(results).toEqual([
      "mfa-challenge-failed",
      "mfa-challenge-failed",
      "too-many-mfa-attempts",
      "mfa-challenge-failed",
    ]);
    expect(
      (await send("PUT", "/api/mfa-onboarding", { session, json: { challengeResponseFromUser: code } })).json.type,
    ).toBe("mfa-challenge-failed");
    const row = await personRow(maija);
    expect(row.mfaVerifiedPhone).toBeNull();
    expect(row.mfaOnboardingPhone).toBeNull();
    await t.db.update(s.people).set({ mfaOnboardingPhone: "+358401234567" }).where(eq(s.people.id, maija.id));
  });

  it("is not offered, nor callable, while acting for a child", async () => {
    freshHour();
    const session = await login(t.person("guardian"), t.person("youngChild"));
    const call = await send("POST", "/api/mfa", { session, json: { action: "enable" } });
    expect(call.status).toBe(403);
    expect(
      (await send("POST", "/fi", { session, form: { intent: "mfaPhone", phoneNumber: "0401234567" } })).status,
    ).toBe(404);
  });
});

describe("the switch in My information", () => {
  it("switches on with the code sent to the own phone, and off again", async () => {
    freshHour();
    const olli = t.person("myInfoAdult");
    const session = await login(olli);
    const page = await send("GET", "/en/my-information", { session });
    expect(page.text).toContain("SMS login is off.");
    const on = await send("POST", "/en/my-information", { session, form: { intent: "smsLoginEnable" } });
    expect(on.status).toBe(302);
    const code = await lastCode(olli.phoneNumber!);
    const asked = await send("GET", "/en/my-information", { session });
    expect(asked.text).toContain("Enter it to switch SMS login on");
    const bad = await send("POST", "/en/my-information", {
      session,
      form: { intent: "smsLoginVerify", smsCode: "12a4" },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('href="#smsCode"');
    const ok = await send("POST", "/en/my-information", { session, form: { intent: "smsLoginVerify", smsCode: code } });
    expect(ok.status).toBe(302);
    expect((await personRow(olli)).mfaVerifiedPhone).toBe(olli.phoneNumber);
    expect((await send("GET", "/en/my-information", { session })).text).toContain("SMS login is on");
    const off = await send("POST", "/api/mfa", { session, json: { action: "disable" } });
    expect(off.json).toEqual({ type: "user-has-no-verified-mfa-device" });
    expect((await personRow(olli)).mfaVerifiedPhone).toBeNull();
    const open = await t.db
      .select()
      .from(s.smsChallenges)
      .where(and(eq(s.smsChallenges.personId, olli.id), isNull(s.smsChallenges.closedAt)));
    expect(open).toEqual([]);
  });
});

describe("resuming an idle session with an SMS code", () => {
  it("offers the code after the idle timeout, and a right code resumes the same person", async () => {
    const offset = freshHour();
    const kalle = t.person("smsUser");
    const session = await login(kalle);
    clockAt(offset + 31 * 60);
    const expired = await send("GET", "/en/expired-session?next=%2Fen%2Fappointments", { session });
    expect(expired.text).toContain("Order an SMS code");
    const ordered = await send("POST", "/en/expired-session?next=%2Fen%2Fappointments", { session });
    expect(ordered.status).toBe(302);
    expect(ordered.location).toBe("/en/authentication?next=%2Fen%2Fappointments");
    const waiting = sessionCookieOf(ordered.setCookies)!;
    expect((await sessionOf(waiting)).status).toBe("secondFactor");
    const ok = await send("POST", "/en/authentication?next=%2Fen%2Fappointments", {
      session: waiting,
      form: { intent: "verify", pin: await lastCode(kalle.mfaVerifiedPhone!) },
    });
    expect(ok.location).toBe("/en/appointments");
    const resumed = await sessionOf(sessionCookieOf(ok.setCookies)!);
    expect(resumed.status === "valid" && resumed.user?.id).toBe(kalle.id);
  });

  it("is not offered to a person without SMS login, nor after the absolute lifetime", async () => {
    const offset = freshHour();
    const maija = await login(t.person("patient"));
    const kalle = await login(t.person("smsUser"));
    clockAt(offset + 31 * 60);
    expect((await send("POST", "/en/expired-session", { session: maija })).location).toMatch(/^\/en\/login/);
    expect((await send("GET", "/en/expired-session", { session: maija })).text).not.toContain("Order an SMS code");
    clockAt(offset + 13 * 3600);
    expect((await send("GET", "/en/expired-session", { session: kalle })).text).not.toContain("Order an SMS code");
  });
});
