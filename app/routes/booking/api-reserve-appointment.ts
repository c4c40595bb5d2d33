import { apiUser } from "~/.server/guards";
import { data } from "react-router";
import type { Route } from "./+types/api-reserve-appointment";
import { allowMethods, readBody, validationError } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { serverT } from "~/.server/i18n";
import { reservationStatus } from "./reservation-status";
import { callErrorPaths, readReservationCall, reserveByCall } from "./portal-reservation.server";
import { apiLang } from "./search-call.server";

export const middleware = [allowMethods("POST")];

/**
 * POST /api/reserve-appointment?csrfToken — body { internalOrganization, appointmentId, description, emailAddress,
 * conceptCode, dcpContentHash, pohjolaPolicyId, phone } → { reservationDetails } or { type }. The same service as
 * the reservation page: a concept code must be one the portal knows, and a permit or policy one it verified itself
 * for this person and appointment.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = apiUser(context);
  const info = requestInfo(context);
  const body = await readBody(request);
  const call = readReservationCall(body, info.brand.internalOrganization);
  if ("details" in call) return validationError(call.details);

  const url = new URL(request.url);
  const outcome = await reserveByCall({
    session,
    lang: apiLang(request) ?? "fi",
    now: now(),
    brand: info.brand,
    environment: info.environment,
    origin: info.origin,
    url,
    appointmentId: call.appointmentId,
    claim: call.claim,
  });
  if (outcome.type === "success") return data({ reservationDetails: outcome.reservationDetails });
  if (outcome.type === "invalid") {
    const t = serverT(context);
    return validationError(callErrorPaths(outcome).map(({ path, key }) => ({ path, message: t(key) })));
  }
  if (outcome.type === "billingProblem") return data({ type: "billingProblem" }, { status: 403 });
  return data({ type: outcome.type }, { status: reservationStatus(outcome.type) });
}
