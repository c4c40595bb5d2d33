import { Form } from "react-router";
import { Radios, TextField } from "~/ui/form";
import { CsrfField } from "~/ui/csrf-field";
import { useT } from "~/ui/i18n";

type Values = Record<string, string>;

/** The fields of the contact form, in the order the page shows them (and the error summary lists them). */
export const CONTACT_FIELDS = ["emailAddress", "phoneNumber", "streetAddress", "zipCode", "postOffice"] as const;

/** A field's id in the contact form of `intent` (the error summary links to it). */
export function contactFieldId(intent: "contact" | "guardianOwn", name: string): string {
  return intent === "contact" ? name : `own-${name}`;
}

const INPUT: Record<(typeof CONTACT_FIELDS)[number], { type: string; autoComplete: string; inputMode?: "numeric" }> = {
  emailAddress: { type: "email", autoComplete: "email" },
  phoneNumber: { type: "tel", autoComplete: "tel" },
  streetAddress: { type: "text", autoComplete: "street-address" },
  zipCode: { type: "text", autoComplete: "postal-code", inputMode: "numeric" },
  postOffice: { type: "text", autoComplete: "address-level2" },
};

/**
 * The contact form of My information (spec part 1 §5): the names shown disabled (they come from strong
 * identification), e-mail, phone, address and the language. The guardian's own form, beside a child's, is the same
 * fields without the language (`guardianOwn`), its ids prefixed so that both forms can stand on one page.
 */
export function ContactForm({
  action,
  values,
  errors,
  intent = "contact",
  labelledBy,
}: {
  action: string;
  values: Values;
  errors: Record<string, string>;
  intent?: "contact" | "guardianOwn";
  /** The heading that names the form, where a page has two of them. */
  labelledBy?: string;
}) {
  const t = useT();
  const label = (name: string) => (name === "zipCode" ? t("contact.fields.postalCode") : t(`contact.fields.${name}`));
  const id = (name: string) => contactFieldId(intent, name);
  return (
    <Form method="post" action={action} noValidate aria-labelledby={labelledBy}>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <TextField
        id={id("firstName")}
        name="firstName"
        label={t("contact.fields.firstName")}
        defaultValue={values.firstName}
        disabled
        hint={t("myInformation.contact.nameHint")}
        autoComplete="given-name"
      />
      <TextField
        id={id("lastName")}
        name="lastName"
        label={t("contact.fields.lastName")}
        defaultValue={values.lastName}
        disabled
        autoComplete="family-name"
      />
      {CONTACT_FIELDS.map((name) => (
        <TextField
          key={name}
          id={id(name)}
          name={name}
          label={label(name)}
          hint={name === "phoneNumber" ? t("contact.hints.phoneNumber") : undefined}
          error={errors[name] ? t(errors[name]) : undefined}
          defaultValue={values[name]}
          {...INPUT[name]}
        />
      ))}
      {intent === "contact" ? (
        <Radios
          name="language"
          legend={t("myInformation.contact.languageLegend")}
          error={errors.language ? t(errors.language) : undefined}
          defaultValue={values.language}
          options={(["fi", "sv", "en"] as const).map((l) => ({
            value: l,
            label: <span lang={l}>{t(`myInformation.contact.languages.${l}`)}</span>,
          }))}
        />
      ) : null}
      <button type="submit" className="button">
        {t(intent === "contact" ? "myInformation.contact.submit" : "myInformation.ownContact.submit")}
      </button>
    </Form>
  );
}
