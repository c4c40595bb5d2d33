import { createCookie } from "react-router";
import { and, eq } from "drizzle-orm";
import { now } from "~/.server/clock";
import { authSuccessCookie, loginTypeOfAcr } from "~/.server/analytics-consent";
import { cookieName } from "~/.server/cookies";
import { csrfCookieHeader, newCsrfCookieValue } from "~/.server/csrf";
import { db } from "~/.server/db/client";
import { guardianships, people } from "~/.server/db/schema";
import { env } from "~/.server/env";
import { reportErrorOncePer } from "~/.server/error-reporting";
import { flashCookie } from "~/.server/flash";
import { beginLogin, completeLogin, IdentityError, type PendingLogin } from "~/.server/identity/oidc";
import { logger } from "~/.server/logger";
import { createSession, destroySession, startSession, type Person } from "~/.server/session";
import { clearSessionScopeCookie } from "~/.server/session-scope";
import { ageOn, identityCodeOptions, parseIdentityCode } from "~/lib/identity-code";
import { isLang, type Lang } from "~/lib/lang";
import { href } from "~/route-table";
import { acrValues } from "~/lib/login-options";
import { safeNextPath } from "./login-options";
import { sendLoginCode, type SmsContext } from "./sms-login.server";
import { logins } from "~/.server/metrics";

/** Children aged 11 and under are handled by a guardian through a mandate (spec part 1 §1). */
export const MANDATE_MAX_AGE = 11;

type PendingCookie = PendingLogin & { next: string; lang: Lang };

/** While the identity broker stays unreachable, it is reported at most once in this time. */
export const BROKER_REPORT_INTERVAL_MS = 10 * 60 * 1000;

function pendingCookie() {
  return createCookie(cookieName("login"), {
    httpOnly: true,
    sameSite: "lax",
    secure: env().secureCookies,
    path: "/",
    maxAge: 600,
    secrets: [env().sessionSecret],
  });
}

/** Where starting an identification leads: the broker (with the pending cookie), back to login, or nowhere. */
export type StartOutcome =
  { kind: "broker"; location: string; cookie: string } | { kind: "login"; location: string } | { kind: "unavailable" };

/**
 * GET /oauth/authenticate?lang&next&acr_values[&mandate=child]: remembers state, nonce and PKCE verifier in a
 * signed cookie and sends the browser to the identity broker.
 */
export async function startLogin(url: URL, origin: string): Promise<StartOutcome> {
  const lang: Lang = isLang(url.searchParams.get("lang")) ? (url.searchParams.get("lang") as Lang) : "fi";
  const acr = url.searchParams.get("acr_values") ?? "";
  const option = acrValues().find((o) => o.acr === acr);
  if (!option) return { kind: "login", location: href("login", lang) };
  const mandate = url.searchParams.get("mandate") === "child";
  const next = safeNextPath(url.searchParams.get("next"), href("home", lang));
  let begun: Awaited<ReturnType<typeof beginLogin>>;
  try {
    begun = await beginLogin({
      redirectUri: `${origin}/oauth/callback`,
      acrValue: option.acr,
      uiLocale: lang,
      mandate,
    });
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    // The broker cannot be reached (or its discovery fails): the error page with a retry, and one report per outage.
    reportErrorOncePer("identity-broker", BROKER_REPORT_INTERVAL_MS, error, { where: "startLogin" });
    return { kind: "unavailable" };
  }
  const { url: authUrl, pending } = begun;
  const value: PendingCookie = { ...pending, next, lang };
  return { kind: "broker", location: authUrl, cookie: await pendingCookie().serialize(value) };
}

/** Where the callback leads, and (for the metrics) how the identification ended when it did not succeed. */
type CallbackOutcome = { location: string; cookies: string[]; failure?: "expired" | "cancelled" | "failed" };

/**
 * GET /oauth/callback: finishes the code flow, then logs the person in (a new session id), sends a new
 * customer to registration, or — for a guardian — checks the chosen child before acting for them.
 */
export async function finishLogin(
  request: Request,
  previousSessionHash: string | null,
  smsLogin: { enabled: boolean; context: Omit<SmsContext, "lang"> },
): Promise<CallbackOutcome> {
  const pending = (await pendingCookie().parse(request.headers.get("Cookie"))) as PendingCookie | null;
  const outcome = await finishIdentification(request, pending, previousSessionHash, smsLogin);
  // The method as the login page asked for it (a signed cookie's `urn:…` value), never anything the browser chose.
  const method = pending?.acr && /^urn:[\w:.-]{1,60}$/.test(pending.acr) ? pending.acr : "unknown";
  logins.inc({ method, outcome: outcome.failure ?? "success" });
  return outcome;
}

async function finishIdentification(
  request: Request,
  pending: PendingCookie | null,
  previousSessionHash: string | null,
  smsLogin: { enabled: boolean; context: Omit<SmsContext, "lang"> },
): Promise<CallbackOutcome> {
  const clearPending = await pendingCookie().serialize("", { maxAge: 0 });
  const lang = pending?.lang ?? "fi";
  const loginPage = (
    key: `session.login.errors.${NonNullable<CallbackOutcome["failure"]>}`,
    type: "error" | "info" = "error",
  ): CallbackOutcome => ({
    location: href("login", lang, {}, pending?.next ? { nextPath: pending.next } : undefined),
    cookies: [clearPending, flashCookie({ type, key })],
    failure: key.slice("session.login.errors.".length) as CallbackOutcome["failure"],
  });
  if (!pending) return loginPage("session.login.errors.expired");

  let identified;
  try {
    identified = await completeLogin({ currentUrl: new URL(request.url), pending });
  } catch (error) {
    if (error instanceof IdentityError && error.code === "cancelled")
      return loginPage("session.login.errors.cancelled", "info");
    logger.warn("identification failed", {
      reason: error instanceof IdentityError ? error.code : "unexpected",
      error: (error as Error).message,
    });
    return loginPage("session.login.errors.failed");
  }

  const parsed = parseIdentityCode(identified.identityCode, identityCodeOptions(env().environment));
  if (!parsed.ok) return loginPage("session.login.errors.failed");

  const [person] = await db().select().from(people).where(eq(people.identityCode, parsed.value.code)).limit(1);
  const freshCsrf = csrfCookieHeader(newCsrfCookieValue());
  const userAgent = request.headers.get("User-Agent");

  if (pending.mandate) {
    const choice = href("transactionPath", lang, {}, { error: "disallowed" });
    const unknown = href("transactionPath", lang, {}, { error: "unknown" });
    if (!person || !identified.mandateIdentityCode)
      return { location: person ? choice : unknown, cookies: [clearPending] };
    const child = await findMandateChild(person.id, identified.mandateIdentityCode);
    if (!child) {
      // A child the mandate names but the portal has no record of yet: the guardian registers the child first.
      const unregistered = await unregisteredMandateChild(identified.mandateIdentityCode);
      if (!unregistered) return { location: choice, cookies: [clearPending] };
      const sessionCookie = await createSession(
        {
          userId: null,
          actingPersonId: null,
          pendingIdentity: { identityCode: unregistered, guardianId: person.id },
          acr: identified.acr ?? pending.acr,
          userAgent,
        },
        previousSessionHash,
      );
      return {
        location: href("registration", lang, {}, { next: pending.next }),
        cookies: [clearPending, sessionCookie, freshCsrf],
      };
    }
    return loggedIn(
      person,
      { userId: person.id, actingPersonId: child.id, acr: identified.acr ?? pending.acr, userAgent },
      safeNextPath(pending.next, href("home", lang)),
    );
  }

  if (!person) {
    const sessionCookie = await createSession(
      {
        userId: null,
        actingPersonId: null,
        pendingIdentity: {
          identityCode: parsed.value.code,
          firstName: identified.firstName,
          lastName: identified.lastName,
        },
        acr: identified.acr ?? pending.acr,
        userAgent,
      },
      previousSessionHash,
    );
    return {
      location: href("registration", lang, {}, { next: pending.next }),
      cookies: [clearPending, sessionCookie, freshCsrf],
    };
  }

  return loggedIn(
    person,
    { userId: person.id, actingPersonId: person.id, acr: identified.acr ?? pending.acr, userAgent },
    pending.next,
  );

  /**
   * A new session for an identified person. With SMS login on, it waits for the code sent to the verified phone
   * and the person goes to the SMS code page first.
   */
  async function loggedIn(
    user: Person,
    values: Parameters<typeof startSession>[0],
    next: string,
  ): Promise<CallbackOutcome> {
    const phone = user.mfaVerifiedPhone;
    if (!smsLogin.enabled || !phone) {
      const sessionCookie = await createSession(values, previousSessionHash);
      const loginType = authSuccessCookie(loginTypeOfAcr(values.acr));
      return { location: next, cookies: [clearPending, sessionCookie, freshCsrf, loginType] };
    }
    const { cookie, idHash } = await startSession({ ...values, awaitingSecondFactor: true }, previousSessionHash);
    await sendLoginCode({ ...user, mfaVerifiedPhone: phone }, idHash, { ...smsLogin.context, lang });
    return { location: href("authentication", lang, {}, { next }), cookies: [clearPending, cookie, freshCsrf] };
  }
}

/** The child a guardian may act for: a registered guardianship and the child aged 11 or under today. */
export async function findMandateChild(guardianId: string, childIdentityCode: string) {
  const code = childIdentityCode.trim().toUpperCase();
  const [row] = await db()
    .select({ child: people })
    .from(guardianships)
    .innerJoin(people, eq(people.id, guardianships.childId))
    .where(and(eq(guardianships.guardianId, guardianId), eq(people.identityCode, code)))
    .limit(1);
  if (!row) return null;
  const [year, month, day] = row.child.birthDate.split("-").map(Number);
  return ageOn({ year, month, day }, now()) <= MANDATE_MAX_AGE ? row.child : null;
}

/**
 * The identity code of a child named by a guardian's mandate who has no patient record yet and is 11 or younger
 * (spec part 2 §2, registration of a child through a guardian); null otherwise.
 */
export async function unregisteredMandateChild(childIdentityCode: string): Promise<string | null> {
  const parsed = parseIdentityCode(childIdentityCode.trim().toUpperCase(), identityCodeOptions(env().environment));
  if (!parsed.ok || ageOn(parsed.value.birthDate, now()) > MANDATE_MAX_AGE) return null;
  const [existing] = await db()
    .select({ id: people.id })
    .from(people)
    .where(eq(people.identityCode, parsed.value.code))
    .limit(1);
  return existing ? null : parsed.value.code;
}

/** Ends the session server-side and replaces the CSRF cookie; the flash greets the person on the next page. */
export async function logout(sessionHash: string | null): Promise<string[]> {
  return [
    await destroySession(sessionHash),
    csrfCookieHeader(newCsrfCookieValue()),
    // Logging out also ends the in-app booking scope of the browser session.
    clearSessionScopeCookie(),
    flashCookie({ type: "success", key: "session.logout.done" }),
  ];
}
