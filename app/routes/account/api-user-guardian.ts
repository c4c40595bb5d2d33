import { apiUser } from "~/.server/guards";
import { data } from "react-router";
import type { Route } from "./+types/api-user-guardian";
import { allowMethods, readBody, validationError } from "~/.server/api";
import { db } from "~/.server/db/client";
import { getLang, serverT } from "~/.server/i18n";
import { saveGuardianOwnDetails } from "~/features/my-information/my-information.server";
import { safeNextPath } from "~/features/session/login-options";
import { href } from "~/route-table";

export const middleware = [allowMethods("POST")];

/**
 * POST /api/user/guardian?csrfToken (spec part 1 §7) — body { emailAddress, firstName, language, lastName, next,
 * phoneNumber, postOffice, streetAddress, zipCode } → { type: "success", next }: a guardian acting for a child
 * updates their own contact details, only after strong identification (403 otherwise). The names come from
 * identification and are not changed. The rules are those of the contact form of My information.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = apiUser(context);
  const { next, firstName: _, lastName: __, ...body } = await readBody(request);
  const result = await saveGuardianOwnDetails(db(), session, body);
  const t = serverT(context);
  if (result.type === "forbidden") return data({ type: "Forbidden" }, { status: 403 });
  if (result.type === "invalid")
    return validationError(Object.entries(result.errors).map(([path, message]) => ({ path, message: t(message) })));
  if (result.type === "failed")
    return data({ type: "unknownError", message: t("myInformation.errors.failed") }, { status: 500 });
  const lang = getLang(context);
  return data({
    type: "success",
    next: safeNextPath(typeof next === "string" ? next : null, href("myInformation", lang)),
  });
}
