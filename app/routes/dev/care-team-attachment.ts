import { data } from "react-router";
import type { Route } from "./+types/care-team-attachment";
import { allowMethods } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { careTeamDeskEnabled } from "~/.server/env";
import { readStoredFile, storage } from "~/.server/storage";
import { deskAttachment, professionalById } from "./care-team.server";

export const middleware = [allowMethods("GET")];

/**
 * GET /dev/care-team/attachments/<id>?professional=<user id>: a message attachment for the desk. The customer-side
 * download serves a thread's participants only; a professional sees unassigned threads before taking part.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!careTeamDeskEnabled(requestInfo(context).environment)) throw data(null, { status: 404 });
  const me = await professionalById(db(), new URL(request.url).searchParams.get("professional"));
  const file = me && (await deskAttachment(db(), me.id, params.attachmentId, now()));
  const bytes = file && (await readStoredFile(storage(), file.key));
  if (!file || !bytes) throw data(null, { status: 404 });
  // RFC 6266: an ASCII fallback name and the real one percent-encoded.
  const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(bytes, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Cache-Control": "no-store",
    },
  });
}
