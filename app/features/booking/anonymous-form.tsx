import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { EXAMPLE_PHONE } from "./example-phone";
import { Checkbox, TextField } from "~/ui/form";
import { CsrfField } from "~/ui/csrf-field";
import { useT } from "~/ui/i18n";
import { useBrand } from "~/ui/root-data";

export type AnonymousFormState = { values: Record<string, string>; errors: Record<string, string> };

export const ANON_FIELDS = [
  ["ssn", "off", "text"],
  ["firstName", "given-name", "text"],
  ["lastName", "family-name", "text"],
  ["phone", "tel", "tel"],
  ["emailAddress", "email", "email"],
] as const;

/** The anonymous reservation form (spec part 2 §5): server-validated, works without JavaScript. */
export function AnonymousReservationForm({
  state,
  bindingRequired,
  noticeHours,
}: {
  state?: AnonymousFormState;
  bindingRequired: boolean;
  noticeHours: number;
}) {
  const t = useT();
  const brand = useBrand();
  const navigation = useNavigation();
  const reserving = navigation.state === "submitting";
  const [contact, setContact] = useState({
    phone: !!state?.values.phone,
    emailAddress: !!state?.values.emailAddress,
    blurred: false,
  });
  const onlyOne = contact.blurred && contact.phone !== contact.emailAddress;
  const error = (name: string) => (state?.errors[name] ? t(state.errors[name], { phone: EXAMPLE_PHONE }) : undefined);
  return (
    <section className="card" aria-labelledby="anon-heading">
      <h2 id="anon-heading" className="card__title">
        {t("reservation.anon.heading")}
      </h2>
      <p>{t("reservation.anon.intro")}</p>
      <Form method="post" noValidate>
        <CsrfField />
        {ANON_FIELDS.map(([name, autoComplete, type]) => (
          <TextField
            key={name}
            id={name}
            name={name}
            type={type}
            label={t(`reservation.anon.${name}`)}
            hint={
              name === "ssn"
                ? t("reservation.anon.ssnHint")
                : name === "phone"
                  ? t("reservation.anon.phoneHint")
                  : undefined
            }
            error={error(name)}
            defaultValue={state?.values[name] ?? ""}
            autoComplete={autoComplete}
            maxLength={name === "ssn" ? 11 : 100}
            spellCheck={false}
            onBlur={
              name === "phone" || name === "emailAddress"
                ? (e) => setContact((c) => ({ ...c, [name]: e.target.value.trim() !== "", blurred: true }))
                : undefined
            }
            // Once shown, the warning clears while typing, so it does not vanish (and shift the form) under the next click.
            onChange={
              name === "phone" || name === "emailAddress"
                ? (e) => contact.blurred && setContact((c) => ({ ...c, [name]: e.target.value.trim() !== "" }))
                : undefined
            }
          />
        ))}
        {onlyOne ? (
          <p className="notice-text" role="status">
            {t("reservation.anon.onlyOneContact")}
          </p>
        ) : null}
        <Checkbox
          id="terms"
          name="terms"
          label={t("reservation.anon.terms")}
          hint={<a href={brand?.links.terms}>{t("reservation.anon.termsLink")}</a>}
          error={error("terms")}
          defaultChecked={state?.values.terms === "on"}
        />
        {bindingRequired ? (
          <Checkbox
            id="binding"
            name="binding"
            label={t("reservation.binding.label")}
            hint={t("reservation.binding.hint", { hours: noticeHours })}
            error={error("binding")}
            defaultChecked={state?.values.binding === "on"}
          />
        ) : null}
        <button type="submit" className="button" disabled={reserving} aria-disabled={reserving || undefined}>
          {reserving ? t("reservation.anon.reserving") : t("reservation.anon.submit")}
        </button>
      </Form>
    </section>
  );
}
