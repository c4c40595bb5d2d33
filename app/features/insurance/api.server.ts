import { data, type RouterContextProvider } from "react-router";
import { requestInfo, sessionState } from "~/.server/context";
import type { Feature } from "#brands/index";
import type { UserSession } from "~/features/session/guards.server";

/**
 * The common opening of the insurance calls: the method, a logged-in session (401 JSON otherwise) and, where
 * given, the feature the call belongs to (404 JSON when the brand does not have it). The acting person is the
 * insured; the logged-in user is the guardian when acting for a child.
 */
export function insuranceCall(request: Request, context: Readonly<RouterContextProvider>, method: "GET" | "POST", feature?: Feature) {
  if (request.method !== method) throw data({ type: "MethodNotAllowed" }, { status: 405, headers: { Allow: method } });
  const session = sessionState(context);
  if (session.status !== "valid" || !session.user || !session.actingPerson) throw data({ type: "Unauthorized" }, { status: 401 });
  const info = requestInfo(context);
  if (feature && !info.brand.features[info.environment].includes(feature)) throw data({ type: "NotFound" }, { status: 404 });
  const { user, actingPerson } = session as UserSession;
  return {
    session: session as UserSession,
    person: actingPerson,
    guardian: user.id !== actingPerson.id ? { id: user.id, birthDate: user.birthDate } : null,
    actorId: user.id,
    info,
  };
}
