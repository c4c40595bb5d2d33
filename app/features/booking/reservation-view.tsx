import type { FreeAppointment } from "./free-appointment.server";
import { Avatar, type AvatarView } from "~/ui/avatar";
import { useT } from "~/ui/i18n";

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

/**
 * The summary's display strings, made by the loader (reservation-display.server.ts summaryText): the date and
 * time, the clinic's address and map link, the practitioner's avatar (null without a practitioner).
 */
export type SummaryText = { when: string; address: string; mapHref: string; avatar: AvatarView | null };

export function AppointmentSummary({
  appointment: a,
  text,
}: {
  appointment: FreeAppointment | TimeAndPlace;
  text: SummaryText;
}) {
  const t = useT();
  const { address } = text;
  const remote = a.isRemote || a.locationType === "meetingAppointment";
  return (
    <dl className="summary-list">
      <div className="summary-list__row">
        <dt>{t("reservation.view.when")}</dt>
        <dd>
          {text.when} ({t("reservation.view.duration", { minutes: a.durationMinutes })})
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
              <a href={text.mapHref} rel="noopener noreferrer">
                {t("reservation.view.map")}
              </a>
            </>
          )}
        </dd>
      </div>
      {"practitioner" in a && text.avatar ? <WhoAndWhat appointment={a} avatar={text.avatar} /> : null}
    </dl>
  );
}

function WhoAndWhat({ appointment: a, avatar }: { appointment: FreeAppointment; avatar: AvatarView }) {
  const t = useT();
  return (
    <>
      <div className="summary-list__row">
        <dt>{t("reservation.view.practitioner")}</dt>
        <dd className="practitioner">
          <Avatar avatar={avatar} />
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

/** A price estimate's amounts as shown, made by the loader (reservation-display.server.ts priceText). */
export type PriceText = {
  from: boolean;
  total: string;
  rate: string;
  fees: { code: string; name: string; amount: string }[] | null;
};

export function PriceView({ price }: { price: PriceText | null }) {
  const t = useT();
  if (!price) return null;
  const amount = price.total;
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
            <dd>{price.rate}</dd>
          </div>
          {price.fees.map((f) => (
            <div className="summary-list__row" key={f.code}>
              <dt>{f.name}</dt>
              <dd>{f.amount}</dd>
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
