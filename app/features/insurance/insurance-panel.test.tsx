import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import fi from "../../../locales/fi/insurance.json";
import { I18nProvider } from "~/ui/i18n";
import { InsurancePanel } from "./insurance-panel";
import type { InsurancePanelState } from "./insurance.server";

const base: InsurancePanelState = {
  choice: { insurer: null, reimbursement: null, consent: false, policyOwner: null, eventType: null, permit: null },
  selectionComplete: false,
  errors: {},
  isRemote: true,
  features: { lahitapiolaFlow: true, pohjolaCompanyFlow: true },
  lahitapiola: {
    status: "not_asked",
    permits: [],
    applyPermitHref:
      "/api/insurance/lahitapiola-apply-permit?redirectTo=%2Ffi%2Fvapaat-ajat%2Fvakuutus%2F1&channel=web&lang=fi",
  },
  pohjola: { status: "undefined", policyId: null, productName: null, coverages: [] },
};

/** Server-renders the panel as a page without JavaScript gets it. */
function render(state: InsurancePanelState): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => (
        <I18nProvider lang="fi" resources={{ insurance: fi, common: { form: { errorPrefix: "Virhe" } } }}>
          <InsurancePanel state={state} />
        </I18nProvider>
      ),
    },
  ]);
  return renderToString(<Stub hydrationData={{ loaderData: { root: { lang: "fi" } } }} />);
}

describe("InsurancePanel without JavaScript", () => {
  it("shows every field in fieldsets with legends, and the company option disabled for a remote appointment", () => {
    const html = render(base);
    expect(html).toContain("<legend");
    expect(html).toContain('id="insurer"');
    expect(html).toContain('id="reimbursement"');
    expect(html).toContain('id="insuranceConsent"');
    expect(html).toMatch(/id="insuranceOwner-company"[^>]*disabled=""/);
    expect(html).toContain('value="insurance:verify"');
  });

  it("renders field errors with their ids wired to aria-describedby", () => {
    const html = render({
      ...base,
      errors: {
        insurer: "insurance.errors.insurerRequired",
        insuranceConsent: "insurance.errors.consentRequiredForVerification",
      },
    });
    expect(html).toContain('id="insurer-error"');
    expect(html).toContain("Vakuutusyhtiö on vaadittu tieto");
    expect(html).toMatch(/aria-describedby="insuranceConsent-hint insuranceConsent-error"/);
  });

  it("shows the second insurer's permits as radios and the apply link when there are none", () => {
    const chosen = {
      ...base.choice,
      insurer: "LAHITAPIOLA" as const,
      reimbursement: "USE_REIMBURSEMENT" as const,
      consent: true,
    };
    const withPermits = render({
      ...base,
      choice: chosen,
      lahitapiola: {
        ...base.lahitapiola,
        status: "insurance_found_with_permits",
        permits: [{ contentHash: "ab".repeat(16), symptom: "Polven vamma", bodyPart: "Polvi", validTo: "2027-01-19" }],
      },
    });
    expect(withPermits).toContain('name="insurancePermit"');
    expect(withPermits).toContain("Polven vamma (Polvi)");
    expect(withPermits).toContain("Voimassa 19.1.2027 asti");
    const none = render({
      ...base,
      choice: chosen,
      lahitapiola: { ...base.lahitapiola, status: "insurance_found_no_permits" },
    });
    expect(none).toContain(
      'href="/api/insurance/lahitapiola-apply-permit?redirectTo=%2Ffi%2Fvapaat-ajat%2Fvakuutus%2F1&amp;channel=web&amp;lang=fi"',
    );
  });

  it("shows the first insurer's failure with its retry and skip buttons", () => {
    const html = render({
      ...base,
      choice: { ...base.choice, insurer: "POHJOLA", reimbursement: "USE_REIMBURSEMENT", consent: true },
      pohjola: { ...base.pohjola, status: "error" },
    });
    expect(html).toContain("Tarkistus epäonnistui. Emme pystyneet tarkistamaan vakuutustasi.");
    expect(html).toContain('value="insurance:cancel"');
  });
});
