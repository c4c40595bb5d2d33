// Rendered by the insurance search list inside its GET filter form; the chosen values travel as the query
// parameters `insuranceCompany` and `reimbursement` (and preselect the reservation page's insurer panel).
import { useT } from "~/ui/i18n";
import type { InsuranceListValues } from "./insurance-list-params";

/**
 * The booking list's insurer codes (spec §3: IF, LAHITAPIOLA, OP, OTHER) mapped to the in-portal options
 * (`choiceFromListParams`). OP is the first insurer's group (Pohjola is OP's insurer); the fourth insurer is not
 * offered in the list.
 */
export const LIST_INSURERS = ["IF", "LAHITAPIOLA", "OP", "OTHER"] as const;
export const LIST_REIMBURSEMENTS = ["PAY_AND_REIMBURSE", "COMPANY_REIMBURSEMENT", "USE_REIMBURSEMENT"] as const;

function ListRadios({
  name,
  legend,
  values,
  current,
}: {
  name: string;
  legend: string;
  values: readonly string[];
  current: string | undefined;
}) {
  const t = useT();
  return (
    <div className="field">
      <fieldset className="fieldset">
        <legend className="fieldset__legend">{legend}</legend>
        <div className="radios">
          {values.map((value, i) => {
            const id = i === 0 ? name : `${name}-${value}`;
            return (
              <div className="radios__item" key={value}>
                <input
                  className="radios__input"
                  id={id}
                  name={name}
                  type="radio"
                  value={value}
                  defaultChecked={current === value}
                />
                <label className="radios__label" htmlFor={id}>
                  {t(`insurance.list.${name}.${value}`)}
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

export function InsuranceListFields({ values }: { values: InsuranceListValues }) {
  const t = useT();
  return (
    <>
      <ListRadios
        name="insuranceCompany"
        legend={t("insurance.list.insuranceCompany.legend")}
        values={LIST_INSURERS}
        current={values.insuranceCompany}
      />
      <ListRadios
        name="reimbursement"
        legend={t("insurance.list.reimbursement.legend")}
        values={LIST_REIMBURSEMENTS}
        current={values.reimbursement}
      />
    </>
  );
}
