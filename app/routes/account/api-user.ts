import { data } from "react-router";
import type { Route } from "./+types/api-user";
import { db } from "~/.server/db/client";
import { apiUser, readBody, requireMethod } from "~/features/booking/api.server";
import { patientJson, saveContactDetails } from "~/features/booking/contact-editor.server";
import { contactEditorSchema } from "~/features/booking/reservation.schema";
import { serverT } from "~/.server/i18n";

/** PUT /api/user?csrfToken — body { streetAddress, postalCode, postOffice, emailAddress, phoneNumber } → { type: "success", patient }. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "PUT");
  const session = apiUser(context);
  const parsed = contactEditorSchema.safeParse(await readBody(request));
  if (!parsed.success) {
    const t = serverT(context);
    return data({ type: "ValidationError", details: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: t(i.message) })) }, { status: 400 });
  }
  const saved = await saveContactDetails(db(), session.user.id, session.actingPerson.id, parsed.data);
  if (!saved) return data({ type: "unknownError" }, { status: 500 });
  return data({ type: "success", patient: patientJson(saved) });
}
