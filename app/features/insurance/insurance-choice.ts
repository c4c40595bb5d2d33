// Isomorphic: the insurer choice of the reservation form and its rules (spec part 2 §3, §5). No zod here: the
// reservation page's browser bundle imports this file.

import { EVENT_TYPES, type EventType } from "~/lib/insurance-event";

/** The insurer options of the in-portal booking form (spec part 2 §3), in the order shown. */
export const PORTAL_INSURERS = ["POHJOLA", "LAHITAPIOLA", "IF", "FENNIA", "OTHER"] as const;
export type PortalInsurer = (typeof PORTAL_INSURERS)[number];

export const REIMBURSEMENT_CHOICES = ["USE_REIMBURSEMENT", "PAY_AND_REIMBURSE"] as const;
export type ReimbursementChoice = (typeof REIMBURSEMENT_CHOICES)[number];

/** Whose policy the first insurer checks (feature pohjola-company-insurance-flow). */
export const POLICY_OWNERS = ["personal", "company"] as const;
export type PolicyOwner = (typeof POLICY_OWNERS)[number];

/** The names of the panel's form fields; the first radio of a group and the checkbox carry these as ids. */
export const INSURANCE_FIELDS = {
  insurer: "insurer",
  reimbursement: "reimbursement",
  consent: "insuranceConsent",
  policyOwner: "insuranceOwner",
  eventType: "insuranceEventType",
  permit: "insurancePermit",
} as const;

/** What the customer has chosen in the insurer panel of the reservation form. */
export type InsuranceChoice = {
  insurer: PortalInsurer | null;
  reimbursement: ReimbursementChoice | null;
  /** The insurer consent checkbox. */
  consent: boolean;
  /** First insurer with the company flow: personal or company policy. */
  policyOwner?: PolicyOwner | null;
  /** First insurer's company flow: what happened. */
  eventType?: EventType | null;
  /** Second insurer: the content hash of the chosen direct-compensation permit. */
  permit?: string | null;
};

export const EMPTY_CHOICE: InsuranceChoice = {
  insurer: null,
  reimbursement: null,
  consent: false,
  policyOwner: null,
  eventType: null,
  permit: null,
};

function oneOf<T extends string>(values: readonly T[], value: unknown): T | null {
  return typeof value === "string" && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** Reads the panel's fields from a posted form (or any name → value source); unknown values count as not chosen. */
export function parseInsuranceChoice(form: { get(name: string): unknown }): InsuranceChoice {
  const permit = form.get(INSURANCE_FIELDS.permit);
  return {
    insurer: oneOf(PORTAL_INSURERS, form.get(INSURANCE_FIELDS.insurer)),
    reimbursement: oneOf(REIMBURSEMENT_CHOICES, form.get(INSURANCE_FIELDS.reimbursement)),
    consent: form.get(INSURANCE_FIELDS.consent) != null && form.get(INSURANCE_FIELDS.consent) !== "",
    policyOwner: oneOf(POLICY_OWNERS, form.get(INSURANCE_FIELDS.policyOwner)),
    eventType: oneOf(EVENT_TYPES, form.get(INSURANCE_FIELDS.eventType)),
    permit: typeof permit === "string" && /^[0-9a-f]{16,64}$/.test(permit) ? permit : null,
  };
}

/** The reimbursement that applies: "other" insurers are always paid by the customer; unchosen means pay yourself. */
export function effectiveReimbursement(choice: InsuranceChoice): ReimbursementChoice {
  if (choice.insurer === "OTHER") return "PAY_AND_REIMBURSE";
  return choice.reimbursement ?? "PAY_AND_REIMBURSE";
}

/**
 * Spec part 2 §5: is the insurer selection complete enough for the book button? An insurer is chosen; the
 * third insurer (If) also needs a reimbursement choice; and using the reimbursement needs the consent ticked.
 */
export function insuranceSelectionComplete(choice: InsuranceChoice): boolean {
  if (!choice.insurer) return false;
  if (choice.insurer === "IF" && !choice.reimbursement) return false;
  if (effectiveReimbursement(choice) === "USE_REIMBURSEMENT" && !choice.consent) return false;
  return true;
}

export type InsuranceRuleOptions = {
  /** Remote (phone, video) appointment: company insurance cannot be used. */
  isRemote: boolean;
  /** Feature pohjola-company-insurance-flow. */
  pohjolaCompanyFlow: boolean;
};

/** Does the first insurer's verification need the owner (and for companies the event type) chosen first? */
export function asksPolicyOwner(
  choice: InsuranceChoice,
  options: Pick<InsuranceRuleOptions, "pohjolaCompanyFlow">,
): boolean {
  return choice.insurer === "POHJOLA" && options.pohjolaCompanyFlow;
}

/**
 * The field errors of a choice (i18n keys by field name), spec part 2 §5. Empty when the choice may be used
 * for a reservation as far as the form goes (the verification results are checked by the server).
 */
export function insuranceChoiceErrors(choice: InsuranceChoice, options: InsuranceRuleOptions): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!choice.insurer) errors[INSURANCE_FIELDS.insurer] = "insurance.errors.insurerRequired";
  if (choice.insurer === "IF" && !choice.reimbursement)
    errors[INSURANCE_FIELDS.reimbursement] = "insurance.errors.reimbursementRequired";
  if (choice.insurer && effectiveReimbursement(choice) === "USE_REIMBURSEMENT" && !choice.consent)
    errors[INSURANCE_FIELDS.consent] = "insurance.errors.consentRequired";
  if (asksPolicyOwner(choice, options) && effectiveReimbursement(choice) === "USE_REIMBURSEMENT")
    Object.assign(errors, ownerErrors(choice, options));
  return errors;
}

function ownerErrors(choice: InsuranceChoice, options: InsuranceRuleOptions): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!choice.policyOwner) errors[INSURANCE_FIELDS.policyOwner] = "insurance.errors.paymentTypeRequired";
  else if (choice.policyOwner === "company" && options.isRemote)
    errors[INSURANCE_FIELDS.policyOwner] = "insurance.errors.companyNotForRemote";
  else if (choice.policyOwner === "company" && !choice.eventType)
    errors[INSURANCE_FIELDS.eventType] = "insurance.errors.eventTypeRequired";
  return errors;
}

/**
 * The errors that stop the verification button: an insurer that has a check, the consent ticked (spec §5: the
 * verification button needs the consent checkbox) and, for the first insurer's company flow, owner and event.
 */
export function verificationErrors(
  choice: InsuranceChoice,
  options: InsuranceRuleOptions & { lahitapiolaFlow: boolean },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!choice.insurer) errors[INSURANCE_FIELDS.insurer] = "insurance.errors.insurerRequired";
  else if (!verifiable(choice.insurer, options)) errors[INSURANCE_FIELDS.insurer] = "insurance.errors.noVerification";
  if (!choice.consent) errors[INSURANCE_FIELDS.consent] = "insurance.errors.consentRequiredForVerification";
  if (asksPolicyOwner(choice, options)) Object.assign(errors, ownerErrors(choice, options));
  return errors;
}

/** Insurers whose policy the portal can check: the first always, the second with feature lahitapiola-insurance-flow. */
export function verifiable(insurer: PortalInsurer | null, options: { lahitapiolaFlow: boolean }): boolean {
  return insurer === "POHJOLA" || (insurer === "LAHITAPIOLA" && options.lahitapiolaFlow);
}

/**
 * The billing concept code by insurer and reimbursement (spec §7: "chosen by insurer and reimbursement"; the codes
 * are ours). The first insurer's company policies have their own concept.
 */
export function conceptCodeFor(choice: InsuranceChoice): string {
  const insurer = choice.insurer ?? "OTHER";
  const direct = effectiveReimbursement(choice) === "USE_REIMBURSEMENT";
  if (insurer === "POHJOLA" && direct && choice.policyOwner === "company") return "VAK-POHJOLA-YRITYS-SK";
  return `VAK-${insurer}-${direct ? "SK" : "MK"}`;
}

/**
 * The choice a concept code stands for (the reservation call names only the code): insurer, reimbursement and,
 * for the first insurer's direct reimbursement, whose policy. Null for a code the portal does not know.
 */
export function choiceOfConcept(
  code: string,
): Pick<InsuranceChoice, "insurer" | "reimbursement" | "policyOwner"> | null {
  for (const insurer of PORTAL_INSURERS) {
    for (const reimbursement of REIMBURSEMENT_CHOICES) {
      for (const policyOwner of insurer === "POHJOLA" && reimbursement === "USE_REIMBURSEMENT"
        ? POLICY_OWNERS
        : [null]) {
        const choice = { ...EMPTY_CHOICE, insurer, reimbursement, policyOwner };
        if (conceptCodeFor(choice) === code)
          return { insurer, reimbursement: insurer === "OTHER" ? null : reimbursement, policyOwner };
      }
    }
  }
  return null;
}

/** Every concept code /api/concepts accepts. */
export const CONCEPT_CODES: readonly string[] = [
  ...PORTAL_INSURERS.flatMap((i) => (i === "OTHER" ? [`VAK-${i}-MK`] : [`VAK-${i}-SK`, `VAK-${i}-MK`])),
  "VAK-POHJOLA-YRITYS-SK",
];

/** The in-portal choice that the list's `insuranceCompany` and `reimbursement` query parameters preselect. */
export function choiceFromListParams(
  insuranceCompany: string | null,
  reimbursement: string | null,
): Partial<InsuranceChoice> {
  const insurer: PortalInsurer | null =
    insuranceCompany === "OP"
      ? "POHJOLA"
      : insuranceCompany === "IF"
        ? "IF"
        : insuranceCompany === "LAHITAPIOLA"
          ? "LAHITAPIOLA"
          : insuranceCompany === "OTHER"
            ? "OTHER"
            : null;
  if (!insurer) return {};
  const out: Partial<InsuranceChoice> = { insurer };
  // Company reimbursement is the first insurer's company policy used directly; elsewhere it is direct reimbursement.
  if (reimbursement === "USE_REIMBURSEMENT" || reimbursement === "COMPANY_REIMBURSEMENT")
    out.reimbursement = insurer === "OTHER" ? null : "USE_REIMBURSEMENT";
  else if (reimbursement === "PAY_AND_REIMBURSE") out.reimbursement = "PAY_AND_REIMBURSE";
  if (reimbursement === "COMPANY_REIMBURSEMENT" && insurer === "POHJOLA") out.policyOwner = "company";
  return out;
}

/** Insurer names as the insurers write them (proper names, the same in every language). */
export const INSURER_NAMES: Record<PortalInsurer, string> = {
  POHJOLA: "Pohjola Vakuutus",
  LAHITAPIOLA: "LähiTapiola",
  IF: "If Vahinkovakuutus",
  FENNIA: "Fennia",
  OTHER: "",
};
