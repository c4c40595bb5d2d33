import { data } from "react-router";
import type { Route } from "./+types/api-arrival-reason";
import { now } from "~/.server/clock";
import { appointmentCall } from "~/features/appointments/api.server";
import { arrivalReasonSchema } from "~/features/appointments/arrival-reason";
import { saveArrivalReason } from "~/features/appointments/appointments.server";

/** POST /api/appointments/{id}/arrival-reason?csrfToken, body { arrivalReason } (JSON or form) → { type }. */
export async function action({ request, context, params }: Route.ActionArgs) {
  // Spec: the arrival reason needs a valid session.
  const { session, appointmentId } = appointmentCall(request, context, "POST", params.id);
  const body = (request.headers.get("Content-Type") ?? "").includes("application/json")
    ? await request.json().catch(() => ({}))
    : Object.fromEntries(await request.formData());
  const parsed = arrivalReasonSchema.safeParse(body);
  if (!parsed.success) return data({ type: "ValidationError", details: parsed.error.issues.map((i) => ({ path: i.path, message: i.message })) }, { status: 400 });
  const saved = await saveArrivalReason(session, appointmentId, parsed.data.arrivalReason, now());
  return saved ? data({ type: "Success" }) : data({ type: "NotFound" }, { status: 404 });
}
