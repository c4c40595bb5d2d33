import { Form } from "react-router";
import type { AppointmentView } from "./appointments.server";
import { CsrfField } from "~/ui/csrf-field";
import { useT } from "~/ui/i18n";
import { NotificationBanner } from "~/ui/notifications";
import { useBrand } from "~/ui/root-data";

/** The clinic cancelled the appointment (spec part 1 §4): its warning. A part of AppointmentDetails shown to few. */
function ProviderCancelledNote() {
  const t = useT();
  const phone = useBrand()?.customerServicePhone ?? "";
  return (
    <NotificationBanner type="warning">
      <p>{t("appointments.details.providerCancelled", { phone })}</p>
    </NotificationBanner>
  );
}

/** Too late to cancel online: whom to call. A part of AppointmentDetails shown to few. */
function TooLateToCancelNote({ hours }: { hours: number }) {
  const t = useT();
  const phone = useBrand()?.customerServicePhone ?? "";
  return (
    <p className="notice-text">
      {t("appointments.details.cannotCancel")}{" "}
      {t("appointments.cancel.failure", {
        reason: t("appointments.cancel.tooLateReason", { hours }),
        phone,
      })}
    </p>
  );
}

/**
 * Spec part 1 §4: allowed → a button (or, without the patient-data consent, the reception); checkedIn → room. A part
 * of AppointmentDetails shown around the appointment's start only (too early: AppointmentDetails).
 */
function CheckIn({ appointment: a, consentNeeded }: { appointment: AppointmentView; consentNeeded: boolean }) {
  const t = useT();
  switch (a.selfCheckInStatus) {
    case "checkedIn":
      return (
        <p className="notice-text">
          {a.room
            ? t("appointments.details.checkedInRoom", { room: a.room })
            : t("appointments.details.checkedInReception")}
        </p>
      );
    case "allowed":
      if (consentNeeded)
        return (
          <NotificationBanner type="info">
            <p>{t("appointments.details.consentNeeded")}</p>
          </NotificationBanner>
        );
      return (
        <Form method="post" className="check-in">
          <CsrfField />
          <input type="hidden" name="intent" value="checkIn" />
          <input type="hidden" name="appointmentId" value={a.id} />
          <button type="submit" className="button">
            {t("appointments.details.checkIn")}
          </button>
        </Form>
      );
    default:
      return null;
  }
}

/** One of the notes above, by kind: the one component AppointmentDetails loads when it shows any of them. */
export function AppointmentNote(
  props:
    | { kind: "providerCancelled" }
    | ({ kind: "tooLateToCancel" } & Parameters<typeof TooLateToCancelNote>[0])
    | ({ kind: "checkIn" } & Parameters<typeof CheckIn>[0]),
) {
  switch (props.kind) {
    case "providerCancelled":
      return <ProviderCancelledNote />;
    case "tooLateToCancel":
      return <TooLateToCancelNote {...props} />;
    default:
      return <CheckIn {...props} />;
  }
}
