// CONTRACT STUB — implemented by the insurance work. Isomorphic: used by the reservation form and its rules.

/** The insurer options of the in-portal booking form (spec part 2 §3), in the order shown. */
export const PORTAL_INSURERS = ["POHJOLA", "LAHITAPIOLA", "IF", "FENNIA", "OTHER"] as const;
export type PortalInsurer = (typeof PORTAL_INSURERS)[number];

export const REIMBURSEMENT_CHOICES = ["USE_REIMBURSEMENT", "PAY_AND_REIMBURSE"] as const;
export type ReimbursementChoice = (typeof REIMBURSEMENT_CHOICES)[number];

/** What the customer has chosen in the insurer panel of the reservation form. */
export type InsuranceChoice = {
  insurer: PortalInsurer | null;
  reimbursement: ReimbursementChoice | null;
  /** The insurer consent checkbox. */
  consent: boolean;
};

/** Spec part 2 §5: is the insurer selection complete enough for the book button? */
export function insuranceSelectionComplete(choice: InsuranceChoice): boolean {
  void choice;
  throw new Error("not implemented");
}
