import { data } from "react-router";
import type { Route } from "./+types/api-check-in";
import { now } from "~/.server/clock";
import { sessionState } from "~/.server/context";
import { checkIn } from "~/features/appointments/appointments.server";
import { parseAppointmentIds } from "~/features/appointments/rules";
import type { UserSession } from "~/features/session/guards.server";

/** POST /api/appointments/check-in/{id}?csrfToken — the same service as the appointment page's check-in. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") throw data({ type: "MethodNotAllowed" }, { status: 405, headers: { Allow: "POST" } });
  const session = sessionState(context);
  if (session.status !== "valid" || !session.user || !session.actingPerson) return data({ type: "Unauthorized" }, { status: 401 });
  const ids = parseAppointmentIds(params.id);
  if (!ids || ids.length !== 1) return data({ type: "NotFound" }, { status: 404 });
  const type = await checkIn(session as UserSession, ids[0], now());
  return data({ type }, { status: type === "NotFound" ? 404 : 200 });
}
