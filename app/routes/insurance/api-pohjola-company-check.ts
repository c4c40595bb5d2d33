import { data } from "react-router";
import type { Route } from "./+types/api-pohjola-company-check";
import { allowMethods, validationError } from "~/.server/api";
import { now } from "~/.server/clock";
import { db } from "~/.server/db/client";
import { helsinkiDateParts } from "~/lib/format";
import { isLang } from "~/lib/lang";
import { EVENT_TYPES, type EventType } from "~/features/insurance/insurance-choice";
import { insuranceCall } from "~/features/insurance/api.server";
import { pohjolaCompanyCheck } from "~/features/insurance/insurance.server";

export const middleware = [allowMethods("GET")];

/** GET /api/insurance/pohjola-company-check?lang&eventType → { productName, policyId, coverages } or {}. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = insuranceCall(request, context, "GET", "pohjola-company-insurance-flow");
  const q = new URL(request.url).searchParams;
  const lang = q.get("lang");
  const eventType = q.get("eventType");
  const details = [
    ...(!isLang(lang) ? [{ path: "lang", message: "Invalid lang" }] : []),
    ...(!(EVENT_TYPES as readonly string[]).includes(eventType ?? "") ? [{ path: "eventType", message: `Expected one of ${EVENT_TYPES.join(", ")}` }] : []),
  ];
  if (details.length || !isLang(lang)) throw validationError(details);
  const p = helsinkiDateParts(now());
  const date = `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
  const result = await pohjolaCompanyCheck(db(), call.person, { eventType: eventType as EventType, lang, date });
  if (!result) return data({ type: "error" }, { status: 502 });
  return data(result.insurance ?? {}, { headers: { "Cache-Control": "no-store" } });
}
