import { Form, useNavigation } from "react-router";
import { ConsentFields } from "~/features/account/consent-form";
import { CsrfField } from "~/ui/csrf-field";
import { useT } from "~/ui/i18n";

/**
 * The clinic door's consent (a first check-in, spec part 1 §4–§5): asked after a right code, which the form sends
 * again with the consent. Texts: `appointments.door`, `account.consent`.
 */
export function DoorConsent({ action, code, error }: { action: string; code: string; error?: string }) {
  const t = useT();
  const pending = useNavigation().state !== "idle";
  return (
    <Form method="post" action={action}>
      <CsrfField />
      <input type="hidden" name="intent" value="consent" />
      <input type="hidden" name="ssnEndPart" value={code} />
      <ConsentFields
        error={error}
        submit={(enabled) => (
          <button type="submit" className="button" disabled={!enabled || pending}>
            {pending ? t("appointments.door.pending") : t("account.consent.submit")}
          </button>
        )}
      />
    </Form>
  );
}
