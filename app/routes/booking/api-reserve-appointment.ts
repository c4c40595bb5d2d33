import { data } from "react-router";
import type { Route } from "./+types/api-reserve-appointment";
import { allowMethods, readBody, validationError, type ValidationDetail } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { serverT } from "~/.server/i18n";
import { apiUser, reservationStatus } from "~/features/booking/api.server";
import { callErrorPaths, reserveByCall } from "~/features/booking/portal-reservation.server";
import { isFinnishPhone } from "~/features/booking/reservation.schema";
import { CONCEPT_CODES } from "~/features/insurance/insurance-choice";
import { isValidEmail, normalisePhone } from "~/lib/contact";
import { apiLang } from "~/features/booking/search-api.server";
import { parseId } from "~/lib/id";

export const middleware = [allowMethods("POST")];

const text = (v: unknown, max: number) => (typeof v === "string" && v.trim().length <= max ? v.trim() : null);
const given = (v: unknown) => v != null && v !== "";

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
  const details: ValidationDetail[] = [];
  const appointmentId = parseId(body.appointmentId);
  if (body.internalOrganization !== info.brand.internalOrganization) details.push({ path: "internalOrganization", message: "Unknown internalOrganization" });
  if (appointmentId === null) details.push({ path: "appointmentId", message: "Invalid appointmentId" });
  const phone = typeof body.phone === "string" && isFinnishPhone(body.phone) ? normalisePhone(body.phone.trim()) : null;
  if (!phone) details.push({ path: "phone", message: "Invalid phone" });
  const email = typeof body.emailAddress === "string" && isValidEmail(body.emailAddress) ? body.emailAddress.trim() : null;
  if (!email) details.push({ path: "emailAddress", message: "Invalid emailAddress" });
  const description = body.description == null ? null : text(body.description, 500);
  if (body.description != null && description === null) details.push({ path: "description", message: "Invalid description" });
  const conceptCode = given(body.conceptCode) ? text(body.conceptCode, 50) : null;
  if (given(body.conceptCode) && (!conceptCode || !CONCEPT_CODES.includes(conceptCode))) details.push({ path: "conceptCode", message: "Unknown conceptCode" });
  const dcpContentHash = given(body.dcpContentHash) ? text(body.dcpContentHash, 200) : null;
  if (given(body.dcpContentHash) && (!dcpContentHash || !conceptCode)) details.push({ path: "dcpContentHash", message: "Invalid dcpContentHash" });
  const pohjolaPolicyId = given(body.pohjolaPolicyId) ? text(body.pohjolaPolicyId, 200) : null;
  if (given(body.pohjolaPolicyId) && (!pohjolaPolicyId || !conceptCode)) details.push({ path: "pohjolaPolicyId", message: "Invalid pohjolaPolicyId" });
  if (details.length || appointmentId === null) return validationError(details);

  const url = new URL(request.url);
  const outcome = await reserveByCall({
    session,
    lang: apiLang(request) ?? "fi",
    now: now(),
    brand: info.brand,
    environment: info.environment,
    origin: info.origin,
    url,
    appointmentId,
    claim: { via: "call", phone: phone!, email: email!, description, insurance: conceptCode ? { conceptCode, dcpContentHash, pohjolaPolicyId } : null },
  });
  if (outcome.type === "success") return data({ reservationDetails: outcome.reservationDetails });
  if (outcome.type === "invalid") {
    const t = serverT(context);
    return validationError(callErrorPaths(outcome).map(({ path, key }) => ({ path, message: t(key) })));
  }
  if (outcome.type === "billingProblem") return data({ type: "billingProblem" }, { status: 403 });
  return data({ type: outcome.type }, { status: reservationStatus(outcome.type) });
}
