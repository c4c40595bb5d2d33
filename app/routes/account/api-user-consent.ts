import { data } from "react-router";
import type { Route } from "./+types/api-user-consent";
import { logAccess } from "~/.server/access-log";
import { allowMethods, readBody, validationError } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { CONSENT_CHOICES, consentChoicesFor, type ConsentChoice } from "~/features/account/consent";
import { saveConsent } from "~/features/account/consent.server";
import { apiUser, requireMethod } from "~/features/booking/api.server";

export const middleware = [allowMethods("POST")];

/**
 * POST /api/user/consent?csrfToken&lang — body { allowsBookingSms, allowsCommonRegistry, allowsMarketingMail,
 * allowsTreatmentInstructionsMail, allowsViewingOccupationalInformation } → { type: "success" }.
 * Sending the form is the privacy-policy acknowledgement (the form cannot be sent without it).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const session = apiUser(context);
  const body = await readBody(request);
  const invalid = CONSENT_CHOICES.filter((c) => body[c] !== undefined && typeof body[c] !== "boolean");
  if (invalid.length) return validationError(invalid.map((path) => ({ path, message: "Expected a boolean" })));
  const offered = new Set(consentChoicesFor(requestInfo(context).brand.id));
  const choices = Object.fromEntries(CONSENT_CHOICES.map((c) => [c, offered.has(c) && body[c] === true])) as Record<ConsentChoice, boolean>;
  await saveConsent(db(), session.actingPerson.id, choices, now());
  await logAccess({ actorId: session.user.id, subjectId: session.actingPerson.id, resource: "consent", action: "write" });
  return data({ type: "success" });
}
