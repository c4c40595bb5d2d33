import { data } from "react-router";
import type { Route } from "./+types/api-available-appointment-dates";
import { allowMethods } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { apiSearchRequest } from "./search-call.server";
import { availableAppointmentDates, searchRange } from "~/features/booking/search.server";
import { SEARCH_WINDOW_DAYS, addDays } from "~/features/booking/search";

export const middleware = [allowMethods("GET")];

/** GET /api/appointments/available-appointment-dates — the Helsinki dates with free appointments → { dates }. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = apiSearchRequest(request, context, "timeOfDay");
  if ("response" in call) return call.response;
  const t = now();
  const { startDate } = searchRange(call.filters, t);
  const dates = await availableAppointmentDates(db(), call.filters, call.careType, {
    lang: call.lang,
    brand: requestInfo(context).brand,
    now: t,
    from: startDate,
    to: call.endDate ?? addDays(startDate, SEARCH_WINDOW_DAYS - 1),
  });
  return data({ dates });
}
