import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";

/**
 * An anonymous appointment link that leads nowhere (spec part 1 §8 "Appointment not found", with log in and
 * reserve links): the clinic-door page's and the anonymous appointment view's answer. Says nothing about whether
 * such an appointment exists. Texts: `appointments.door`.
 */
export function AppointmentLinkNotFound() {
  const t = useT();
  return (
    <div className="narrow">
      <PageTitle title={t("appointments.door.notFound")} />
      <h1>{t("appointments.door.notFound")}</h1>
      <p>{t("appointments.door.notFoundBody")}</p>
      <p>
        <LocalizedLink to="login" className="button">
          {t("appointments.door.login")}
        </LocalizedLink>{" "}
        <LocalizedLink to="booking" className="button button--secondary">
          {t("appointments.door.reserve")}
        </LocalizedLink>
      </p>
    </div>
  );
}
