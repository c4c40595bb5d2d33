import { PhoneLink } from "~/ui/phone-link";
import type { ReactNode } from "react";
import type { FreeAppointment } from "./free-appointment.server";
import type { PriceEstimate } from "./price";
import { mapsSearchUrl } from "~/features/appointments/rules";
import { initials } from "~/ui/practitioner-avatar";
import { formatCents, formatDateTime } from "~/lib/format";
import { href } from "~/route-table";
import { useT } from "~/ui/i18n";
import { NotificationBanner } from "~/ui/notifications";
import { useLang } from "~/ui/root-data";

/** Time, place, professional and service of a free appointment. */
/** What anyone holding a reservation's link may see: time and place, as on the clinic-door page. */
export type TimeAndPlace = Pick<
  FreeAppointment,
  "startsAt" | "durationMinutes" | "clinic" | "locationType" | "isRemote"
>;

export function timeAndPlace(a: FreeAppointment): TimeAndPlace {
  return {
    startsAt: a.startsAt,
    durationMinutes: a.durationMinutes,
    clinic: a.clinic,
    locationType: a.locationType,
    isRemote: a.isRemote,
  };
}

export function AppointmentSummary({ appointment: a }: { appointment: FreeAppointment | TimeAndPlace }) {
  const t = useT();
  const lang = useLang();
  const address = [a.clinic.streetAddress, [a.clinic.postalCode, a.clinic.postOffice].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  const remote = a.isRemote || a.locationType === "meetingAppointment";
  return (
    <dl className="summary-list">
      <div className="summary-list__row">
        <dt>{t("reservation.view.when")}</dt>
        <dd>
          {formatDateTime(new Date(a.startsAt), lang)} ({t("reservation.view.duration", { minutes: a.durationMinutes })}
          )
        </dd>
      </div>
      <div className="summary-list__row">
        <dt>{t("reservation.view.location")}</dt>
        <dd>
          {remote ? (
            t(
              `reservation.view.locationTypes.${a.locationType === "physicalLocation" ? "remoteAppointment" : a.locationType}`,
            )
          ) : (
            <>
              {a.clinic.name}
              {address ? <>, {address}</> : null}{" "}
              <a href={mapsSearchUrl(a.clinic.name, address)} rel="noopener noreferrer">
                {t("reservation.view.map")}
              </a>
            </>
          )}
        </dd>
      </div>
      {"practitioner" in a ? <WhoAndWhat appointment={a} /> : null}
    </dl>
  );
}

function WhoAndWhat({ appointment: a }: { appointment: FreeAppointment }) {
  const t = useT();
  return (
    <>
      <div className="summary-list__row">
        <dt>{t("reservation.view.practitioner")}</dt>
        <dd className="practitioner">
          {a.practitioner.pictureUrl ? (
            <img className="avatar" src={a.practitioner.pictureUrl} alt="" width={48} height={48} />
          ) : (
            <span className="avatar avatar--initials" aria-hidden="true">
              {initials(a.practitioner.name)}
            </span>
          )}
          <span>
            {a.practitioner.name}, {a.practitioner.title}
          </span>
        </dd>
      </div>
      <div className="summary-list__row">
        <dt>{t("reservation.view.specialty")}</dt>
        <dd>{a.specialty.name}</dd>
      </div>
      {a.kind ? (
        <div className="summary-list__row">
          <dt>{t("reservation.view.kind")}</dt>
          <dd>{a.kind.name}</dd>
        </div>
      ) : null}
    </>
  );
}

/** Reservation notes of the kind and the practitioner, then the practitioner's and the specialty's content. */
export function ReservationNotes({ appointment: a }: { appointment: FreeAppointment }) {
  const t = useT();
  const notes = [a.kind?.reservationInfo, a.practitioner.reservationInfo].filter((n): n is string => !!n);
  return (
    <>
      {notes.length ? (
        <section className="card" aria-labelledby="reservation-notes">
          <h2 id="reservation-notes" className="card__title">
            {t("reservation.view.notesHeading")}
          </h2>
          {notes.map((n) => (
            <p key={n}>{n}</p>
          ))}
        </section>
      ) : null}
      {a.specialty.description ? (
        <details className="disclosure">
          <summary>{t("reservation.view.aboutSpecialty")}</summary>
          <p>{a.specialty.description}</p>
        </details>
      ) : null}
    </>
  );
}

export function PriceView({ price }: { price: PriceEstimate | null }) {
  const t = useT();
  const lang = useLang();
  if (!price) return null;
  const amount = formatCents(price.totalCents, lang);
  return (
    <section className="price" aria-labelledby="price-heading">
      <h2 id="price-heading">{t("reservation.price.heading")}</h2>
      <p className="price__total">
        {price.from ? t("reservation.price.from", { price: amount }) : t("reservation.price.exact", { price: amount })}
      </p>
      {price.fees?.length ? (
        <dl className="summary-list">
          <div className="summary-list__row">
            <dt>{t("reservation.price.rate")}</dt>
            <dd>{formatCents(price.rateCents, lang)}</dd>
          </div>
          {price.fees.map((f) => (
            <div className="summary-list__row" key={f.code}>
              <dt>{f.name}</dt>
              <dd>{formatCents(f.cents, lang)}</dd>
            </div>
          ))}
          <div className="summary-list__row">
            <dt>{t("reservation.price.total")}</dt>
            <dd>{amount}</dd>
          </div>
        </dl>
      ) : null}
      <p className="hint">{t("reservation.price.disclaimer")}</p>
    </section>
  );
}

/** The login prompt of the anonymous view, with the bank or mobile identification warning. */
export function LoginPrompt({ loginHref, required }: { loginHref: string; required: boolean }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="login-heading">
      <h2 id="login-heading" className="card__title">
        {t("reservation.login.heading")}
      </h2>
      {required ? (
        <NotificationBanner type="info">
          <p>{t("reservation.login.warning")}</p>
        </NotificationBanner>
      ) : (
        <p>{t("reservation.login.intro")}</p>
      )}
      <p>
        <a className="button" href={loginHref}>
          {t("reservation.login.button")}
        </a>
      </p>
    </section>
  );
}

/** 'Booking interrupted' for customers who are not credit-worthy, with the brand's billing contacts. */
export function BillingNotice({ billing }: { billing: { phone: string; email: string } }) {
  const t = useT();
  return (
    <NotificationBanner type="warning" title={t("reservation.reserve.billingTitle")}>
      <p>
        {t("reservation.reserve.billingBody", { phone: billing.phone, email: billing.email })}{" "}
        <PhoneLink phone={billing.phone} /> · <a href={`mailto:${billing.email}`}>{billing.email}</a>
      </p>
    </NotificationBanner>
  );
}

/** A reservation error as a message (spec §8), with a follow-up link where the reaction needs one. */
export function ReservationErrorNotice({ message, children }: { message: string; children?: ReactNode }) {
  const t = useT();
  return (
    <NotificationBanner type="error" title={t("reservation.errors.title")} id="reservation-error">
      <p>{t(`reservation.errors.${message}`)}</p>
      {children}
    </NotificationBanner>
  );
}

/** The login page that returns to `next` (used for the login and registration reactions). */
export function loginHref(lang: "fi" | "sv" | "en", next: string) {
  return href("login", lang, {}, { nextPath: next });
}
