import { redirect } from "react-router";
import type { Route } from "./+types/analytics-consent";
import { analyticsConsentCookie, consentSavedCookie } from "~/.server/analytics-consent";
import { allowMethods, readBody, validationError } from "~/.server/api";
import { getLang } from "~/.server/i18n";
import { safeNextPath } from "~/features/session/login-options";
import { href } from "~/route-table";

export const middleware = [allowMethods("POST")];

// POST /api/analytics-consent — the cookie question's answer (CSRF checked by the root middleware).
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readBody(request);
  const choice = body.analytics;
  if (choice !== "granted" && choice !== "denied")
    throw validationError([{ path: "analytics", message: "Expected granted or denied" }]);
  const back = safeNextPath(typeof body.returnTo === "string" ? body.returnTo : "", href("home", getLang(context)));
  const headers = new Headers({ "Set-Cookie": analyticsConsentCookie(choice === "granted") });
  // The page it returns to records "consent saved" (spec part 1 §7), once.
  if (choice === "granted") headers.append("Set-Cookie", consentSavedCookie());
  return redirect(back, { status: 303, headers });
}
