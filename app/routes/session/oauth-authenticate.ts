import { data, redirect } from "react-router";
import type { Route } from "./+types/oauth-authenticate";
import { requestInfo } from "~/.server/context";
import { hitRateLimit, LIMITS } from "~/.server/rate-limit";
import { startLogin } from "~/features/session/login.server";
import { IDENTIFICATION_UNAVAILABLE } from "~/ui/lazy-error-view";

// GET /oauth/authenticate?lang&next&acr_values — starts strong identification.
export async function loader({ request, context }: Route.LoaderArgs) {
  const info = requestInfo(context);
  const limit = await hitRateLimit(`login:ip:${info.clientIp}`, LIMITS.login.limit, LIMITS.login.windowSeconds);
  if (!limit.allowed) throw data(null, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  const outcome = await startLogin(new URL(request.url), info.origin);
  if (outcome.kind === "unavailable") throw data({ reason: IDENTIFICATION_UNAVAILABLE }, { status: 503 });
  if (outcome.kind === "login") throw redirect(outcome.location);
  return redirect(outcome.location, { headers: { "Set-Cookie": outcome.cookie } });
}

// A page, so that a refusal (the broker unreachable: 503, too many tries: 429) shows the error view, not bare text.
export default function OAuthAuthenticate() {
  return null;
}
