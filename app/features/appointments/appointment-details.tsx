import type { AppointmentView } from "./appointments.server";
import { ArrivalReasonForm } from "./arrival-reason-form";
import { mapsSearchUrl } from "./rules";
import { PractitionerAvatar } from "~/ui/practitioner-avatar";
import { Form } from "react-router";
import { formatDateTime } from "~/lib/format";
import { href } from "~/route-table";
import { CsrfField } from "~/ui/csrf-field";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { NotificationBanner } from "~/ui/notifications";
import { useBrand, useLang } from "~/ui/root-data";

/** One appointment's details (spec part 1 §2 "Appointment page"), with its cancel action when allowed. */
export function AppointmentDetails({
  appointment: a,
  cancellationLimitHours,
  consentNeeded = false,
  arrivalReasonSubmission,
}: {
  appointment: AppointmentView;
  cancellationLimitHours: number;
  /** The acting person's patient-data consent is not in order: check-in happens at the reception. */
  consentNeeded?: boolean;
  /** A rejected arrival reason of this appointment, to show again with its error. */
  arrivalReasonSubmission?: { value: string; error: string };
}) {
  const t = useT();
  const lang = useLang();
  const brand = useBrand();
  const phone = brand?.customerServicePhone ?? "";
  const address = [a.clinic.streetAddress, [a.clinic.postalCode, a.clinic.postOffice].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  const headingId = `appointment-${a.id}-heading`;
  return (
    <article className="card appointment" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {formatDateTime(new Date(a.startsAt), lang)}
        {a.status === "cancelled" ? <span className="tag">{t("appointments.details.cancelledTag")}</span> : null}
        {a.hasAppointeeCanceled ? <span className="tag">{t("appointments.details.providerCancelledTag")}</span> : null}
      </h2>
      {a.hasAppointeeCanceled ? (
        <NotificationBanner type="warning">
          <p>{t("appointments.details.providerCancelled", { phone })}</p>
        </NotificationBanner>
      ) : null}
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>{t("appointments.details.when")}</dt>
          <dd>
            {formatDateTime(new Date(a.startsAt), lang)} (
            {t("appointments.details.duration", { minutes: a.durationMinutes })})
          </dd>
        </div>
        <div className="summary-list__row">
          <dt>{t("appointments.details.service")}</dt>
          <dd>{a.specialtyName}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{t("appointments.details.professional")}</dt>
          <dd className="practitioner">
            <PractitionerAvatar practitioner={a.practitioner} brandId={brand?.id} />
            <span>
              {a.practitioner.name}, {a.practitioner.title}
            </span>
          </dd>
        </div>
        {a.kindName ? (
          <div className="summary-list__row">
            <dt>{t("appointments.details.kind")}</dt>
            <dd>{a.kindName}</dd>
          </div>
        ) : null}
        <div className="summary-list__row">
          <dt>{t("appointments.details.location")}</dt>
          <dd>
            {a.isRemote || a.locationType === "meetingAppointment" ? (
              t(`appointments.details.${a.locationType}`)
            ) : (
              <>
                {a.clinic.name}
                {address ? <>, {address}</> : null}{" "}
                <a href={mapsSearchUrl(a.clinic.name, address)} rel="noopener noreferrer">
                  {t("appointments.details.map")}
                </a>
              </>
            )}
          </dd>
        </div>
      </dl>
      {!a.isRemote && a.status === "active" ? (
        <details className="disclosure">
          <summary>{t("appointments.details.arrivalInfo")}</summary>
          <p>{a.clinic.arrivalInfo ?? t("appointments.details.noArrivalInfo")}</p>
        </details>
      ) : null}
      {a.status === "active" && !a.checkedIn ? (
        <p>
          <a href={href("appointmentCalendar", lang, { id: a.id })} download>
            {t("appointments.calendar.add")}
          </a>
        </p>
      ) : null}
      {a.status === "active" ? (
        // A reserved appointment has no price estimate (spec part 2 §6): general price information only.
        <details className="disclosure">
          <summary>{t("appointments.details.priceInfo")}</summary>
          <p>
            {t("appointments.details.priceInfoBody")}{" "}
            <a href={brand?.links.priceList}>{t("appointments.details.priceList")}</a>
          </p>
        </details>
      ) : null}
      {a.doorToken && !a.checkedIn ? (
        <p>
          <LocalizedLink to="doorAppointment" params={{ token: a.doorToken }} className="door-link">
            {t("appointments.details.doorLink")}
          </LocalizedLink>
        </p>
      ) : null}
      <CheckIn appointment={a} consentNeeded={consentNeeded} />
      {a.mayGiveArrivalReason && !a.checkedIn ? (
        <ArrivalReasonForm appointmentId={a.id} saved={a.arrivalReason} submitted={arrivalReasonSubmission} />
      ) : null}
      {a.mayCancel ? (
        <p>
          <LocalizedLink to="cancelAppointment" params={{ id: a.id }} className="button button--secondary">
            {t("appointments.details.cancel")}
          </LocalizedLink>
        </p>
      ) : a.cancelBlockedBy === "tooLate" ? (
        <p className="notice-text">
          {t("appointments.details.cannotCancel")}{" "}
          {t("appointments.cancel.failure", {
            reason: t("appointments.cancel.tooLateReason", { hours: cancellationLimitHours }),
            phone,
          })}
        </p>
      ) : null}
    </article>
  );
}

/** Spec part 1 §4: allowed → a button; tooEarly → a disabled button with the instruction; checkedIn → room. */
function CheckIn({ appointment: a, consentNeeded }: { appointment: AppointmentView; consentNeeded: boolean }) {
  const t = useT();
  const hintId = `check-in-${a.id}-hint`;
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
    case "tooEarly":
      return (
        <div className="check-in">
          <button type="button" className="button" disabled aria-describedby={hintId}>
            {t("appointments.details.checkIn")}
          </button>
          <p className="hint" id={hintId}>
            {t("appointments.details.checkInTooEarly")}
          </p>
        </div>
      );
    default:
      return null;
  }
}
