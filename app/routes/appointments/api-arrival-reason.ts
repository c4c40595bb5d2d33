import { data } from "react-router";
import type { Route } from "./+types/api-arrival-reason";
import { now } from "~/.server/clock";
import { sessionState } from "~/.server/context";
import { arrivalReasonSchema } from "~/features/appointments/arrival-reason";
import { saveArrivalReason } from "~/features/appointments/appointments.server";
import { parseAppointmentIds } from "~/features/appointments/rules";
import type { UserSession } from "~/features/session/guards.server";

/** POST /api/appointments/{id}/arrival-reason?csrfToken, body { arrivalReason } (JSON or form) → { type }. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") throw data({ type: "MethodNotAllowed" }, { status: 405, headers: { Allow: "POST" } });
  const session = sessionState(context);
  // Spec: the arrival reason needs a valid session.
  if (session.status !== "valid" || !session.user || !session.actingPerson) return data({ type: "Unauthorized" }, { status: 401 });
  const ids = parseAppointmentIds(params.id);
  if (!ids || ids.length !== 1) return data({ type: "NotFound" }, { status: 404 });
  const body = (request.headers.get("Content-Type") ?? "").includes("application/json")
    ? await request.json().catch(() => ({}))
    : Object.fromEntries(await request.formData());
  const parsed = arrivalReasonSchema.safeParse(body);
  if (!parsed.success) return data({ type: "ValidationError", details: parsed.error.issues.map((i) => ({ path: i.path, message: i.message })) }, { status: 400 });
  const saved = await saveArrivalReason(session as UserSession, ids[0], parsed.data.arrivalReason, now());
  return saved ? data({ type: "Success" }) : data({ type: "NotFound" }, { status: 404 });
}
