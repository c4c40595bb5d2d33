import { apiUser } from "~/.server/guards";
import { data } from "react-router";
import type { Route } from "./+types/api-kela-card-finish-upload";
import { allowMethods, validationError } from "~/.server/api";
import { now } from "~/.server/clock";
import { sessionState } from "~/.server/context";
import { isValidCsrf, readCsrfCookie } from "~/.server/csrf";
import { db } from "~/.server/db/client";
import { serverT } from "~/.server/i18n";
import { sessionBinding } from "~/.server/session";
import { storage } from "~/.server/storage";
import { KELA_CARD_SIDES, UPLOAD_TOKEN, problemMessage } from "~/features/my-information/kela-card-rules";
import { finishKelaCardUpload } from "~/features/my-information/kela-card.server";

export const middleware = [allowMethods("GET")];

const FAILED = { notFound: [404, "NotFound"], expired: [410, "Expired"], used: [409, "AlreadyUsed"] } as const;

/**
 * GET /api/kela-card/finish-upload?csrfToken&token → { type: "success" }. A GET that changes state (the spec's), so
 * the CSRF token the root middleware checks only on other methods is checked here. The stored bytes decide: each
 * side must be a JPEG or PNG within the size limit, or the answer is the validation error naming the side.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await isValidCsrf(request, readCsrfCookie(request), sessionBinding(sessionState(context)))))
    throw data({ type: "Forbidden" }, { status: 403 });
  const session = apiUser(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!UPLOAD_TOKEN.test(token)) return validationError([{ path: "token", message: "Invalid upload token" }]);
  const result = await finishKelaCardUpload(db(), storage(), session, token, now());
  if (result.type === "success") return data({ type: "success" }, { headers: { "Cache-Control": "no-store" } });
  if (result.type === "invalid") {
    const t = serverT(context);
    return validationError(
      KELA_CARD_SIDES.flatMap((side) => {
        const problem = result.problems[side];
        return problem ? [{ path: side, message: problemMessage(t, side, problem) }] : [];
      }),
    );
  }
  const [status, type] = FAILED[result.type];
  return data({ type }, { status });
}
