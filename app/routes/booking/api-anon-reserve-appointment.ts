import { data } from "react-router";
import type { Route } from "./+types/api-anon-reserve-appointment";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { serverT } from "~/.server/i18n";
import { readBody, requireMethod, reservationStatus } from "~/features/booking/api.server";
import { reserveAnonymously } from "~/features/booking/anonymous-reservation.server";
import { EXAMPLE_PHONE } from "~/features/booking/reservation-rules";
import { anonymousReservationSchema } from "~/features/booking/reservation.schema";
import { reservationOwnerCookie } from "~/features/booking/reservation-owner.server";
import { isLang } from "~/lib/lang";

/** POST /api/anon/reserve-appointment — body { internalOrganization, appointmentId, emailAddress, firstName, lastName, phone, ssn }. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const body = await readBody(request);
  const info = requestInfo(context);
  const t = serverT(context);
  const appointmentId = Number(body.appointmentId);
  const details: { path: string; message: string }[] = [];
  if (body.internalOrganization !== info.brand.internalOrganization) details.push({ path: "internalOrganization", message: "Unknown internalOrganization" });
  if (!Number.isSafeInteger(appointmentId) || appointmentId <= 0 || appointmentId > 2_147_483_647) details.push({ path: "appointmentId", message: "Invalid appointmentId" });
  if (details.length) {
    // The payload is refused before anything is reserved; its other fields are still reported.
    const fields = anonymousReservationSchema({ allowDevelopmentCodes: info.environment === "development", bindingRequired: false, form: false }).safeParse(body);
    const more = fields.success ? [] : fields.error.issues.map((i) => ({ path: i.path.join("."), message: t(i.message, { phone: EXAMPLE_PHONE }) }));
    return data({ type: "ValidationError", details: [...details, ...more] }, { status: 400 });
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
    return data({ type: "tooManyRequests", message: t("reservation.errors.rateLimitedApi") }, { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } });
  }
  if (outcome.type === "validation") {
    return data({ type: "ValidationError", details: outcome.issues.map((i) => ({ path: i.path.join("."), message: t(i.message, { phone: EXAMPLE_PHONE }) })) }, { status: 400 });
  }
  if (outcome.type === "success") {
    return data({ reservationDetails: outcome.reservationDetails }, { headers: { "Set-Cookie": reservationOwnerCookie(outcome.reservationDetails.token) } });
  }
  return data({ type: outcome.type }, { status: reservationStatus(outcome.type) });
}
