import { data } from "react-router";
import type { Route } from "./+types/api-pohjola-check";
import { allowMethods, validationError } from "~/.server/api";
import { db } from "~/.server/db/client";
import { isIsoDate } from "~/features/booking/search";
import { insuranceCall } from "./insurance-call.server";
import { pohjolaPersonalCheck } from "~/features/insurance/insurance.server";

export const middleware = [allowMethods("GET")];

/** GET /api/insurance/pohjola-check/{date} (YYYY-MM-DD, the appointment's day) → { hasInsurance }. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = insuranceCall(request, context, "GET");
  const date = params.date ?? "";
  // A calendar date (2026-02-30 is not one; Date.parse would roll it over to March).
  if (!isIsoDate(date)) throw validationError([{ path: "date", message: "Expected a date YYYY-MM-DD" }]);
  const result = await pohjolaPersonalCheck(db(), call.person, date);
  if (!result) return data({ type: "error" }, { status: 502 });
  return data({ hasInsurance: result.hasInsurance }, { headers: { "Cache-Control": "no-store" } });
}
