import { data } from "react-router";
import type { Route } from "./+types/api-arrival-reason";
import { allowMethods, issueDetails, readBody, validationError } from "~/.server/api";
import { now } from "~/.server/clock";
import { serverT } from "~/.server/i18n";
import { appointmentCall } from "./appointment-call.server";
import { arrivalReasonSchema } from "~/features/appointments/arrival-reason";
import { saveArrivalReason } from "~/features/appointments/appointments.server";

export const middleware = [allowMethods("POST")];

/** POST /api/appointments/{id}/arrival-reason?csrfToken, body { arrivalReason } (JSON or form) → { type }. */
export async function action({ request, context, params }: Route.ActionArgs) {
  // Spec: the arrival reason needs a valid session.
  const { session, appointmentId } = appointmentCall(request, context, "POST", params.id);
  const parsed = arrivalReasonSchema.safeParse(await readBody(request));
  if (!parsed.success) return validationError(issueDetails(parsed.error.issues, serverT(context)));
  const saved = await saveArrivalReason(session, appointmentId, parsed.data.arrivalReason, now());
  return saved ? data({ type: "Success" }) : data({ type: "NotFound" }, { status: 404 });
}
