import { data } from "react-router";
import type { Route } from "./+types/api-user";
import { allowMethods, issueDetails, readBody, validationError } from "~/.server/api";
import { db } from "~/.server/db/client";
import { apiUser, requireMethod } from "~/features/booking/api.server";
import { patientJson, saveContactDetails } from "~/features/booking/contact-editor.server";
import { contactEditorSchema } from "~/features/booking/reservation.schema";
import { serverT } from "~/.server/i18n";

export const middleware = [allowMethods("PUT")];

/** PUT /api/user?csrfToken — body { streetAddress, postalCode, postOffice, emailAddress, phoneNumber } → { type: "success", patient }. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "PUT");
  const session = apiUser(context);
  const parsed = contactEditorSchema.safeParse(await readBody(request));
  if (!parsed.success) {
    return validationError(issueDetails(parsed.error.issues, serverT(context)));
  }
  const saved = await saveContactDetails(db(), session.user.id, session.actingPerson.id, parsed.data);
  if (!saved) return data({ type: "unknownError" }, { status: 500 });
  return data({ type: "success", patient: patientJson(saved) });
}
