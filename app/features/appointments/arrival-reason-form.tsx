import { useState } from "react";
import { Form } from "react-router";
import { ARRIVAL_REASON_MAX } from "./rules";
import { Textarea } from "~/ui/form";
import { CsrfField } from "~/ui/csrf-field";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";

/** The id of an appointment's arrival reason field (the error summary links to it). */
export const arrivalReasonFieldId = (appointmentId: number) => `arrival-reason-${appointmentId}`;

/**
 * The arrival reason (spec part 1 §5): a plain form that the server validates; once hydrated, a live
 * "n / 300" counter, the over-limit error and a disabled save button, as in the GOV.UK character count.
 */
export function ArrivalReasonForm({
  appointmentId,
  saved,
  submitted,
}: {
  appointmentId: number;
  saved: string;
  submitted?: { value: string; error: string };
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [value, setValue] = useState(submitted?.value ?? saved);
  const id = arrivalReasonFieldId(appointmentId);
  const tooLong = value.length > ARRIVAL_REASON_MAX;
  const error =
    hydrated && tooLong
      ? t("appointments.arrivalReason.errors.tooLong")
      : submitted?.error
        ? t(submitted.error)
        : undefined;
  return (
    <Form method="post" className="arrival-reason">
      <CsrfField />
      <input type="hidden" name="intent" value="arrivalReason" />
      <input type="hidden" name="appointmentId" value={appointmentId} />
      <Textarea
        id={id}
        name="arrivalReason"
        label={t("appointments.arrivalReason.label")}
        hint={t("appointments.arrivalReason.hint")}
        error={error}
        rows={4}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        characterCount={{
          max: ARRIVAL_REASON_MAX,
          hint: t("appointments.arrivalReason.limitHint", { max: ARRIVAL_REASON_MAX }),
          text: (length, max) => t("appointments.arrivalReason.counter", { count: length, max }),
        }}
      />
      <button type="submit" className="button button--secondary" disabled={hydrated && tooLong}>
        {t("appointments.arrivalReason.save")}
      </button>
    </Form>
  );
}
