import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { consentChoicesFor, type ConsentChoice } from "~/features/account/consent-choices";
import { Checkbox } from "~/ui/form";
import { CsrfField } from "~/ui/csrf-field";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { useBrand } from "~/ui/root-data";

/**
 * The permissions and agreements tab (spec part 1 §4–§5): the privacy-policy acknowledgement (required; ticked
 * and the policy text hidden once given before) and the brand's consent flags — the occupational-register one
 * only in the main brand. With JavaScript, saving is possible only when acknowledged and not already sending.
 */
export function ConsentForm({
  action,
  updated,
  choices,
  error,
}: {
  action: string;
  updated: boolean;
  choices: Record<ConsentChoice, boolean>;
  error?: string;
}) {
  const t = useT();
  const brand = useBrand();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [acknowledged, setAcknowledged] = useState(updated);
  const disabled = hydrated && (!acknowledged || navigation.state !== "idle");
  return (
    <Form method="post" action={action} noValidate>
      <CsrfField />
      <input type="hidden" name="intent" value="consent" />
      <fieldset className="fieldset consent">
        <legend className="fieldset__legend">{t("account.consent.legend")}</legend>
        {updated ? null : (
          <>
            <p>{t("account.consent.intro", { brand: brand?.name })}</p>
            <p>
              <a href={brand?.links.terms}>{t("account.consent.policyLink")}</a>
            </p>
          </>
        )}
        <Checkbox
          id="privacyPolicyAcknowledged"
          name="privacyPolicyAcknowledged"
          label={
            <>
              {t("account.consent.acknowledgement")} <span aria-hidden="true">*</span>
            </>
          }
          error={error}
          defaultChecked={updated}
          onChange={setAcknowledged}
        />
        {consentChoicesFor(brand?.id ?? "main").map((choice) => (
          <Checkbox
            key={choice}
            id={choice}
            name={choice}
            label={t(`account.consent.choices.${choice}`)}
            defaultChecked={choices[choice]}
          />
        ))}
      </fieldset>
      <button type="submit" className="button" disabled={disabled} aria-disabled={disabled || undefined}>
        {t("myInformation.consent.submit")}
      </button>
    </Form>
  );
}
