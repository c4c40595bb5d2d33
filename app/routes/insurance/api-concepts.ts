import { data } from "react-router";
import type { Route } from "./+types/api-concepts";
import { allowMethods, readBody, validationError } from "~/.server/api";
import { db } from "~/.server/db/client";
import { insuranceCall } from "./insurance-call.server";
import { setConcept } from "~/features/insurance/insurance.server";

export const middleware = [allowMethods("POST")];

/** POST /api/concepts?csrfToken, body { code } (JSON or form) → { type: "success" }. The CSRF check is the root middleware's. */
export async function action({ request, context }: Route.ActionArgs) {
  const call = insuranceCall(request, context, "POST");
  const body = await readBody(request);
  const code = typeof body.code === "string" ? body.code : "";
  if (!(await setConcept(db(), call.person.id, code))) {
    return validationError([{ path: "code", message: "unknown concept code" }]);
  }
  return data({ type: "success" });
}
