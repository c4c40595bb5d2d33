import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AppointmentDetailsView } from "./appointments.server";
import { AppointmentNote as NoteOnServer } from "./appointment-notes";
import { Avatar } from "~/ui/avatar";
import { useT } from "~/ui/i18n";
import { lazyPart } from "~/ui/lazy-part";
import { useBrand } from "~/ui/root-data";

// Shown to few (check-in around the appointment's start, the clinic's cancellation, too late to cancel): loaded when
// shown.
const Note = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? NoteOnServer : null, () =>
  import("./appointment-notes").then((m) => m.AppointmentNote),
);

/** One appointment's details (spec part 1 §2 "Appointment page"), with its cancel action when allowed. */
export function AppointmentDetails({
  appointment: a,
  cancellationLimitHours,
  consentNeeded = false,
  arrivalReasonForm,
}: {
  appointment: AppointmentDetailsView;
  cancellationLimitHours: number;
  /** The acting person's patient-data consent is not in order: check-in happens at the reception. */
  consentNeeded?: boolean;
  /**
   * The arrival reason's form (arrival-reason-form.tsx), shown while the appointment may be given one and is not
   * checked in: given by the appointment's own page (the cancel page shows the details without their forms).
   */
  arrivalReasonForm?: ReactNode;
}) {
  const t = useT();
  const brand = useBrand();
  const headingId = `appointment-${a.id}-heading`;
  // Check-in (spec part 1 §4): too early → a disabled button with the instruction; once open, CheckIn.
  const checkInHintId = `check-in-${a.id}-hint`;
  return (
    <article className="card appointment" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {a.startsAtText}
        {a.status === "cancelled" ? <span className="tag">{t("appointments.details.cancelledTag")}</span> : null}
        {a.hasAppointeeCanceled ? <span className="tag">{t("appointments.details.providerCancelledTag")}</span> : null}
      </h2>
      {a.hasAppointeeCanceled ? <Note kind="providerCancelled" /> : null}
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>{t("appointments.details.when")}</dt>
          <dd>
            {a.startsAtText} ({t("appointments.details.duration", { minutes: a.durationMinutes })})
          </dd>
        </div>
        <div className="summary-list__row">
          <dt>{t("appointments.details.service")}</dt>
          <dd>{a.specialtyName}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{t("appointments.details.professional")}</dt>
          <dd className="practitioner">
            <Avatar avatar={a.avatar} />
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
                {a.address ? <>, {a.address}</> : null}{" "}
                <a href={a.mapHref} rel="noopener noreferrer">
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
          <a href={a.calendarHref} download>
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
      {a.doorHref && !a.checkedIn ? (
        <p>
          <Link to={a.doorHref} className="door-link">
            {t("appointments.details.doorLink")}
          </Link>
        </p>
      ) : null}
      {a.selfCheckInStatus === "tooEarly" ? (
        <div className="check-in">
          <button type="button" className="button" disabled aria-describedby={checkInHintId}>
            {t("appointments.details.checkIn")}
          </button>
          <p className="hint" id={checkInHintId}>
            {t("appointments.details.checkInTooEarly")}
          </p>
        </div>
      ) : a.selfCheckInStatus === "allowed" || a.selfCheckInStatus === "checkedIn" ? (
        <Note kind="checkIn" appointment={a} consentNeeded={consentNeeded} />
      ) : null}
      {a.mayGiveArrivalReason && !a.checkedIn ? arrivalReasonForm : null}
      {a.cancelHref ? (
        <p>
          <Link to={a.cancelHref} className="button button--secondary">
            {t("appointments.details.cancel")}
          </Link>
        </p>
      ) : a.cancelBlockedBy === "tooLate" ? (
        <Note kind="tooLateToCancel" hours={cancellationLimitHours} />
      ) : null}
    </article>
  );
}
