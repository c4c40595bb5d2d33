/**
 * The SMS login onboarding panel's steps and answers: what the front page needs of it without loading the panel.
 */
/** The panel's step, from the server: the phone to send a code to, or the code that was sent. */
export type OnboardingStep = { step: "phone"; phoneNumber: string } | { step: "code"; ending: string };

/** What the front page's action answers the panel (the page's action data without JavaScript, a fetcher's with). */
export type OnboardingAnswer = {
  panel: "sent" | "mfa-ok" | "mfa-challenge-failed" | "too-many-mfa-attempts" | "invalid-phone" | "too-many-codes";
};

/** The ids of the panel's fields, in the order it shows them. */
export const ONBOARDING_FIELDS = ["mfa-phone", "mfa-code"];

/** The error a panel answer shows at its field (an i18n key), if any. */
export function onboardingError(answer: OnboardingAnswer | undefined): { field: string; key: string } | null {
  if (answer?.panel === "invalid-phone") return { field: "mfa-phone", key: "frontPage.mfa.errors.phone" };
  if (answer?.panel === "mfa-challenge-failed") return { field: "mfa-code", key: "frontPage.mfa.errors.code" };
  return null;
}
