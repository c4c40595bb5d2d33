/**
 * The insurance search list's own query parameters, chosen with its filter form's radios (`InsuranceListFields`):
 * apart from the fields, so that the list's form and server read them without loading the fields.
 */
export const INSURANCE_LIST_PARAMS = ["insuranceCompany", "reimbursement"] as const;

/** The list's values of its parameters (none chosen: absent). */
export type InsuranceListValues = Partial<Record<(typeof INSURANCE_LIST_PARAMS)[number], string>>;
