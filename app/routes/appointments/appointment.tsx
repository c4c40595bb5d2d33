import { data } from "react-router";
import type { Route } from "./+types/appointment";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { getLang } from "~/.server/i18n";
import { AppointmentDetails } from "~/features/appointments/appointment-details";
import { getAppointments } from "~/features/appointments/appointments.server";
import { parseAppointmentIds } from "~/features/appointments/rules";
import { requireUser } from "~/features/session/guards.server";
import { PageTitle } from "~/ui/form";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const limitHours = requestInfo(context).brand.cancellationLimitHours;
  const ids = parseAppointmentIds(params.ids);
  const appointments = ids ? await getAppointments(session, ids, lang, now(), limitHours) : [];
  // Another person's appointment, a malformed id or a missing one: the same not-found answer.
  return data({ appointments, limitHours }, { status: appointments.length ? 200 : 404 });
}

export default function Appointment({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const found = loaderData.appointments.length > 0;
  const title = found ? t("appointments.page.title") : t("appointments.page.notFound");
  return (
    <div className="narrow-wide">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {found ? (
        loaderData.appointments.map((a) => <AppointmentDetails key={a.id} appointment={a} cancellationLimitHours={loaderData.limitHours} />)
      ) : (
        <p>{t("appointments.page.notFoundBody")}</p>
      )}
      <p>
        <LocalizedLink to="appointments">{t("appointments.page.allAppointments")}</LocalizedLink>
      </p>
    </div>
  );
}
