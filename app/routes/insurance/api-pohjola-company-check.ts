import { data } from "react-router";
import type { Route } from "./+types/api-pohjola-company-check";
import { allowMethods } from "~/.server/api";
import { now } from "~/.server/clock";
import { db } from "~/.server/db/client";
import { helsinkiDateParts } from "~/lib/format";
import { insuranceCall, readCompanyCheckQuery } from "./insurance-call.server";
import { pohjolaCompanyCheck } from "~/features/insurance/insurance.server";

export const middleware = [allowMethods("GET")];

/** GET /api/insurance/pohjola-company-check?lang&eventType → { productName, policyId, coverages } or {}. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = insuranceCall(request, context, "GET", "pohjola-company-insurance-flow");
  const { lang, eventType } = readCompanyCheckQuery(new URL(request.url).searchParams);
  const p = helsinkiDateParts(now());
  const date = `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
  const result = await pohjolaCompanyCheck(db(), call.person, { eventType, lang, date });
  if (!result) return data({ type: "error" }, { status: 502 });
  return data(result.insurance ?? {}, { headers: { "Cache-Control": "no-store" } });
}
