import type { Brand, Environment } from "#brands/index";
import type { Person } from "~/.server/session";
import { phoneEnding, type MfaStatus } from "~/features/session/sms-login";
import {
  cancelOnboarding,
  confirmOnboardingCode,
  mfaStatus,
  setSmsLogin,
  type SmsContext,
} from "~/features/session/sms-login.server";

/** What My information shows of SMS login: the status, with phone numbers only as their last two digits. */
export type SmsLoginView =
  | { type: "enabled"; ending: string }
  | { type: "off"; phoneEnding: string | null }
  | { type: "code-sent"; ending: string }
  | { type: "locked"; nextAttempt: string };

export async function smsLoginView(
  user: Person,
  actingForChild: boolean,
  brand: Brand,
  environment: Environment,
): Promise<SmsLoginView | null> {
  // SMS login is the user's own: a guardian acting for a child does not see it on the child's page.
  if (actingForChild) return null;
  return viewOf(await mfaStatus(user, brand, environment), user);
}

function viewOf(status: MfaStatus, user: Person): SmsLoginView | null {
  switch (status.type) {
    case "environment-has-mfa-disabled":
      return null;
    case "enabled":
      return { type: "enabled", ending: phoneEnding(status.verifiedPhoneNumber) };
    case "user-wants-to-enable-mfa":
      return { type: "code-sent", ending: phoneEnding(status.phoneNumber) };
    case "too-many-onboarding-attempts":
      return { type: "locked", nextAttempt: status.nextAttempt };
    default:
      return { type: "off", phoneEnding: user.phoneNumber ? phoneEnding(user.phoneNumber) : null };
  }
}

/** The outcome of one of the section's forms: a notice for the page after the redirect, or an error to show. */
export type SmsLoginOutcome =
  | { type: "done"; flash: { type: "success" | "error" | "info"; key: string } | null }
  | { type: "error"; status: number; key: string };

/** The switch's forms: on (sends the code at once), the code, back (cancel the code) and off. */
export async function smsLoginAction(
  user: Person,
  intent: string,
  form: FormData,
  context: SmsContext,
): Promise<SmsLoginOutcome> {
  if (intent === "smsLoginEnable") {
    const result = await setSmsLogin(user, "enable", context);
    if (result.type === "code-sent") return { type: "done", flash: null };
    if (result.type === "no-phone" || result.type === "invalid-phone")
      return { type: "error", status: 400, key: "myInformation.smsLogin.errors.noPhone" };
    return { type: "error", status: 429, key: "myInformation.smsLogin.errors.tooManyCodes" };
  }
  if (intent === "smsLoginDisable") {
    await setSmsLogin(user, "disable", context);
    return { type: "done", flash: { type: "success", key: "myInformation.smsLogin.disabled" } };
  }
  if (intent === "smsLoginCancel") {
    await cancelOnboarding(user);
    return { type: "done", flash: null };
  }
  const result = await confirmOnboardingCode(user, form.get("smsCode"));
  if (result === "mfa-ok") return { type: "done", flash: { type: "success", key: "myInformation.smsLogin.enabled" } };
  if (result === "too-many-mfa-attempts")
    return { type: "done", flash: { type: "error", key: "myInformation.smsLogin.errors.tooMany" } };
  return { type: "error", status: 400, key: "myInformation.smsLogin.errors.code" };
}
