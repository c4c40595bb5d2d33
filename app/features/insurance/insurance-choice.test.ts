import { describe, expect, it } from "vitest";
import {
  CONCEPT_CODES,
  EMPTY_CHOICE,
  INSURANCE_FIELDS,
  choiceFromListParams,
  choiceOfConcept,
  conceptCodeFor,
  effectiveReimbursement,
  insuranceChoiceErrors,
  insuranceSelectionComplete,
  parseInsuranceChoice,
  verifiable,
  verificationErrors,
  type InsuranceChoice,
} from "./insurance-choice";
import { INSURANCE_FIELD_ORDER } from "./insurance-field-order";

const choice = (c: Partial<InsuranceChoice>): InsuranceChoice => ({ ...EMPTY_CHOICE, ...c });
const physical = { isRemote: false, pohjolaCompanyFlow: true };

describe("insuranceSelectionComplete (spec part 2 §5)", () => {
  it("needs an insurer", () => {
    expect(insuranceSelectionComplete(choice({}))).toBe(false);
    expect(insuranceSelectionComplete(choice({ insurer: "FENNIA" }))).toBe(true);
    expect(insuranceSelectionComplete(choice({ insurer: "OTHER" }))).toBe(true);
  });

  it("needs a reimbursement choice with the third insurer (If)", () => {
    expect(insuranceSelectionComplete(choice({ insurer: "IF" }))).toBe(false);
    expect(insuranceSelectionComplete(choice({ insurer: "IF", reimbursement: "PAY_AND_REIMBURSE" }))).toBe(true);
    expect(insuranceSelectionComplete(choice({ insurer: "POHJOLA" }))).toBe(true);
  });

  it("needs the consent ticked when the reimbursement is used", () => {
    expect(insuranceSelectionComplete(choice({ insurer: "IF", reimbursement: "USE_REIMBURSEMENT" }))).toBe(false);
    expect(
      insuranceSelectionComplete(choice({ insurer: "IF", reimbursement: "USE_REIMBURSEMENT", consent: true })),
    ).toBe(true);
    expect(insuranceSelectionComplete(choice({ insurer: "LAHITAPIOLA", reimbursement: "USE_REIMBURSEMENT" }))).toBe(
      false,
    );
  });

  it("never uses direct reimbursement for an 'other' insurer, so no consent is needed there", () => {
    const other = choice({ insurer: "OTHER", reimbursement: "USE_REIMBURSEMENT" });
    expect(effectiveReimbursement(other)).toBe("PAY_AND_REIMBURSE");
    expect(insuranceSelectionComplete(other)).toBe(true);
  });
});

describe("field errors", () => {
  it("gives the spec's messages as keys on the field names", () => {
    expect(insuranceChoiceErrors(choice({}), physical)).toEqual({ insurer: "insurance.errors.insurerRequired" });
    expect(insuranceChoiceErrors(choice({ insurer: "IF" }), physical)).toEqual({
      reimbursement: "insurance.errors.reimbursementRequired",
    });
    expect(insuranceChoiceErrors(choice({ insurer: "IF", reimbursement: "USE_REIMBURSEMENT" }), physical)).toEqual({
      insuranceConsent: "insurance.errors.consentRequired",
    });
    expect(
      insuranceChoiceErrors(choice({ insurer: "IF", reimbursement: "USE_REIMBURSEMENT", consent: true }), physical),
    ).toEqual({});
  });

  it("asks the first insurer's policy owner (payment type) in the company flow, and the event type for companies", () => {
    const pohjola = choice({ insurer: "POHJOLA", reimbursement: "USE_REIMBURSEMENT", consent: true });
    expect(insuranceChoiceErrors(pohjola, physical)).toEqual({
      insuranceOwner: "insurance.errors.paymentTypeRequired",
    });
    expect(insuranceChoiceErrors(pohjola, { ...physical, pohjolaCompanyFlow: false })).toEqual({});
    expect(insuranceChoiceErrors({ ...pohjola, policyOwner: "company" }, physical)).toEqual({
      insuranceEventType: "insurance.errors.eventTypeRequired",
    });
    expect(insuranceChoiceErrors({ ...pohjola, policyOwner: "company", eventType: "sickness" }, physical)).toEqual({});
    expect(insuranceChoiceErrors({ ...pohjola, policyOwner: "personal" }, physical)).toEqual({});
  });

  it("refuses company insurance for a remote appointment", () => {
    const company = choice({
      insurer: "POHJOLA",
      reimbursement: "USE_REIMBURSEMENT",
      consent: true,
      policyOwner: "company",
      eventType: "sickness",
    });
    expect(insuranceChoiceErrors(company, { ...physical, isRemote: true })).toEqual({
      insuranceOwner: "insurance.errors.companyNotForRemote",
    });
  });

  it("the verification button needs the consent and an insurer that has a check", () => {
    const options = { ...physical, pohjolaCompanyFlow: false, lahitapiolaFlow: true };
    expect(verificationErrors(choice({ insurer: "LAHITAPIOLA" }), options)).toEqual({
      insuranceConsent: "insurance.errors.consentRequiredForVerification",
    });
    expect(verificationErrors(choice({ insurer: "LAHITAPIOLA", consent: true }), options)).toEqual({});
    expect(verificationErrors(choice({ insurer: "IF", consent: true }), options)).toEqual({
      insurer: "insurance.errors.noVerification",
    });
    expect(
      verificationErrors(choice({ insurer: "LAHITAPIOLA", consent: true }), { ...options, lahitapiolaFlow: false }),
    ).toEqual({ insurer: "insurance.errors.noVerification" });
    expect(verifiable("POHJOLA", { lahitapiolaFlow: false })).toBe(true);
  });
});

describe("parsing the posted fields", () => {
  it("keeps known values only", () => {
    const form = new URLSearchParams({
      insurer: "IF",
      reimbursement: "USE_REIMBURSEMENT",
      insuranceConsent: "on",
      insuranceOwner: "boss",
      insurancePermit: "abc",
    });
    expect(parseInsuranceChoice(form)).toEqual({
      insurer: "IF",
      reimbursement: "USE_REIMBURSEMENT",
      consent: true,
      policyOwner: null,
      eventType: null,
      permit: null,
    });
    expect(parseInsuranceChoice(new URLSearchParams({ insurer: "TRYGG" }))).toEqual(EMPTY_CHOICE);
    const hash = "0123456789abcdef0123456789abcdef";
    expect(parseInsuranceChoice(new URLSearchParams({ insurancePermit: hash })).permit).toBe(hash);
  });
});

describe("concept codes and the list's parameters", () => {
  it("chooses the concept by insurer and reimbursement, and every chosen code is accepted by /api/concepts", () => {
    expect(conceptCodeFor(choice({ insurer: "IF", reimbursement: "USE_REIMBURSEMENT" }))).toBe("VAK-IF-SK");
    expect(conceptCodeFor(choice({ insurer: "IF", reimbursement: "PAY_AND_REIMBURSE" }))).toBe("VAK-IF-MK");
    expect(conceptCodeFor(choice({ insurer: "OTHER", reimbursement: "USE_REIMBURSEMENT" }))).toBe("VAK-OTHER-MK");
    expect(
      conceptCodeFor(choice({ insurer: "POHJOLA", reimbursement: "USE_REIMBURSEMENT", policyOwner: "company" })),
    ).toBe("VAK-POHJOLA-YRITYS-SK");
    for (const insurer of ["POHJOLA", "LAHITAPIOLA", "IF", "FENNIA", "OTHER"] as const)
      for (const reimbursement of ["USE_REIMBURSEMENT", "PAY_AND_REIMBURSE", null] as const)
        for (const policyOwner of ["personal", "company", null] as const)
          expect(CONCEPT_CODES).toContain(conceptCodeFor(choice({ insurer, reimbursement, policyOwner })));
  });

  it("maps the list's insurer codes to the in-portal options (OP is the first insurer)", () => {
    expect(choiceFromListParams("OP", "COMPANY_REIMBURSEMENT")).toEqual({
      insurer: "POHJOLA",
      reimbursement: "USE_REIMBURSEMENT",
      policyOwner: "company",
    });
    expect(choiceFromListParams("IF", "PAY_AND_REIMBURSE")).toEqual({
      insurer: "IF",
      reimbursement: "PAY_AND_REIMBURSE",
    });
    expect(choiceFromListParams("LAHITAPIOLA", "USE_REIMBURSEMENT")).toEqual({
      insurer: "LAHITAPIOLA",
      reimbursement: "USE_REIMBURSEMENT",
    });
    expect(choiceFromListParams("OTHER", "USE_REIMBURSEMENT")).toEqual({ insurer: "OTHER", reimbursement: null });
    expect(choiceFromListParams("TRYGG", "USE_REIMBURSEMENT")).toEqual({});
    expect(choiceFromListParams(null, null)).toEqual({});
  });
});

describe("choiceOfConcept", () => {
  it("reads every known concept code back to the choice that makes it, and nothing else", () => {
    for (const code of CONCEPT_CODES) {
      const choice = choiceOfConcept(code);
      expect(choice, code).not.toBeNull();
      expect(conceptCodeFor({ ...EMPTY_CHOICE, ...choice }), code).toBe(code);
    }
    expect(choiceOfConcept("VAK-POHJOLA-YRITYS-SK")).toEqual({
      insurer: "POHJOLA",
      reimbursement: "USE_REIMBURSEMENT",
      policyOwner: "company",
    });
    expect(choiceOfConcept("FORGED-CONCEPT")).toBeNull();
    expect(choiceOfConcept("")).toBeNull();
  });
});

describe("the panel's field order (the error summary's)", () => {
  it("names each of the panel's fields once", () => {
    expect([...INSURANCE_FIELD_ORDER].sort()).toEqual(
      [...Object.values(INSURANCE_FIELDS), "insuranceVerification"].sort(),
    );
  });
});
