import { data } from "react-router";
import type { Route } from "./+types/api-concepts";
import { db } from "~/.server/db/client";
import { insuranceCall } from "~/features/insurance/api.server";
import { setConcept } from "~/features/insurance/insurance.server";

/** POST /api/concepts?csrfToken, body { code } (JSON or form) → { type: "success" }. The CSRF check is the root middleware's. */
export async function action({ request, context }: Route.ActionArgs) {
  const call = insuranceCall(request, context, "POST");
  const body = (request.headers.get("Content-Type") ?? "").includes("application/json")
    ? ((await request.json().catch(() => ({}))) as Record<string, unknown>)
    : Object.fromEntries(await request.formData());
  const code = typeof body?.code === "string" ? body.code : "";
  if (!(await setConcept(db(), call.person.id, code))) {
    return data({ type: "ValidationError", details: [{ path: ["code"], message: "unknown concept code" }] }, { status: 400 });
  }
  return data({ type: "success" });
}
