import { data } from "react-router";
import type { Route } from "./+types/calendar";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { getLang, serverT } from "~/.server/i18n";
import { getAppointments } from "~/features/appointments/appointments.server";
import { appointmentCalendarFile } from "~/features/appointments/calendar";
import { parseAppointmentIds } from "~/features/appointments/rules";
import { requireUser } from "~/.server/guards";
import { customerServicePhone } from "#brands/index";

// GET /{lang}/{appointments}/{id}/{calendar}.ics — the appointment as a calendar file.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const { brand, environment } = requestInfo(context);
  const ids = parseAppointmentIds(params.id);
  const [a] =
    ids && ids.length === 1 ? await getAppointments(session, ids, lang, now(), brand.cancellationLimitHours) : [];
  if (!a || a.status !== "active") throw data(null, { status: 404 });
  const body = appointmentCalendarFile(a, {
    t: serverT(context),
    brand: { name: brand.name, customerServicePhone: customerServicePhone(brand, environment) },
    hostname: new URL(requestInfo(context).origin).hostname,
    now: now(),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="appointment-${a.id}.ics"`,
      "Cache-Control": "no-store",
    },
  });
}
