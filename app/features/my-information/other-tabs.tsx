import type { ConsentChoice } from "~/features/account/consent-choices";
import { ConsentForm } from "~/features/account/consent-form";
import { useT } from "~/ui/i18n";
import { GuardianForms } from "./guardian-forms";
import type { GuardianEntry } from "./my-information.schema";

/**
 * The panels of My information's tabs besides the first (the guardians, the consents), which the browser loads
 * only when one of them is shown (tabs.tsx); the server renders them at once.
 */
export function OtherTab({
  tab,
  action,
  addHref,
  guardians,
  adding,
  consent,
  posted,
  values,
  errors,
}: {
  tab: "guardians" | "consent";
  action: string;
  /** The page with the guardian being added. */
  addHref: string;
  guardians: GuardianEntry[] | null;
  adding: boolean;
  consent: { updated: boolean; choices: Record<ConsentChoice, boolean> };
  /** The form of the last post, if any, with its values and errors. */
  posted: string | undefined;
  values: Record<string, unknown> | undefined;
  errors: Record<string, string>;
}) {
  const t = useT();
  if (tab === "guardians")
    return (
      <>
        <p>{t("myInformation.guardians.intro")}</p>
        <GuardianForms
          action={action}
          saved={guardians ?? []}
          adding={adding}
          posted={posted === "guardians" ? (values ?? null) : null}
          errors={posted === "guardians" ? errors : {}}
          addHref={addHref}
          cancelAddHref={action}
        />
      </>
    );
  return (
    <ConsentForm
      action={action}
      intent="consent"
      submitLabel={t("myInformation.consent.submit")}
      updated={consent.updated}
      choices={consent.choices}
      error={posted === "consent" && errors.privacyPolicyAcknowledged ? t(errors.privacyPolicyAcknowledged) : undefined}
    />
  );
}
