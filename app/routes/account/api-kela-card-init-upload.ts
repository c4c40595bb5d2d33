import { apiUser } from "~/.server/guards";
import { data } from "react-router";
import type { Route } from "./+types/api-kela-card-init-upload";
import { allowMethods, issueDetails, readBody, validationError } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo, sessionState } from "~/.server/context";
import { csrfTokenFor } from "~/.server/csrf";
import { db } from "~/.server/db/client";
import { serverT } from "~/.server/i18n";
import { sessionBinding } from "~/.server/session";
import { storage } from "~/.server/storage";
import { initUploadSchema, startKelaCardUpload } from "~/features/my-information/kela-card.server";

export const middleware = [allowMethods("POST")];

/**
 * POST /api/kela-card/init-upload?csrfToken, body { mimetypes: { front, back } } (image/jpeg or image/png) →
 * { front: { url, headers }, back: { url, headers }, token }: a signed PUT per side, and the token for finish-upload.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = apiUser(context);
  const parsed = initUploadSchema.safeParse(await readBody(request));
  if (!parsed.success) return validationError(issueDetails(parsed.error.issues, serverT(context)));
  const answer = await startKelaCardUpload(db(), storage(), session, parsed.data.mimetypes, now());
  if (!answer) return data({ type: "TooManyUploads" }, { status: 429 });
  // An upload URL of the app itself (the development storage) is a non-GET request to the app like any other, so
  // it carries the CSRF token too; an object storage's URL gets only its signed headers.
  const csrf = csrfTokenFor(requestInfo(context).csrfCookie, sessionBinding(sessionState(context)));
  for (const side of [answer.front, answer.back])
    if (side.url.startsWith("/")) side.headers = { ...side.headers, "X-CSRF-Token": csrf };
  return data(answer, { headers: { "Cache-Control": "no-store" } });
}
