import { redirect } from "react-router";
import type { Route } from "./+types/api-lahitapiola-apply-permit";
import { allowMethods } from "~/.server/api";
import { now } from "~/.server/clock";
import { db } from "~/.server/db/client";
import { insuranceCall, readApplyPermitQuery } from "./insurance-call.server";
import { insurers } from "~/.server/insurers";

export const middleware = [allowMethods("GET")];

/**
 * GET /api/insurance/lahitapiola-apply-permit?redirectTo&channel&lang — the browser goes to the second insurer's
 * permit application, which sends it back to `redirectTo` (a page of this portal) with a return parameter.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = insuranceCall(request, context, "GET", "lahitapiola-insurance-flow");
  const { redirectTo, lang, channel } = readApplyPermitQuery(new URL(request.url).searchParams);
  const returnUrl = new URL(redirectTo, call.info.origin).toString();
  return redirect(
    insurers(db()).lahitapiola.applyPermitUrl({ person: call.person, returnUrl, channel, lang, now: now() }),
  );
}
