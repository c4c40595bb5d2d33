import { data } from "react-router";
import type { Route } from "./+types/api-pin";
import { allowMethods, readBody, validationError } from "~/.server/api";
import { sessionState } from "~/.server/context";
import { verifyLoginCode } from "~/features/session/second-factor.server";
import { smsCode } from "~/features/session/sms-login";

export const middleware = [allowMethods("POST")];

/**
 * POST /api/pin?csrfToken — body { pin } → { mfaResponse: { type } } (mfa-ok, mfa-challenge-failed,
 * too-many-mfa-attempts); a pin that is not four digits is a validation error and uses no try. The SMS code page's own check: the right code sets the full session's cookie, too many
 * wrong ones end the session. Only a session waiting for its second factor may call it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = sessionState(context);
  if (session.status !== "secondFactor") return data({ type: "Unauthorized" }, { status: 401 });
  const body = await readBody(request);
  if (smsCode(body.pin) === null) return validationError([{ path: "pin", message: "Expected four digits" }]);
  const { result, cookies } = await verifyLoginCode(session, body.pin);
  const headers = new Headers();
  for (const c of cookies) headers.append("Set-Cookie", c);
  return data({ mfaResponse: { type: result } }, { headers });
}
