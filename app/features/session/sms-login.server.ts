import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Brand, BrandId, Environment } from "#brands/index";
import { now } from "~/.server/clock";
import { db } from "~/.server/db/client";
import { people, smsChallenges } from "~/.server/db/schema";
import { env } from "~/.server/env";
import { textsOf } from "~/.server/i18n";
import { hitRateLimit, peekRateLimit } from "~/.server/rate-limit";
import { createSession, type Person, type SessionRow } from "~/.server/session";
import { queueSms } from "~/.server/sms/outbox";
import type { Lang } from "~/lib/lang";
import {
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_SECONDS,
  SMS_CODES_PER_HOUR,
  smsCode,
  smsLoginPhone,
  type CodeCheckResult,
  type MfaStatus,
} from "./sms-login";

type Purpose = (typeof smsChallenges.$inferSelect)["purpose"];

/** Where a code is sent from: the brand and language of its text, the client's address for its rate limit. */
export type SmsContext = { brandId: BrandId; lang: Lang; clientIp: string };

/** Codes a client may have sent in ten minutes, whoever it logs in as. */
const CLIENT_CODES_PER_TEN_MINUTES = Number(process.env.RATE_LIMIT_SMS_CODES ?? 20);

export function smsLoginAvailable(brand: Brand, environment: Environment): boolean {
  return brand.features[environment].includes("mfa");
}

function codeHash(challengeId: string, code: string): Buffer {
  return createHmac("sha256", `sms-code:${env().sessionSecret}`).update(`${challengeId}:${code}`).digest();
}

const personLimitKey = (personId: string) => `sms-code:person:${personId}`;

/**
 * Sends a fresh code to `phone` (an earlier open code of the same purpose stops counting). Limited per person
 * (SMS_CODES_PER_HOUR) and per client; over either, nothing is sent and the next attempt's time is told.
 */
export async function sendCode(input: {
  personId: string;
  purpose: Purpose;
  phone: string;
  sessionIdHash?: string;
  context: SmsContext;
}): Promise<{ type: "sent" } | { type: "too-many-onboarding-attempts"; nextAttempt: Date }> {
  const client = await hitRateLimit(`sms-code:ip:${input.context.clientIp}`, CLIENT_CODES_PER_TEN_MINUTES, 600);
  const person = await hitRateLimit(personLimitKey(input.personId), SMS_CODES_PER_HOUR, 3600);
  if (!client.allowed || !person.allowed) {
    const seconds = Math.max(
      client.allowed ? 0 : client.retryAfterSeconds,
      person.allowed ? 0 : person.retryAfterSeconds,
    );
    return { type: "too-many-onboarding-attempts", nextAttempt: new Date(now().getTime() + seconds * 1000) };
  }
  const code = String(randomInt(0, 10_000)).padStart(4, "0");
  const t = now();
  const t_ = textsOf(input.context.lang, input.context.brandId);
  await db().transaction(async (tx) => {
    await tx
      .update(smsChallenges)
      .set({ closedAt: t })
      .where(
        and(
          eq(smsChallenges.personId, input.personId),
          eq(smsChallenges.purpose, input.purpose),
          isNull(smsChallenges.closedAt),
        ),
      );
    const [challenge] = await tx
      .insert(smsChallenges)
      .values({
        personId: input.personId,
        purpose: input.purpose,
        phoneNumber: input.phone,
        codeHash: "",
        sessionIdHash: input.sessionIdHash ?? null,
        createdAt: t,
        expiresAt: new Date(t.getTime() + SMS_CODE_TTL_SECONDS * 1000),
      })
      .returning({ id: smsChallenges.id });
    // The hash covers the challenge's id, so a code's hash is worthless for any other challenge.
    await tx
      .update(smsChallenges)
      .set({ codeHash: codeHash(challenge.id, code).toString("hex") })
      .where(eq(smsChallenges.id, challenge.id));
    await queueSms(tx, {
      to: input.phone,
      body: t_("session.smsCode.sms", { code, minutes: SMS_CODE_TTL_SECONDS / 60 }),
    });
  });
  return { type: "sent" };
}

/** The open, unexpired code of a purpose (for a login code: of that session), newest first. */
async function openChallenge(personId: string, purpose: Purpose, sessionIdHash?: string) {
  const [row] = await db()
    .select()
    .from(smsChallenges)
    .where(
      and(
        eq(smsChallenges.personId, personId),
        eq(smsChallenges.purpose, purpose),
        isNull(smsChallenges.closedAt),
        gt(smsChallenges.expiresAt, now()),
        sessionIdHash ? eq(smsChallenges.sessionIdHash, sessionIdHash) : undefined,
      ),
    )
    .orderBy(desc(smsChallenges.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Checks a typed code against the open code. Each try is counted before the comparison (in one statement, so
 * parallel tries cannot exceed the limit); a right code is accepted once; the last allowed wrong try ends the code.
 */
export async function checkCode(input: {
  personId: string;
  purpose: Purpose;
  code: unknown;
  sessionIdHash?: string;
}): Promise<{ result: CodeCheckResult; phone?: string }> {
  const challenge = await openChallenge(input.personId, input.purpose, input.sessionIdHash);
  if (!challenge) return { result: "mfa-challenge-failed" };
  const [counted] = await db()
    .update(smsChallenges)
    .set({ attempts: sql`${smsChallenges.attempts} + 1` })
    .where(and(eq(smsChallenges.id, challenge.id), isNull(smsChallenges.closedAt)))
    .returning({ attempts: smsChallenges.attempts });
  if (!counted) return { result: "mfa-challenge-failed" };
  if (counted.attempts > SMS_CODE_MAX_TRIES) return { result: "too-many-mfa-attempts" };
  const code = smsCode(input.code);
  const expected = Buffer.from(challenge.codeHash, "hex");
  const right = code !== null && timingSafeEqual(codeHash(challenge.id, code), expected);
  if (right) {
    const [closed] = await db()
      .update(smsChallenges)
      .set({ closedAt: now() })
      .where(and(eq(smsChallenges.id, challenge.id), isNull(smsChallenges.closedAt)))
      .returning({ id: smsChallenges.id });
    return closed ? { result: "mfa-ok", phone: challenge.phoneNumber } : { result: "mfa-challenge-failed" };
  }
  if (counted.attempts >= SMS_CODE_MAX_TRIES) {
    await db().update(smsChallenges).set({ closedAt: now() }).where(eq(smsChallenges.id, challenge.id));
    return { result: "too-many-mfa-attempts" };
  }
  return { result: "mfa-challenge-failed" };
}

/** The person's SMS-login status (spec part 1 §3 multi-factor status types). */
export async function mfaStatus(person: Person, brand: Brand, environment: Environment): Promise<MfaStatus> {
  if (!smsLoginAvailable(brand, environment)) return { type: "environment-has-mfa-disabled" };
  if (person.mfaVerifiedPhone) return { type: "enabled", verifiedPhoneNumber: person.mfaVerifiedPhone };
  const open = await openChallenge(person.id, "onboarding");
  if (open) return { type: "user-wants-to-enable-mfa", phoneNumber: open.phoneNumber };
  const limit = await peekRateLimit(personLimitKey(person.id), SMS_CODES_PER_HOUR, 3600);
  if (!limit.allowed)
    return {
      type: "too-many-onboarding-attempts",
      nextAttempt: new Date(now().getTime() + limit.retryAfterSeconds * 1000).toISOString(),
    };
  return { type: "user-has-no-verified-mfa-device" };
}

export type OnboardingRequest =
  | { type: "sent"; phoneNumber: string }
  | { type: "invalid-phone" }
  | { type: "too-many-onboarding-attempts"; nextAttempt: Date };

/** Onboarding, step 1: a code to the phone the person typed (the front page's panel, POST /api/mfa-onboarding). */
export async function requestOnboardingCode(
  person: Person,
  phoneInput: unknown,
  context: SmsContext,
): Promise<OnboardingRequest> {
  const phone = typeof phoneInput === "string" && phoneInput.length <= 40 ? smsLoginPhone(phoneInput) : null;
  if (!phone) return { type: "invalid-phone" };
  const sent = await sendCode({ personId: person.id, purpose: "onboarding", phone, context });
  return sent.type === "sent" ? { type: "sent", phoneNumber: phone } : sent;
}

/** Back from the code to the phone step: the open code stops counting. */
export async function cancelOnboarding(person: Person) {
  await db()
    .update(smsChallenges)
    .set({ closedAt: now() })
    .where(
      and(
        eq(smsChallenges.personId, person.id),
        eq(smsChallenges.purpose, "onboarding"),
        isNull(smsChallenges.closedAt),
      ),
    );
}

/** Onboarding, step 2: the right code makes the phone the person's verified SMS-login device. */
export async function confirmOnboardingCode(person: Person, code: unknown): Promise<CodeCheckResult> {
  const { result, phone } = await checkCode({ personId: person.id, purpose: "onboarding", code });
  if (result === "mfa-ok" && phone)
    await db()
      .update(people)
      .set({ mfaVerifiedPhone: phone, mfaOnboardingPhone: null })
      .where(eq(people.id, person.id));
  // Too many wrong codes close the front page's panel for good; My information can still switch SMS login on.
  if (result === "too-many-mfa-attempts")
    await db().update(people).set({ mfaOnboardingPhone: null }).where(eq(people.id, person.id));
  return result;
}

/**
 * The switch in My information (POST /api/mfa): enabling sends a code to the person's own phone number at once
 * (the switch is on once it is entered); disabling removes the verified device and any open code.
 */
export async function setSmsLogin(
  person: Person,
  action: "enable" | "disable",
  context: SmsContext,
): Promise<
  { type: "code-sent"; phoneNumber: string } | { type: "disabled" } | { type: "no-phone" } | OnboardingRequest
> {
  if (action === "disable") {
    await db().transaction(async (tx) => {
      await tx.update(people).set({ mfaVerifiedPhone: null }).where(eq(people.id, person.id));
      await tx
        .update(smsChallenges)
        .set({ closedAt: now() })
        .where(and(eq(smsChallenges.personId, person.id), isNull(smsChallenges.closedAt)));
    });
    return { type: "disabled" };
  }
  if (!person.phoneNumber) return { type: "no-phone" };
  const sent = await requestOnboardingCode(person, person.phoneNumber, context);
  return sent.type === "sent" ? { type: "code-sent", phoneNumber: sent.phoneNumber } : sent;
}

/** At login (or resuming an idle session): the code goes to the verified phone, bound to the new session. */
export async function sendLoginCode(
  person: { id: string; mfaVerifiedPhone: string },
  sessionIdHash: string,
  context: SmsContext,
) {
  return sendCode({ personId: person.id, purpose: "login", phone: person.mfaVerifiedPhone, sessionIdHash, context });
}

/**
 * The login code was right: the session is replaced by a full one (a new id, as at any change of privilege) that
 * keeps its person, mandate and absolute end. Returns the new session's cookie.
 */
export async function completeSecondFactor(row: SessionRow): Promise<string> {
  return createSession(
    {
      userId: row.userId,
      actingPersonId: row.actingPersonId,
      acr: row.acr,
      userAgent: row.userAgent,
      absoluteExpiresAt: row.absoluteExpiresAt,
    },
    row.idHash,
  );
}
