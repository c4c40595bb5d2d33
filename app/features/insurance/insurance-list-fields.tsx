// CONTRACT STUB — implemented by the insurance work. Rendered by the insurance search list inside its GET filter
// form; the chosen values travel as the query parameters `insuranceCompany` and `reimbursement`.

export const INSURANCE_LIST_PARAMS = ["insuranceCompany", "reimbursement"] as const;

export function InsuranceListFields({ values }: { values: { insuranceCompany: string | null; reimbursement: string | null } }) {
  void values;
  return null;
}
