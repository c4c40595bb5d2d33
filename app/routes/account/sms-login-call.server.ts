import { apiUser } from "~/.server/guards";
import { data, type RouterContextProvider } from "react-router";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import type { Person } from "~/.server/session";
import { smsLoginAvailable, type OnboardingRequest } from "~/features/session/sms-login.server";

/**
 * The person whose SMS login a call changes: the logged-in user themself (never a child acted for), and only where
 * the brand has the `mfa` feature (404 elsewhere, as for a page the brand does not have).
 */
export function smsOwner(context: Readonly<RouterContextProvider>): Person {
  const session = apiUser(context);
  const info = requestInfo(context);
  if (!smsLoginAvailable(info.brand, info.environment)) throw data({ type: "NotFound" }, { status: 404 });
  if (session.actingPerson.id !== session.user.id) throw data({ type: "Forbidden" }, { status: 403 });
  return session.user;
}

/** A code sent: the status it leads to; too many codes: 429 with the next attempt's time. */
export function smsOnboardingCall(sent: Exclude<OnboardingRequest, { type: "invalid-phone" }>) {
  if (sent.type === "sent") return data({ type: "user-wants-to-enable-mfa" as const, phoneNumber: sent.phoneNumber });
  const retryAfter = Math.max(1, Math.ceil((sent.nextAttempt.getTime() - now().getTime()) / 1000));
  return data(
    { type: "too-many-onboarding-attempts" as const, nextAttempt: sent.nextAttempt.toISOString() },
    { status: 429, headers: { "Retry-After": String(retryAfter) } },
  );
}
