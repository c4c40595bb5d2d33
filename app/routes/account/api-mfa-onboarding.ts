import { data } from "react-router";
import type { Route } from "./+types/api-mfa-onboarding";
import { allowMethods, readBody, validationError } from "~/.server/api";
import { requestInfo } from "~/.server/context";
import { getLang } from "~/.server/i18n";
import { smsOwner, smsOnboardingCall } from "./sms-login-call.server";
import { confirmOnboardingCode, requestOnboardingCode } from "~/features/session/sms-login.server";
import { smsCode } from "~/features/session/sms-login";

export const middleware = [allowMethods("POST", "PUT")];

/**
 * POST /api/mfa-onboarding?csrfToken&lang — body { phoneNumber }: sends a code to that phone (the front page's
 * onboarding panel). PUT /api/mfa-onboarding?csrfToken — body { challengeResponseFromUser } → { type } (mfa-ok,
 * mfa-challenge-failed, too-many-mfa-attempts); the right code makes the phone the person's SMS-login device.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = smsOwner(context);
  const body = await readBody(request);
  if (request.method === "PUT") {
    if (smsCode(body.challengeResponseFromUser) === null)
      return validationError([{ path: "challengeResponseFromUser", message: "Expected four digits" }]);
    return data({ type: await confirmOnboardingCode(user, body.challengeResponseFromUser) });
  }
  const info = requestInfo(context);
  const sent = await requestOnboardingCode(user, body.phoneNumber, {
    brandId: info.brand.id,
    lang: getLang(context),
    clientIp: info.clientIp,
  });
  if (sent.type === "invalid-phone") return validationError([{ path: "phoneNumber", message: "Invalid phone number" }]);
  return smsOnboardingCall(sent);
}
