import { apiUser } from "~/.server/guards";
import { data } from "react-router";
import type { Route } from "./+types/api-user-consent";
import { allowMethods, readBody, validationError } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { CONSENT_CHOICES } from "~/features/account/consent";
import { saveActingPersonConsent } from "~/features/account/consent.server";

export const middleware = [allowMethods("POST")];

/**
 * POST /api/user/consent?csrfToken&lang — body { allowsBookingSms, allowsCommonRegistry, allowsMarketingMail,
 * allowsTreatmentInstructionsMail, allowsViewingOccupationalInformation } → { type: "success" }.
 * Sending the form is the privacy-policy acknowledgement (the form cannot be sent without it).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = apiUser(context);
  const body = await readBody(request);
  const invalid = CONSENT_CHOICES.filter((c) => body[c] !== undefined && typeof body[c] !== "boolean");
  if (invalid.length) return validationError(invalid.map((path) => ({ path, message: "Expected a boolean" })));
  await saveActingPersonConsent(db(), session, requestInfo(context).brand.id, body, now());
  return data({ type: "success" });
}
