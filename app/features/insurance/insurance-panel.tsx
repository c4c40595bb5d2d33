// CONTRACT STUB — implemented by the insurance work. Rendered inside the reservation page's <Form>.
import type { InsurancePanelState } from "./insurance.server";

/** The insurer selection and verification panel; its buttons post `intent=insurance:…` to the reservation page. */
export function InsurancePanel({ state }: { state: InsurancePanelState }) {
  void state;
  return null;
}
