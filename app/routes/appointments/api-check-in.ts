import { data } from "react-router";
import type { Route } from "./+types/api-check-in";
import { allowMethods } from "~/.server/api";
import { now } from "~/.server/clock";
import { appointmentCall } from "./appointment-call.server";
import { checkIn } from "~/features/appointments/appointments.server";

export const middleware = [allowMethods("POST")];

/** POST /api/appointments/check-in/{id}?csrfToken — the same service as the appointment page's check-in. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { session, appointmentId } = appointmentCall(request, context, "POST", params.id);
  const type = await checkIn(session, appointmentId, now());
  return data({ type }, { status: type === "NotFound" ? 404 : 200 });
}
