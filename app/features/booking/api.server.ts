import { data, type RouterContextProvider } from "react-router";
import { sessionState } from "~/.server/context";
import type { UserSession } from "~/features/session/guards.server";

/** The logged-in session of a call, or 401 as JSON. */
export function apiUser(context: Readonly<RouterContextProvider>): UserSession {
  const session = sessionState(context);
  if (session.status !== "valid" || !session.user || !session.actingPerson)
    throw data({ type: "Unauthorized" }, { status: 401 });
  return session as UserSession;
}

/** HTTP status of a reservation result type. */
export function reservationStatus(type: string): number {
  if (type === "success") return 200;
  if (type === "unknownError") return 500;
  if (type === "noPatient") return 404;
  return 409;
}
