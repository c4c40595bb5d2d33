import { data } from "react-router";
import type { Route } from "./+types/api-anon-check-in";
import { allowMethods, readBody, validationError, type ValidationDetail } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { doorCheckIn, isDoorCode, normaliseDoorCode } from "~/features/appointments/door.server";

export const middleware = [allowMethods("POST")];

/** POST /api/anon/check-in, body { appointmentId (the link's token), ssnEndPart } → { type }. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readBody(request);
  const token = typeof body.appointmentId === "string" ? body.appointmentId : "";
  const code = typeof body.ssnEndPart === "string" ? normaliseDoorCode(body.ssnEndPart) : "";
  const details: ValidationDetail[] = [];
  if (!token) details.push({ path: "appointmentId", message: "Expected the appointment link's token" });
  if (!isDoorCode(code))
    details.push({ path: "ssnEndPart", message: "Expected the last four characters of the identity code" });
  if (details.length) return validationError(details);
  const type = await doorCheckIn(token, code, requestInfo(context).clientIp, now());
  const status = type === "notFound" ? 404 : type === "tooManyAttempts" ? 429 : 200;
  return data({ type }, { status });
}
