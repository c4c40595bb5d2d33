import { redirect } from "react-router";
import type { Route } from "./+types/analytics-consent";
import { analyticsConsentCookie } from "~/.server/analytics-consent";
import { getLang } from "~/.server/i18n";
import { safeNextPath } from "~/features/session/login-options";
import { href } from "~/route-table";

// POST /api/analytics-consent — the cookie question's answer (CSRF checked by the root middleware).
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const choice = form.get("analytics");
  if (choice !== "granted" && choice !== "denied") throw new Response("Bad Request", { status: 400 });
  const back = safeNextPath(String(form.get("returnTo") ?? ""), href("home", getLang(context)));
  return redirect(back, { status: 303, headers: { "Set-Cookie": analyticsConsentCookie(choice === "granted") } });
}

export function loader() {
  throw new Response("Not Found", { status: 404 });
}
