import type { Brand, Environment } from "#brands/index";
import type { Person } from "~/.server/session";
import { phoneEnding } from "~/features/session/sms-login";
import {
  cancelOnboarding,
  confirmOnboardingCode,
  mfaStatus,
  requestOnboardingCode,
  type SmsContext,
} from "~/features/session/sms-login.server";
import type { OnboardingAnswer, OnboardingStep } from "./sms-onboarding";

/**
 * The onboarding panel's step for a front page that offers it (an onboarding phone number and no verified device):
 * the code when one was sent and still counts, else the phone; none once onboarding is locked for now.
 */
export async function onboardingStep(
  user: Person,
  offered: { phoneNumber: string } | null,
  brand: Brand,
  environment: Environment,
): Promise<OnboardingStep | null> {
  if (!offered) return null;
  const status = await mfaStatus(user, brand, environment);
  if (status.type === "user-wants-to-enable-mfa") return { step: "code", ending: phoneEnding(status.phoneNumber) };
  if (status.type === "user-has-no-verified-mfa-device") return { step: "phone", phoneNumber: offered.phoneNumber };
  return null;
}

/** The panel's forms: send a code to the phone, check the code, or go back to the phone. */
export async function onboardingAction(user: Person, form: FormData, context: SmsContext): Promise<OnboardingAnswer> {
  const intent = form.get("intent");
  if (intent === "mfaPhone") {
    const sent = await requestOnboardingCode(user, form.get("phoneNumber"), context);
    if (sent.type === "sent") return { panel: "sent" };
    return { panel: sent.type === "invalid-phone" ? "invalid-phone" : "too-many-codes" };
  }
  if (intent === "mfaRestart") {
    await cancelOnboarding(user);
    return { panel: "sent" };
  }
  return { panel: await confirmOnboardingCode(user, form.get("code")) };
}
