import { data } from "react-router";
import type { Route } from "./+types/api-mfa";
import { allowMethods, readBody, validationError } from "~/.server/api";
import { requestInfo } from "~/.server/context";
import { getLang } from "~/.server/i18n";
import { smsOwner, smsOnboardingCall } from "./sms-login-call.server";
import { mfaStatus, setSmsLogin } from "~/features/session/sms-login.server";

export const middleware = [allowMethods("POST")];

/**
 * POST /api/mfa?csrfToken — body { action: "enable" | "disable" } → the new status type: enabling sends a code to
 * the person's own phone at once (user-wants-to-enable-mfa; the code goes to PUT /api/mfa-onboarding), disabling
 * removes the verified device (user-has-no-verified-mfa-device).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = smsOwner(context);
  const body = await readBody(request);
  if (body.action !== "enable" && body.action !== "disable")
    return validationError([{ path: "action", message: "Expected enable or disable" }]);
  const info = requestInfo(context);
  const result = await setSmsLogin(user, body.action, {
    brandId: info.brand.id,
    lang: getLang(context),
    clientIp: info.clientIp,
  });
  if (result.type === "disabled") {
    const fresh = { ...user, mfaVerifiedPhone: null };
    return data(await mfaStatus(fresh, info.brand, info.environment));
  }
  if (result.type === "no-phone" || result.type === "invalid-phone")
    return validationError([
      { path: "phoneNumber", message: "Add a valid phone number to your contact details first" },
    ]);
  return smsOnboardingCall(result.type === "code-sent" ? { type: "sent", phoneNumber: result.phoneNumber } : result);
}
