import { data } from "react-router";
import type { Route } from "./+types/api-reserve-appointment";
import { allowMethods, readBody, validationError, type ValidationDetail } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { apiUser, requireMethod, reservationStatus } from "~/features/booking/api.server";
import { getFreeAppointment } from "~/features/booking/free-appointment.server";
import { occupationalAllowed } from "~/features/booking/portal-reservation.server";
import { careTypeForCall } from "~/features/booking/reservation-rules";
import { isFinnishPhone } from "~/features/booking/reservation.schema";
import { reserveAppointment } from "~/features/booking/reservation.server";
import { isValidEmail, normalisePhone } from "~/lib/contact";
import { parseId } from "~/lib/id";

export const middleware = [allowMethods("POST")];

const text = (v: unknown, max: number) => (typeof v === "string" && v.trim().length <= max ? v.trim() : null);

/**
 * POST /api/reserve-appointment?csrfToken — body { internalOrganization, appointmentId, description, emailAddress,
 * conceptCode, dcpContentHash, pohjolaPolicyId, phone } → { reservationDetails } or { type }.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
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
  const conceptCode = body.conceptCode == null || body.conceptCode === "" ? null : text(body.conceptCode, 50);
  if (details.length || appointmentId === null) return validationError(details);

  const person = session.actingPerson;
  const appointment = await getFreeAppointment(db(), appointmentId, "fi", now());
  if (!appointment) return data({ type: "appointmentNotAvailable" }, { status: 409 });
  const careType = careTypeForCall(appointment.careTypes, !!conceptCode, occupationalAllowed(person));
  if (!careType) return data({ type: "appointmentNotAvailable" }, { status: 409 });
  if (!person.creditWorthy && careType !== "occupational") return data({ type: "billingProblem" }, { status: 403 });
  const permit = text(body.dcpContentHash, 200) || text(body.pohjolaPolicyId, 200) || null;
  const result = await reserveAppointment(db(), {
    reserver: { channel: "portal", personId: person.id, actorId: session.user.id },
    appointmentId,
    careType,
    contactPhone: phone!,
    contactEmail: email!,
    description,
    insurance: conceptCode ? { insurer: null, reimbursement: null, conceptCode, description: description ?? "", directCompensationPermit: permit } : null,
    brand: { id: info.brand.id, origin: info.origin },
    now: now(),
  });
  if (result.type === "success") return data({ reservationDetails: result.reservationDetails });
  return data({ type: result.type }, { status: reservationStatus(result.type) });
}
