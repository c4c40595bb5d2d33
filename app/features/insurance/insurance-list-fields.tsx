// Rendered by the insurance search list inside its GET filter form; the chosen values travel as the query
// parameters `insuranceCompany` and `reimbursement` (and preselect the reservation page's insurer panel).
import { useT } from "~/ui/i18n";
import { LIST_INSURERS, LIST_REIMBURSEMENTS } from "./insurance-choice";

export const INSURANCE_LIST_PARAMS = ["insuranceCompany", "reimbursement"] as const;

function ListRadios({
  name,
  legend,
  values,
  current,
}: {
  name: string;
  legend: string;
  values: readonly string[];
  current: string | null;
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

export function InsuranceListFields({
  values,
}: {
  values: { insuranceCompany: string | null; reimbursement: string | null };
}) {
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
