import { data, redirect } from "react-router";
import { flashCookie } from "~/.server/flash";
import type { Route } from "./+types/appointment";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { getLang } from "~/.server/i18n";
import { AppointmentDetails } from "~/features/appointments/appointment-details";
import { checkIn, getAppointments } from "~/features/appointments/appointments.server";
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
  return data({ appointments, limitHours, consentNeeded: session.actingPerson.patientDataConsent !== "ok" }, { status: appointments.length ? 200 : 404 });
}

// Self check-in from the appointment page; the result comes back as a flash message on the same page.
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const form = await request.formData();
  const ids = parseAppointmentIds(params.ids) ?? [];
  const id = Number(form.get("appointmentId"));
  if (form.get("intent") !== "checkIn" || !ids.includes(id)) throw data(null, { status: 400 });
  const result = await checkIn(session, id, now());
  const type = result === "Success" ? "success" : "error";
  if (result === "NotFound") throw data(null, { status: 404 });
  throw redirect(new URL(request.url).pathname, { headers: { "Set-Cookie": flashCookie({ type, key: `appointments.checkInResult.${result}` }) } });
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
        loaderData.appointments.map((a) => (
          <AppointmentDetails key={a.id} appointment={a} cancellationLimitHours={loaderData.limitHours} consentNeeded={loaderData.consentNeeded} />
        ))
      ) : (
        <p>{t("appointments.page.notFoundBody")}</p>
      )}
      <p>
        <LocalizedLink to="appointments">{t("appointments.page.allAppointments")}</LocalizedLink>
      </p>
    </div>
  );
}
