import { data } from "react-router";
import type { Route } from "./+types/api-appointment";
import { allowMethods } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { appointmentCall } from "./appointment-call.server";
import { cancelAppointment } from "~/features/appointments/appointments.server";
import { cancelResponse } from "~/features/appointments/rules";

export const middleware = [allowMethods("DELETE")];

/** DELETE /api/appointments/{id}?csrfToken — the spec's cancel call; the same service as the cancel page. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { session, appointmentId } = appointmentCall(request, context, "DELETE", params.id);
  const result = await cancelAppointment(
    session,
    appointmentId,
    now(),
    requestInfo(context).brand.cancellationLimitHours,
  );
  const response = cancelResponse(result.type);
  return data({ type: response.type }, { status: response.status });
}
