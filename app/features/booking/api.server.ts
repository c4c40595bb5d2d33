import { data, type RouterContextProvider } from "react-router";
import { sessionState } from "~/.server/context";
import type { UserSession } from "~/features/session/guards.server";

/** A JSON (or form-encoded) request body as a plain object; anything unreadable is an empty object. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  if ((request.headers.get("Content-Type") ?? "").includes("application/json")) {
    const body = await request.json().catch(() => null);
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  }
  return Object.fromEntries(await request.formData().catch(() => new FormData()));
}

export function requireMethod(request: Request, method: string) {
  if (request.method !== method) throw data({ type: "MethodNotAllowed" }, { status: 405, headers: { Allow: method } });
}

/** The logged-in session of a call, or 401 as JSON. */
export function apiUser(context: Readonly<RouterContextProvider>): UserSession {
  const session = sessionState(context);
  if (session.status !== "valid" || !session.user || !session.actingPerson) throw data({ type: "Unauthorized" }, { status: 401 });
  return session as UserSession;
}

/** HTTP status of a reservation result type. */
export function reservationStatus(type: string): number {
  if (type === "success") return 200;
  if (type === "unknownError") return 500;
  if (type === "noPatient") return 404;
  return 409;
}
