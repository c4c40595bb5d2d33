import { data } from "react-router";
import type { Route } from "./+types/api-anon-check-in";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { doorCheckIn } from "~/features/appointments/door.server";

/** POST /api/anon/check-in, body { appointmentId (the link's token), ssnEndPart } → { type }. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data({ type: "MethodNotAllowed" }, { status: 405, headers: { Allow: "POST" } });
  const body = (request.headers.get("Content-Type") ?? "").includes("application/json")
    ? ((await request.json().catch(() => ({}))) as Record<string, unknown>)
    : Object.fromEntries(await request.formData());
  const token = typeof body.appointmentId === "string" ? body.appointmentId : "";
  const code = typeof body.ssnEndPart === "string" ? body.ssnEndPart.trim().toUpperCase() : "";
  if (!token || !/^[0-9]{3}[0-9A-Y]$/.test(code)) return data({ type: "ValidationError" }, { status: 400 });
  const type = await doorCheckIn(token, code, requestInfo(context).clientIp, now());
  const status = type === "notFound" ? 404 : type === "tooManyAttempts" ? 429 : 200;
  return data({ type }, { status });
}
