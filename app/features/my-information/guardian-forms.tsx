import { Fragment, useState } from "react";
import { Form, Link } from "react-router";
import { GUARDIAN_LIMITS } from "~/lib/contact";
import { Checkbox, TextField } from "~/ui/form";
import { CsrfField } from "~/ui/csrf-field";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { GUARDIAN_FIELDS, guardianFieldName, guardiansFromForm, MAX_GUARDIANS } from "./my-information-fields";
import type { GuardianEntry } from "./my-information.schema";

type GuardianValues = {
  name: string;
  phoneNumber: string;
  emailAddress: string;
  isGuardianHasSameAddress: boolean;
  streetAddress: string;
  zipCode: string;
  postOffice: string;
};

const EMPTY_GUARDIAN: GuardianValues = {
  name: "",
  phoneNumber: "",
  emailAddress: "",
  isGuardianHasSameAddress: true,
  streetAddress: "",
  zipCode: "",
  postOffice: "",
};

/** The posted guardian entries, to show again with their errors. */
function postedGuardians(values: Record<string, unknown>): GuardianValues[] {
  return guardiansFromForm(values).map((entry) => {
    const out = { ...EMPTY_GUARDIAN, isGuardianHasSameAddress: entry.isGuardianHasSameAddress === "on" };
    for (const field of GUARDIAN_FIELDS)
      if (field !== "isGuardianHasSameAddress" && typeof entry[field] === "string") out[field] = entry[field];
    return out;
  });
}

/** The error of a guardian field: the service names them `guardians.<index>.<field>`. */
const errorOf = (errors: Record<string, string>, index: number, field: string) => errors[`guardians.${index}.${field}`];

function GuardianEntryFields({
  index,
  values,
  errors,
  removal,
}: {
  index: number;
  values: GuardianValues;
  errors: Record<string, string>;
  removal: React.ReactNode;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [same, setSame] = useState(values.isGuardianHasSameAddress);
  const id = (field: Parameters<typeof guardianFieldName>[1]) => guardianFieldName(index, field);
  const error = (field: string) => (errorOf(errors, index, field) ? t(errorOf(errors, index, field)) : undefined);
  const maxHint = (count: number) => t("myInformation.guardians.maxLength", { count });
  return (
    <fieldset className="fieldset guardian">
      <legend className="fieldset__legend">{t("myInformation.guardians.entry", { number: index + 1 })}</legend>
      <TextField
        id={id("name")}
        name={id("name")}
        label={t("contact.fields.name")}
        hint={maxHint(GUARDIAN_LIMITS.name)}
        error={error("name")}
        defaultValue={values.name}
        autoComplete="off"
      />
      <TextField
        id={id("phoneNumber")}
        name={id("phoneNumber")}
        type="tel"
        label={t("contact.fields.phoneNumber")}
        hint={maxHint(GUARDIAN_LIMITS.phoneNumber)}
        error={error("phoneNumber")}
        defaultValue={values.phoneNumber}
        autoComplete="off"
      />
      <TextField
        id={id("emailAddress")}
        name={id("emailAddress")}
        type="email"
        label={t("contact.fields.emailAddress")}
        hint={maxHint(GUARDIAN_LIMITS.emailAddress)}
        error={error("emailAddress")}
        defaultValue={values.emailAddress}
        autoComplete="off"
      />
      <Checkbox
        id={id("isGuardianHasSameAddress")}
        name={id("isGuardianHasSameAddress")}
        label={t("myInformation.guardians.sameAddress")}
        hint={hydrated ? undefined : t("myInformation.guardians.sameAddressHint")}
        defaultChecked={values.isGuardianHasSameAddress}
        onChange={setSame}
      />
      {/* Without JavaScript the address stays visible and is ignored while the box is ticked. */}
      <div className="guardian__address" hidden={hydrated && same}>
        <TextField
          id={id("streetAddress")}
          name={id("streetAddress")}
          label={t("contact.fields.streetAddress")}
          hint={maxHint(GUARDIAN_LIMITS.streetAddress)}
          error={error("streetAddress")}
          defaultValue={values.streetAddress}
          autoComplete="off"
        />
        <TextField
          id={id("zipCode")}
          name={id("zipCode")}
          label={t("contact.fields.postalCode")}
          error={error("zipCode")}
          defaultValue={values.zipCode}
          inputMode="numeric"
          autoComplete="off"
        />
        <TextField
          id={id("postOffice")}
          name={id("postOffice")}
          label={t("contact.fields.postOffice")}
          hint={maxHint(GUARDIAN_LIMITS.postOffice)}
          error={error("postOffice")}
          defaultValue={values.postOffice}
          autoComplete="off"
        />
      </div>
      {removal}
    </fieldset>
  );
}

/**
 * The guardians' forms (spec part 1 §5 "Guardian entry"): one or two entries; the first cannot be removed. Adding
 * a second is a link that shows an empty entry; removing a saved second one is a post of its own form (a button
 * inside the list's form, tied to it with `form=`), so both work without JavaScript. The entries are the saved
 * guardians, with an empty second one while adding, or what was posted, with its errors.
 */
export function GuardianForms({
  action,
  saved: savedEntries,
  adding,
  posted,
  errors,
  addHref,
  cancelAddHref,
}: {
  action: string;
  saved: GuardianEntry[];
  /** Whether an empty second entry is being added (`?addGuardian=1`). */
  adding: boolean;
  /** The values of this form's last post, when it was answered with errors. */
  posted: Record<string, unknown> | null;
  errors: Record<string, string>;
  addHref: string;
  cancelAddHref: string;
}) {
  const t = useT();
  const saved = savedEntries.map((g) => ({
    ...g,
    streetAddress: g.streetAddress ?? "",
    zipCode: g.zipCode ?? "",
    postOffice: g.postOffice ?? "",
  }));
  const entries = posted ? postedGuardians(posted) : adding && saved.length === 1 ? [...saved, EMPTY_GUARDIAN] : saved;
  const savedCount = saved.length;
  // New entries start their fields afresh.
  return (
    <Fragment key={JSON.stringify(entries)}>
      <Form method="post" action={action} noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value="guardians" />
        {entries.map((values, index) => (
          <GuardianEntryFields
            key={index}
            index={index}
            values={values}
            errors={errors}
            removal={
              index === 0 ? null : index < savedCount ? (
                <button type="submit" form="remove-guardian" className="button button--secondary">
                  {t("myInformation.guardians.remove", { number: index + 1 })}
                </button>
              ) : (
                <Link to={cancelAddHref} className="button button--secondary" preventScrollReset>
                  {t("myInformation.guardians.remove", { number: index + 1 })}
                </Link>
              )
            }
          />
        ))}
        <div className="button-row">
          <button type="submit" className="button">
            {t("myInformation.guardians.submit")}
          </button>
          {entries.length < MAX_GUARDIANS ? (
            <Link to={addHref} className="button button--secondary" preventScrollReset>
              {t("myInformation.guardians.add")}
            </Link>
          ) : null}
        </div>
        {entries.length >= MAX_GUARDIANS ? <p className="hint">{t("myInformation.guardians.full")}</p> : null}
      </Form>
      {savedCount > 1 ? (
        <Form method="post" action={action} id="remove-guardian">
          <CsrfField />
          <input type="hidden" name="intent" value="removeGuardian" />
        </Form>
      ) : null}
    </Fragment>
  );
}
