import { data } from "react-router";
import type { Route } from "./+types/api-user-register";
import { allowMethods, readBody, validationError, type ValidationDetail } from "~/.server/api";
import { sessionState } from "~/.server/context";
import { flashCookie } from "~/.server/flash";
import { getLang, serverT } from "~/.server/i18n";
import { safeNextPath } from "~/features/session/login-options";
import { pendingRegistration, register, registrationSchemaFor } from "~/features/session/registration.server";
import { isLang } from "~/lib/lang";
import { href } from "~/route-table";

/**
 * POST /api/user/register?csrfToken&lang — body { firstName?, lastName?, streetAddress, postalCode, postOffice,
 * phoneNumber, emailAddress, next? } → { type: "success", next }. The registration page's script calls it; the
 * page's own form post does the same through the same schema and service. The CSRF check is the root middleware's.
 */
export const middleware = [allowMethods("POST")];

export async function action({ request, context }: Route.ActionArgs) {
  const query = new URL(request.url).searchParams;
  const lang = query.has("lang") ? query.get("lang") : getLang(context);
  if (!isLang(lang)) return validationError([{ path: "lang", message: "Unknown lang" }]);
  const session = sessionState(context);
  const pending = pendingRegistration(session);
  if (!pending) {
    // Already a customer: there is nothing to register. Otherwise the caller has not identified.
    if (session.status === "valid" && session.user) return data({ type: "alreadyRegistered" }, { status: 409 });
    return data({ type: "Unauthorized" }, { status: 401 });
  }
  const body = await readBody(request);
  const parsed = registrationSchemaFor(pending).safeParse(body);
  if (!parsed.success) {
    const t = serverT(context);
    // One detail per field, its first message, as the page shows it.
    const details: ValidationDetail[] = [];
    for (const issue of parsed.error.issues) {
      const path = issue.path.join(".");
      if (!details.some((d) => d.path === path)) details.push({ path, message: t(issue.message) });
    }
    return validationError(details);
  }
  await register(pending, parsed.data, lang);
  const next = safeNextPath(typeof body.next === "string" ? body.next : query.get("next"), href("home", lang));
  return data(
    { type: "success", next },
    { headers: { "Set-Cookie": flashCookie({ type: "success", key: "session.registration.saved" }) } },
  );
}
