import { data } from "react-router";
import type { Route } from "./+types/api-appointments";
import { allowMethods } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { apiAppointments, apiSearchRequest, withNeighbourClinics } from "./search-call.server";
import { searchFreeAppointments } from "~/features/booking/search.server";

export const middleware = [allowMethods("GET")];

/**
 * GET /api/appointments — the spec's search call (part 2 §7): filters, startDate/endDate, time, offset, lang and the
 * care-type flags → { availableAppointments: { type, appointments } }. One page of PAGE_SIZE from `offset`; clinicIds
 * take in the neighbouring municipalities' clinics (§7), items are in the spec's Appointment shape.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = apiSearchRequest(request, context);
  if ("response" in call) return call.response;
  const filters = await withNeighbourClinics(db(), call.filters);
  const result = await searchFreeAppointments(db(), filters, call.careType, {
    lang: call.lang,
    brand: requestInfo(context).brand,
    now: now(),
    endDate: call.endDate,
    fromOffset: true,
  });
  return data({
    availableAppointments: {
      type: result.type,
      appointments: await apiAppointments(db(), result.appointments, call.lang),
    },
  });
}
