import { eq } from "drizzle-orm";
import type { Brand, Environment } from "#brands/index";
import { now } from "~/.server/clock";
import { db } from "~/.server/db/client";
import { people } from "~/.server/db/schema";
import { startSession, type SessionState } from "~/.server/session";
import { flashCookie } from "~/.server/flash";
import { authSuccessCookie } from "~/.server/analytics-consent";
import { logout } from "./login.server";
import type { CodeCheckResult } from "./sms-login";
import { checkCode, completeSecondFactor, sendLoginCode, smsLoginAvailable, type SmsContext } from "./sms-login.server";

type SecondFactorSession = Extract<SessionState, { status: "secondFactor" }>;
type ExpiredSession = Extract<SessionState, { status: "expired" }>;

/**
 * The SMS code page's check (its form and POST /api/pin): the right code replaces the waiting session with a full
 * one; too many wrong codes log the person out (spec part 1 §7 "too many retries logs out").
 */
export async function verifyLoginCode(
  session: SecondFactorSession,
  code: unknown,
): Promise<{ result: CodeCheckResult; cookies: string[] }> {
  const { result } = await checkCode({
    personId: session.user.id,
    purpose: "login",
    code,
    sessionIdHash: session.idHash,
  });
  if (result === "mfa-ok")
    return { result, cookies: [await completeSecondFactor(session.row), authSuccessCookie("sms")] };
  if (result === "too-many-mfa-attempts") {
    const cookies = await logout(session.idHash);
    // logout() greets with "You have logged out"; here the reason is said instead.
    cookies[cookies.length - 1] = flashCookie({ type: "error", key: "session.smsCode.errors.tooMany" });
    return { result, cookies };
  }
  return { result, cookies: [] };
}

/** A new code for the waiting session (the page's "send a new code"). */
export async function resendLoginCode(session: SecondFactorSession, context: SmsContext) {
  const phone = session.user.mfaVerifiedPhone;
  if (!phone) return { type: "too-many-onboarding-attempts" as const, nextAttempt: now() };
  return sendLoginCode({ ...session.user, mfaVerifiedPhone: phone }, session.idHash, context);
}

/**
 * Whether an idle-expired session may be resumed with an SMS code instead of strong identification (the expired
 * page's "order an SMS code"): its person has SMS login on, and its absolute lifetime (12 h from the strong
 * identification) has not ended. Returns the verified phone, or null.
 */
export async function smsResumePhone(
  session: ExpiredSession,
  brand: Brand,
  environment: Environment,
): Promise<string | null> {
  const { row } = session;
  if (!row.userId || !row.actingPersonId || row.absoluteExpiresAt.getTime() <= now().getTime()) return null;
  if (!smsLoginAvailable(brand, environment)) return null;
  const [person] = await db()
    .select({ phone: people.mfaVerifiedPhone })
    .from(people)
    .where(eq(people.id, row.userId))
    .limit(1);
  return person?.phone ?? null;
}

/**
 * Resumes an idle-expired session: a new session (new id, the old one revoked) that waits for the SMS code sent
 * now, keeping the person, the mandate and the absolute end of the old one. Null when it may not be resumed.
 */
export async function resumeWithSmsCode(
  session: ExpiredSession,
  brand: Brand,
  environment: Environment,
  context: SmsContext,
): Promise<{ cookie: string; sent: boolean } | null> {
  const phone = await smsResumePhone(session, brand, environment);
  const { row } = session;
  if (!phone || !row.userId) return null;
  const { cookie, idHash } = await startSession(
    {
      userId: row.userId,
      actingPersonId: row.actingPersonId,
      acr: row.acr,
      userAgent: row.userAgent,
      awaitingSecondFactor: true,
      absoluteExpiresAt: row.absoluteExpiresAt,
    },
    row.idHash,
  );
  const sent = await sendLoginCode({ id: row.userId, mfaVerifiedPhone: phone }, idHash, context);
  return { cookie, sent: sent.type === "sent" };
}
