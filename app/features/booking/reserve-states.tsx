import type { FreeAppointment } from "./free-appointment.server";
import { AppointmentSummary, type SummaryText } from "./reservation-view";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { NotificationBanner } from "~/ui/notifications";
import { PageTitle } from "~/ui/page-title";
import { PhoneLink } from "~/ui/phone-link";

/** The reservation page's rarer states, each the whole page: no such appointment, no occupational care, no credit. */
export type ReserveStateProps = {
  page:
    | { state: "notFound" | "noOccupational" }
    | {
        state: "billing";
        billing: { phone: string; email: string };
        appointment: FreeAppointment;
        summary: SummaryText;
      };
};

export function ReserveStatePage({ page }: ReserveStateProps) {
  const t = useT();
  if (page.state !== "billing") {
    const title =
      page.state === "notFound" ? t("reservation.reserve.notFound") : t("reservation.reserve.noOccupational");
    return (
      <div className="narrow">
        <PageTitle title={title} />
        <h1>{title}</h1>
        <p>
          {page.state === "notFound"
            ? t("reservation.reserve.notFoundBody")
            : t("reservation.reserve.noOccupationalBody")}
        </p>
        <p>
          <LocalizedLink to={page.state === "notFound" ? "booking" : "privateBooking"}>
            {page.state === "notFound"
              ? t("reservation.reserve.bookingLink")
              : t("reservation.reserve.privateBookingLink")}
          </LocalizedLink>
        </p>
      </div>
    );
  }
  const title = t("reservation.reserve.title");
  return (
    <div className="narrow">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <BillingNotice billing={page.billing} />
      <AppointmentSummary appointment={page.appointment} text={page.summary} />
    </div>
  );
}

/** 'Booking interrupted' for customers who are not credit-worthy, with the brand's billing contacts. */
function BillingNotice({ billing }: { billing: { phone: string; email: string } }) {
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
