import { data } from "react-router";
import type { Route } from "./+types/api-user";
import { allowMethods, issueDetails, readBody, validationError } from "~/.server/api";
import { db } from "~/.server/db/client";
import { apiUser } from "~/features/booking/api.server";
import { patientJson, saveContactDetails } from "~/features/booking/contact-editor.server";
import { contactEditorSchema } from "~/features/booking/reservation.schema";
import { serverT } from "~/.server/i18n";

export const middleware = [allowMethods("PUT", "POST")];

/**
 * PUT /api/user?csrfToken (part 2 §7) and POST /api/user?csrfToken (part 1 §7, "saves contact info") — body
 * { streetAddress, postalCode, postOffice, emailAddress, phoneNumber } → { type: "success", patient }. One service
 * and one schema for both; the POST also takes the contact form's `zipCode` for `postalCode`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = apiUser(context);
  const body = await readBody(request);
  if (request.method === "POST" && body.postalCode === undefined && body.zipCode !== undefined)
    body.postalCode = body.zipCode;
  const parsed = contactEditorSchema.safeParse(body);
  if (!parsed.success) {
    return validationError(issueDetails(parsed.error.issues, serverT(context)));
  }
  const saved = await saveContactDetails(db(), session.user.id, session.actingPerson.id, parsed.data);
  if (!saved) return data({ type: "unknownError" }, { status: 500 });
  return data({ type: "success", patient: patientJson(saved) });
}
