import { z } from "zod";

/**
 * The patient-data consent form (spec part 1 §4–§5): the privacy-policy acknowledgement is required; the five
 * choices are optional. The occupational-register choice exists only in the main brand.
 */
export { CONSENT_CHOICES, consentChoicesFor, type ConsentChoice } from "./consent-choices";

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const consentSchema = z.object({
  privacyPolicyAcknowledged: z.preprocess(
    (v) => v === "on" || v === "true" || v === true,
    z.literal(true, { error: "account.consent.errors.acknowledgementRequired" }),
  ),
  allowsCommonRegistry: checkbox,
  allowsViewingOccupationalInformation: checkbox,
  allowsMarketingMail: checkbox,
  allowsTreatmentInstructionsMail: checkbox,
  allowsBookingSms: checkbox,
});
