import { apiUser } from "~/.server/guards";
import { eq } from "drizzle-orm";
import { data } from "react-router";
import type { Route } from "./+types/api-user";
import { allowMethods, issueDetails, readBody, validationError } from "~/.server/api";
import { db } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { serverT } from "~/.server/i18n";
import { patientJson, saveContactDetails } from "~/features/booking/contact-editor.server";
import { contactEditorSchema } from "~/features/booking/reservation.schema";
import { saveUserInformation } from "~/features/my-information/my-information.server";
import { safeNextPath } from "~/features/session/login-options";

export const middleware = [allowMethods("PUT", "POST")];

/**
 * PUT /api/user?csrfToken (part 2 §7, the booking contact editor) → { type: "success", patient }.
 * POST /api/user?csrfToken (part 1 §7, My information's "user information save") — body the contact form
 * { emailAddress, phoneNumber, streetAddress, zipCode (or postalCode), postOffice, language? }, an optional
 * `guardians` list and `next` → { type: "success", patient, next? }: the same service and schema as the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = apiUser(context);
  const body = await readBody(request);
  const t = serverT(context);
  if (request.method === "PUT") {
    const parsed = contactEditorSchema.safeParse(body);
    if (!parsed.success) return validationError(issueDetails(parsed.error.issues, t));
    const saved = await saveContactDetails(db(), session.user.id, session.actingPerson.id, parsed.data);
    if (!saved) return data({ type: "unknownError" }, { status: 500 });
    return data({ type: "success", patient: patientJson(saved) });
  }

  // The part 2 spelling `postalCode` is taken for `zipCode`, and a guardian's `phone` (the spec's guardians list) for
  // the page's `phoneNumber`; errors are named as the field was sent.
  const aliased = body.zipCode === undefined && body.postalCode !== undefined;
  const { guardians: sentGuardians, next, postalCode, ...contact } = body;
  if (aliased) contact.zipCode = postalCode;
  const guardians = guardiansWithPhoneNumber(sentGuardians);
  const result = await saveUserInformation(db(), session, { contact, guardians: guardians.list });
  if (result.type === "invalid")
    return validationError(
      Object.entries(result.errors).map(([path, message]) => ({
        path: aliased && path === "zipCode" ? "postalCode" : (guardians.sentAs.get(path) ?? path),
        message: t(message),
      })),
    );
  if (result.type === "failed")
    return data({ type: "unknownError", message: t("myInformation.errors.failed") }, { status: 500 });
  const [person] = await db().select().from(s.people).where(eq(s.people.id, session.actingPerson.id));
  return data({
    type: "success",
    patient: patientJson(person),
    ...(typeof next === "string" ? { next: safeNextPath(next, "/") } : {}),
  });
}

/** The guardians list with each entry's `phone` as `phoneNumber`, and the error paths to name back as sent. */
function guardiansWithPhoneNumber(list: unknown): { list: unknown; sentAs: Map<string, string> } {
  const sentAs = new Map<string, string>();
  if (!Array.isArray(list)) return { list, sentAs };
  return {
    list: list.map((entry: unknown, i) => {
      if (!entry || typeof entry !== "object" || Array.isArray(entry)) return entry;
      const { phone, ...rest } = entry as Record<string, unknown>;
      if (phone === undefined || rest.phoneNumber !== undefined) return entry;
      sentAs.set(`guardians.${i}.phoneNumber`, `guardians.${i}.phone`);
      return { ...rest, phoneNumber: phone };
    }),
    sentAs,
  };
}
