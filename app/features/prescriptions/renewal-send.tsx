import { Link } from "react-router";
import { ErrorSummary } from "~/ui/form/error-summary";
import { useT } from "~/ui/i18n";
import { ResultHeading } from "~/ui/result-focus";
import { checkRenewal, valuesOf } from "./renewal-check";
import type { RenewalPrescription } from "./prescriptions.server";
import { OTHER_MEDICINES, fieldName, fieldNames, type Question, type RenewalErrors } from "./renewal.schema";
import { K, fieldErrorText } from "./renewal-texts";
import { medicineTitle } from "./rules";

/**
 * What the renewal page (renewal-view.tsx) shows once its form is sent: the browser's check before sending, the
 * error summary, the sent result and the failed send. The browser loads them once a field of the form has had focus
 * (as it has before the form is sent, and the check needs them before the post), or when one of them is shown as
 * the page loads; the server renders them at once.
 */

/** The errors of the form's values by the send rule, as the page with JavaScript posts them. */
export function clientErrors(form: FormData, prescriptionIds: readonly number[]): RenewalErrors {
  return checkRenewal(prescriptionIds, valuesOf(form, prescriptionIds), true).errors;
}

/** "why-12" → the question and the prescription id; "otherMedicines" → no prescription. */
function fieldOf(name: string): { question: Question | typeof OTHER_MEDICINES; prescriptionId: number | null } {
  if (name === OTHER_MEDICINES) return { question: OTHER_MEDICINES, prescriptionId: null };
  const dash = name.lastIndexOf("-");
  return { question: name.slice(0, dash) as Question, prescriptionId: Number(name.slice(dash + 1)) };
}

/**
 * The error summary: titled with the spec's "First fill all fields in the form" when questions are unanswered,
 * each entry naming the question and its prescription and linking to the field (a yes/no question's first radio).
 */
export function RenewalErrorSummary({
  errors,
  tooLong,
  prescriptions,
}: {
  errors: RenewalErrors;
  tooLong: boolean;
  prescriptions: RenewalPrescription[];
}) {
  const t = useT();
  const names = new Map(prescriptions.map((p) => [p.id, medicineTitle(p)]));
  const entries = Object.entries(errors).flatMap(([name, error]) => {
    if (!error) return [];
    const { question, prescriptionId } = fieldOf(name);
    const questionText = t(`${K}.questions.${question}`);
    const medicine = prescriptionId === null ? null : names.get(prescriptionId);
    const subject = medicine ? t(`${K}.errors.entry`, { question: questionText, medicine }) : questionText;
    return [{ id: name, message: error === "missing" ? subject : `${subject}: ${fieldErrorText(t, error)}` }];
  });
  if (tooLong && prescriptions.length)
    entries.push({ id: fieldName("why", prescriptions[0].id), message: t(`${K}.errors.tooLongTogether`) });
  const missing = Object.values(errors).includes("missing");
  return (
    <ErrorSummary
      title={t(missing ? `${K}.errors.title` : "common.form.errorSummaryTitle")}
      errors={entries}
      fieldOrder={fieldNames(prescriptions.map((p) => p.id))}
    />
  );
}

/** The sent result, its heading focused once the post settles (result-focus.tsx). */
export function RenewalSent({ conversationHref }: { conversationHref: string | null }) {
  const t = useT();
  return (
    <div className="banner banner--success renewal-sent">
      <ResultHeading className="banner__title">{t(`${K}.sent.title`)}</ResultHeading>
      <div className="banner__content">
        <p>{t(`${K}.sent.promise`)}</p>
        {conversationHref ? (
          <p>
            <Link to={conversationHref}>{t(`${K}.sent.conversation`)}</Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The send failed: the form stays filled and can be sent again. */
export function RenewalSendFailed() {
  const t = useT();
  return (
    <div className="banner banner--error" role="alert" tabIndex={-1} data-result-heading="">
      <p className="banner__title">{t("common.notice.error")}</p>
      <div className="banner__content">
        <p>{t(`${K}.failed`)}</p>
        <p>{t(`${K}.failedHint`)}</p>
      </div>
    </div>
  );
}
