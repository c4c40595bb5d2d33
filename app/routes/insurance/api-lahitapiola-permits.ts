import { data } from "react-router";
import type { Route } from "./+types/api-lahitapiola-permits";
import { allowMethods } from "~/.server/api";
import { db } from "~/.server/db/client";
import { isLang } from "~/lib/lang";
import { insuranceCall } from "./insurance-call.server";
import { lahitapiolaPermits } from "~/features/insurance/insurance.server";

export const middleware = [allowMethods("GET")];

/** GET /api/insurance/lahitapiola-direct-compensation-permits/{lang} → { type, directCompensationPermits }. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = insuranceCall(request, context, "GET", "lahitapiola-insurance-flow");
  if (!isLang(params.lang)) throw data({ type: "NotFound" }, { status: 404 });
  const result = await lahitapiolaPermits(db(), { person: call.person, actorId: call.actorId }, params.lang);
  return data(result, { status: result.type === "error" ? 502 : 200, headers: { "Cache-Control": "no-store" } });
}
