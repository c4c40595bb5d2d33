import { data, type RouterContextProvider } from "react-router";
import { validationError } from "~/.server/api";
import { requestInfo, sessionState } from "~/.server/context";
import type { Feature } from "#brands/index";
import type { UserSession } from "~/.server/guards";
import { isLang, type Lang } from "~/lib/lang";
import { routeIdForPath } from "~/route-table";
import { EVENT_TYPES, type EventType } from "~/lib/insurance-event";

/**
 * The common opening of the insurance calls: the method, a logged-in session (401 JSON otherwise) and, where
 * given, the feature the call belongs to (404 JSON when the brand does not have it). The acting person is the
 * insured; the logged-in user is the guardian when acting for a child.
 */
export function insuranceCall(
  request: Request,
  context: Readonly<RouterContextProvider>,
  method: "GET" | "POST",
  feature?: Feature,
) {
  if (request.method !== method) throw data({ type: "MethodNotAllowed" }, { status: 405, headers: { Allow: method } });
  const session = sessionState(context);
  if (session.status !== "valid" || !session.user || !session.actingPerson)
    throw data({ type: "Unauthorized" }, { status: 401 });
  const info = requestInfo(context);
  if (feature && !info.brand.features[info.environment].includes(feature))
    throw data({ type: "NotFound" }, { status: 404 });
  const { user, actingPerson } = session as UserSession;
  return {
    session: session as UserSession,
    person: actingPerson,
    guardian: user.id !== actingPerson.id ? { id: user.id, birthDate: user.birthDate } : null,
    actorId: user.id,
    info,
  };
}

/**
 * The permit application's query (`redirectTo`, `lang`, `channel`); a 400 ValidationError naming every bad one.
 * `redirectTo` must be a page of this portal: never an open redirect.
 */
export function readApplyPermitQuery(q: URLSearchParams): { redirectTo: string; lang: Lang; channel: string } {
  const redirectTo = q.get("redirectTo") ?? "";
  const lang = q.get("lang");
  const channel = q.get("channel") ?? "web";
  const path = redirectTo.split("?")[0];
  const details = [
    ...(!redirectTo.startsWith("/") || redirectTo.startsWith("//") || redirectTo.includes("\\") || !routeIdForPath(path)
      ? [{ path: "redirectTo", message: "Expected a page of this portal" }]
      : []),
    ...(!isLang(lang) ? [{ path: "lang", message: "Invalid lang" }] : []),
    ...(!/^[a-z]{1,20}$/.test(channel) ? [{ path: "channel", message: "Invalid channel" }] : []),
  ];
  if (details.length || !isLang(lang)) throw validationError(details);
  return { redirectTo, lang, channel };
}

/** The company check's query (`lang`, `eventType`); a 400 ValidationError naming every bad one. */
export function readCompanyCheckQuery(q: URLSearchParams): { lang: Lang; eventType: EventType } {
  const lang = q.get("lang");
  const eventType = q.get("eventType");
  const details = [
    ...(!isLang(lang) ? [{ path: "lang", message: "Invalid lang" }] : []),
    ...(!(EVENT_TYPES as readonly string[]).includes(eventType ?? "")
      ? [{ path: "eventType", message: `Expected one of ${EVENT_TYPES.join(", ")}` }]
      : []),
  ];
  if (details.length || !isLang(lang)) throw validationError(details);
  return { lang, eventType: eventType as EventType };
}
