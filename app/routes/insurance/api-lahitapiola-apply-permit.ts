import { redirect } from "react-router";
import type { Route } from "./+types/api-lahitapiola-apply-permit";
import { allowMethods, validationError } from "~/.server/api";
import { now } from "~/.server/clock";
import { db } from "~/.server/db/client";
import { isLang } from "~/lib/lang";
import { insuranceCall } from "~/features/insurance/api.server";
import { insurers } from "~/features/insurance/insurers.server";
import { routeIdForPath } from "~/route-table";

export const middleware = [allowMethods("GET")];

/**
 * GET /api/insurance/lahitapiola-apply-permit?redirectTo&channel&lang — the browser goes to the second insurer's
 * permit application, which sends it back to `redirectTo` (a page of this portal) with a return parameter.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = insuranceCall(request, context, "GET", "lahitapiola-insurance-flow");
  const q = new URL(request.url).searchParams;
  const redirectTo = q.get("redirectTo") ?? "";
  const lang = q.get("lang");
  const channel = q.get("channel") ?? "web";
  // Only a page of this portal: never an open redirect.
  const path = redirectTo.split("?")[0];
  const details = [
    ...(!redirectTo.startsWith("/") || redirectTo.startsWith("//") || redirectTo.includes("\\") || !routeIdForPath(path) ? [{ path: "redirectTo", message: "Expected a page of this portal" }] : []),
    ...(!isLang(lang) ? [{ path: "lang", message: "Invalid lang" }] : []),
    ...(!/^[a-z]{1,20}$/.test(channel) ? [{ path: "channel", message: "Invalid channel" }] : []),
  ];
  if (details.length || !isLang(lang)) throw validationError(details);
  const returnUrl = new URL(redirectTo, call.info.origin).toString();
  return redirect(insurers(db()).lahitapiola.applyPermitUrl({ person: call.person, returnUrl, channel, lang, now: now() }));
}
