import { data, type RouterContextProvider } from "react-router";
import { sessionState } from "~/.server/context";
import type { UserSession } from "~/.server/guards";
import { parseAppointmentIds } from "~/features/appointments/rules";

/**
 * The common opening of the spec's appointment calls: the method, a logged-in session, one appointment id.
 * Each failure is thrown as the JSON answer the call gives.
 */
export function appointmentCall(
  request: Request,
  context: Readonly<RouterContextProvider>,
  method: string,
  rawId: string | undefined,
): { session: UserSession; appointmentId: number } {
  if (request.method !== method) throw data({ type: "MethodNotAllowed" }, { status: 405, headers: { Allow: method } });
  const session = sessionState(context);
  if (session.status !== "valid" || !session.user || !session.actingPerson)
    throw data({ type: "Unauthorized" }, { status: 401 });
  const ids = parseAppointmentIds(rawId);
  if (!ids || ids.length !== 1) throw data({ type: "NotFound" }, { status: 404 });
  return { session: session as UserSession, appointmentId: ids[0] };
}
