import { useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { consentChoicesFor, type ConsentChoice } from "./consent-choices";
import { CsrfField } from "~/ui/csrf-field";
import { Checkbox } from "~/ui/form";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { useBrand } from "~/ui/root-data";

/**
 * The consent fields (spec part 1 §4–§5), to be placed inside a form: the required privacy-policy acknowledgement
 * (ticked and the policy text hidden once given before: `updated`) and the brand's optional choices — the
 * occupational-register one only in the main brand. Once hydrated, the submit button passed in stays disabled
 * until the acknowledgement is ticked; without JavaScript the server checks it. One set of fields for the clinic
 * door, the patient-data consent page and My information.
 */
export function ConsentFields({
  error,
  updated = false,
  choices,
  submit,
}: {
  error?: string;
  updated?: boolean;
  /** The choices as saved, to start ticked; none: all start unticked. */
  choices?: Record<ConsentChoice, boolean>;
  submit(enabled: boolean): ReactNode;
}) {
  const t = useT();
  const brand = useBrand();
  const hydrated = useHydrated();
  const [acknowledged, setAcknowledged] = useState(updated);
  return (
    <>
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
          defaultChecked={updated || undefined}
          onChange={setAcknowledged}
        />
        {consentChoicesFor(brand?.id ?? "main").map((choice) => (
          <Checkbox
            key={choice}
            id={choice}
            name={choice}
            label={t(`account.consent.choices.${choice}`)}
            defaultChecked={choices?.[choice]}
          />
        ))}
      </fieldset>
      {submit(!hydrated || acknowledged)}
    </>
  );
}

/**
 * The consent fields as a form of their own (the patient-data consent page, My information's permissions and
 * agreements tab): sending is possible, with JavaScript, only when acknowledged and not already sending.
 */
export function ConsentForm({
  action,
  intent,
  submitLabel,
  updated,
  choices,
  error,
}: {
  /** Where the form posts (its own page when not given). */
  action?: string;
  /** The `intent` it posts, on a page with several forms. */
  intent?: string;
  submitLabel: string;
  updated: boolean;
  choices: Record<ConsentChoice, boolean>;
  error?: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  return (
    <Form method="post" action={action} noValidate>
      <CsrfField />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <ConsentFields
        error={error}
        updated={updated}
        choices={choices}
        submit={(enabled) => {
          const disabled = !enabled || (hydrated && navigation.state !== "idle");
          return (
            <button type="submit" className="button" disabled={disabled} aria-disabled={disabled || undefined}>
              {submitLabel}
            </button>
          );
        }}
      />
    </Form>
  );
}
