import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";

/** The clinic door's answer for a cancelled appointment, with the way to book a new one. Texts: `appointments.door`. */
export function DoorAppointmentCancelled() {
  const t = useT();
  return (
    <div className="narrow">
      <PageTitle title={t("appointments.door.cancelled")} />
      <h1>{t("appointments.door.cancelled")}</h1>
      <p>{t("appointments.door.cancelledBody")}</p>
      <p>
        <LocalizedLink to="booking" className="button">
          {t("appointments.door.newAppointment")}
        </LocalizedLink>
      </p>
    </div>
  );
}
