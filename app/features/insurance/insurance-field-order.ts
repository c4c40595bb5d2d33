import type { INSURANCE_FIELDS } from "./insurance-choice";

/**
 * The ids of the insurer panel's fields, in the order it shows them (the error summary's order): the names of
 * INSURANCE_FIELDS and the verification's. Written out here, apart from insurance-choice.ts, so that the reservation
 * page needs none of the panel's code until it shows the panel (insurance-choice.test.ts checks that none is missing).
 */
export const INSURANCE_FIELD_ORDER = [
  "insurer",
  "reimbursement",
  "insuranceOwner",
  "insuranceEventType",
  "insuranceConsent",
  "insuranceVerification",
  "insurancePermit",
] as const satisfies readonly ((typeof INSURANCE_FIELDS)[keyof typeof INSURANCE_FIELDS] | "insuranceVerification")[];
