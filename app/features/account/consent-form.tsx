import { useState, type ReactNode } from "react";
import { consentChoicesFor } from "./consent-choices";
import { Checkbox } from "~/ui/form";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { useBrand } from "~/ui/root-data";

/**
 * The consent fields (spec part 1 §4–§5), to be placed inside a form: the required privacy-policy
 * acknowledgement and the brand's optional choices. Once hydrated, the submit button passed in stays disabled
 * until the acknowledgement is ticked; without JavaScript the server checks it.
 */
export function ConsentFields({ error, submit }: { error?: string; submit(enabled: boolean): ReactNode }) {
  const t = useT();
  const brand = useBrand();
  const hydrated = useHydrated();
  const [acknowledged, setAcknowledged] = useState(false);
  return (
    <>
      <fieldset className="fieldset consent">
        <legend className="fieldset__legend">{t("account.consent.legend")}</legend>
        <p>{t("account.consent.intro", { brand: brand?.name })}</p>
        <p>
          <a href={brand?.links.terms}>{t("account.consent.policyLink")}</a>
        </p>
        <Checkbox
          id="privacyPolicyAcknowledged"
          name="privacyPolicyAcknowledged"
          label={
            <>
              {t("account.consent.acknowledgement")} <span aria-hidden="true">*</span>
            </>
          }
          error={error}
          onChange={setAcknowledged}
        />
        {consentChoicesFor(brand?.id ?? "main").map((choice) => (
          <Checkbox key={choice} id={choice} name={choice} label={t(`account.consent.choices.${choice}`)} />
        ))}
      </fieldset>
      {submit(!hydrated || acknowledged)}
    </>
  );
}
