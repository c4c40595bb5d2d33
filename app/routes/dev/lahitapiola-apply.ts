import { data, redirect } from "react-router";
import type { Route } from "./+types/lahitapiola-apply";
import { readForm } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo, sessionState } from "~/.server/context";
import { sessionBinding } from "~/.server/session";
import { csrfTokenFor } from "~/.server/csrf";
import { db } from "~/.server/db/client";
import {
  DECISIONS,
  applicationPage,
  decide,
  devInsurerEnabled,
  readApplication,
  type Decision,
} from "~/.server/dev/insurer";
import { isLang } from "~/lib/lang";

/** The development stand-in of the second insurer's permit application page (see .server/dev/insurer.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!devInsurerEnabled()) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const info = requestInfo(context);
  const application = readApplication(url, now(), [info.origin]);
  const lang =
    application?.lang ?? (isLang(url.searchParams.get("lang")) ? (url.searchParams.get("lang") as "fi") : "fi");
  const html = applicationPage({
    lang,
    search: url.search,
    csrfToken: csrfTokenFor(info.csrfCookie, sessionBinding(sessionState(context))),
    valid: !!application,
  });
  return new Response(html, {
    status: application ? 200 : 400,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!devInsurerEnabled()) throw data(null, { status: 404 });
  const application = readApplication(new URL(request.url), now(), [requestInfo(context).origin]);
  const form = await readForm(request);
  const decision = form.get("decision");
  if (!application || !(DECISIONS as readonly unknown[]).includes(decision)) throw data(null, { status: 400 });
  return redirect(await decide(db(), application, decision as Decision, String(form.get("symptom") ?? ""), now()));
}
