import { data, redirect } from "react-router";
import type { Route } from "./+types/oauth-callback";
import { requestInfo, sessionState } from "~/.server/context";
import { hitRateLimit, LIMITS } from "~/.server/rate-limit";
import { finishLogin } from "~/features/session/login.server";
import { smsLoginAvailable } from "~/features/session/sms-login.server";

// GET /oauth/callback?code&state — the broker returns here.
export async function loader({ request, context }: Route.LoaderArgs) {
  const info = requestInfo(context);
  const limit = await hitRateLimit(`callback:ip:${info.clientIp}`, LIMITS.login.limit, LIMITS.login.windowSeconds);
  if (!limit.allowed) throw data(null, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  const session = sessionState(context);
  const outcome = await finishLogin(request, session.status === "none" ? null : session.idHash, {
    enabled: smsLoginAvailable(info.brand, info.environment),
    context: { brandId: info.brand.id, clientIp: info.clientIp },
  });
  const headers = new Headers();
  for (const c of outcome.cookies) headers.append("Set-Cookie", c);
  return redirect(outcome.location, { headers });
}
