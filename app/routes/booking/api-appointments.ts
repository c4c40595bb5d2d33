import { data } from "react-router";
import type { Route } from "./+types/api-appointments";
import { allowMethods } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { apiSearchRequest } from "~/features/booking/search-api.server";
import { searchFreeAppointments } from "~/features/booking/search.server";

export const middleware = [allowMethods("GET")];

/**
 * GET /api/appointments — the spec's search call (part 2 §7): filters, startDate/endDate, time, offset, lang and the
 * care-type flags → { availableAppointments: { type, appointments } }. One page of PAGE_SIZE from `offset`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = apiSearchRequest(request, context);
  if ("response" in call) return call.response;
  const result = await searchFreeAppointments(db(), call.filters, call.careType, {
    lang: call.lang,
    brand: requestInfo(context).brand,
    now: now(),
    endDate: call.endDate,
    fromOffset: true,
  });
  return data({ availableAppointments: { type: result.type, appointments: result.appointments } });
}
