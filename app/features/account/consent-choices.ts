/**
 * The optional choices of the patient-data consent form (spec part 1 §3 "Consent flags"). Kept apart from the
 * zod schema so the browser bundle of the form does not carry zod.
 */
export const CONSENT_CHOICES = [
  "allowsCommonRegistry",
  "allowsViewingOccupationalInformation",
  "allowsMarketingMail",
  "allowsTreatmentInstructionsMail",
  "allowsBookingSms",
] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** Choices shown in a brand: the occupational-register choice exists only in the main brand. */
export function consentChoicesFor(brandId: string): ConsentChoice[] {
  return CONSENT_CHOICES.filter((c) => c !== "allowsViewingOccupationalInformation" || brandId === "main");
}
