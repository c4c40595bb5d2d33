import { data } from "react-router";
import type { Route } from "./+types/api-pohjola-check";
import { db } from "~/.server/db/client";
import { insuranceCall } from "~/features/insurance/api.server";
import { pohjolaPersonalCheck } from "~/features/insurance/insurance.server";

/** GET /api/insurance/pohjola-check/{date} (YYYY-MM-DD, the appointment's day) → { hasInsurance }. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = insuranceCall(request, context, "GET");
  const date = params.date ?? "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw data({ type: "ValidationError" }, { status: 400 });
  const result = await pohjolaPersonalCheck(db(), call.person, date);
  if (!result) return data({ type: "error" }, { status: 502 });
  return data({ hasInsurance: result.hasInsurance }, { headers: { "Cache-Control": "no-store" } });
}
