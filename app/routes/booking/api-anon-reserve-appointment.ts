import { data } from "react-router";
import type { Route } from "./+types/api-anon-reserve-appointment";
import { allowMethods, issueDetails, readBody, validationError, type ValidationDetail } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { serverT } from "~/.server/i18n";
import { reservationStatus } from "./reservation-status";
import { reserveAnonymously } from "~/features/booking/anonymous-reservation.server";
import { EXAMPLE_PHONE } from "~/features/booking/example-phone";
import { anonymousReservationSchema } from "~/features/booking/reservation.schema";
import { reservationOwnerCookie } from "~/features/booking/reservation-owner.server";
import { isLang } from "~/lib/lang";
import { parseId } from "~/lib/id";

export const middleware = [allowMethods("POST")];

/** POST /api/anon/reserve-appointment — body { internalOrganization, appointmentId, emailAddress, firstName, lastName, phone, ssn }. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readBody(request);
  const info = requestInfo(context);
  const t = serverT(context);
  const appointmentId = parseId(body.appointmentId);
  const details: ValidationDetail[] = [];
  if (body.internalOrganization !== info.brand.internalOrganization)
    details.push({ path: "internalOrganization", message: "Unknown internalOrganization" });
  if (appointmentId === null) details.push({ path: "appointmentId", message: "Invalid appointmentId" });
  if (details.length || appointmentId === null) {
    // The payload is refused before anything is reserved; its other fields are still reported.
    const fields = anonymousReservationSchema({
      allowDevelopmentCodes: info.environment === "development",
      bindingRequired: false,
      form: false,
    }).safeParse(body);
    const more = fields.success ? [] : issueDetails(fields.error.issues, (key) => t(key, { phone: EXAMPLE_PHONE }));
    return validationError([...details, ...more]);
  }
  const lang = new URL(request.url).searchParams.get("lang");
  const outcome = await reserveAnonymously(db(), {
    body,
    // The SMS in the language the caller asked for (?lang), else the person's own.
    lang: isLang(lang) ? lang : undefined,
    form: false,
    appointmentId,
    bindingRequired: false,
    clientIp: info.clientIp,
    environment: info.environment,
    brand: { id: info.brand.id, origin: info.origin },
    now: now(),
  });
  if (outcome.type === "rateLimited") {
    return data(
      { type: "tooManyRequests", message: t("reservation.errors.rateLimitedApi") },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  if (outcome.type === "validation") {
    return validationError(issueDetails(outcome.issues, (key) => t(key, { phone: EXAMPLE_PHONE })));
  }
  if (outcome.type === "success") {
    return data(
      { reservationDetails: outcome.reservationDetails },
      { headers: { "Set-Cookie": reservationOwnerCookie(outcome.reservationDetails.token) } },
    );
  }
  return data({ type: outcome.type }, { status: reservationStatus(outcome.type) });
}
