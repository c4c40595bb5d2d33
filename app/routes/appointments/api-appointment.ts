import { data } from "react-router";
import type { Route } from "./+types/api-appointment";
import { now } from "~/.server/clock";
import { requestInfo, sessionState } from "~/.server/context";
import { cancelAppointment } from "~/features/appointments/appointments.server";
import { cancelResponse, parseAppointmentIds } from "~/features/appointments/rules";
import type { UserSession } from "~/features/session/guards.server";

/** DELETE /api/appointments/{id}?csrfToken — the spec's cancel call; the same service as the cancel page. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") throw data({ type: "MethodNotAllowed" }, { status: 405, headers: { Allow: "DELETE" } });
  const session = sessionState(context);
  if (session.status !== "valid" || !session.user || !session.actingPerson) return data({ type: "Unauthorized" }, { status: 401 });
  const ids = parseAppointmentIds(params.id);
  if (!ids || ids.length !== 1) return data({ type: "NotFound" }, { status: 404 });
  const result = await cancelAppointment(session as UserSession, ids[0], now(), requestInfo(context).brand.cancellationLimitHours);
  const response = cancelResponse(result.type);
  return data({ type: response.type }, { status: response.status });
}
