import { data } from "react-router";
import type { Route } from "./+types/api-lahitapiola-policy-check";
import { allowMethods } from "~/.server/api";
import { db } from "~/.server/db/client";
import { insuranceCall } from "./insurance-call.server";
import { lahitapiolaPolicyCheck } from "~/features/insurance/insurance.server";

export const middleware = [allowMethods("GET")];

/** GET /api/insurance/lahitapiola-policy-check → { type, hasHealthcarePolicy } (type underageCustomer or error otherwise). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = insuranceCall(request, context, "GET", "lahitapiola-insurance-flow");
  const result = await lahitapiolaPolicyCheck(db(), { person: call.person, guardian: call.guardian });
  return data(result, { status: result.type === "error" ? 502 : 200, headers: { "Cache-Control": "no-store" } });
}
