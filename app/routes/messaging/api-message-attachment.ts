import { apiUser } from "~/.server/guards";
import { data } from "react-router";
import type { Route } from "./+types/api-message-attachment";
import { logAccess } from "~/.server/access-log";
import { allowMethods } from "~/.server/api";
import { db } from "~/.server/db/client";
import { readStoredFile, storage } from "~/.server/storage";
import { attachmentForUser } from "~/features/messaging/attachments.server";
import { customerMessagingUserId } from "~/features/messaging/messaging.server";
import { featureOn } from "~/.server/features";

export const middleware = [allowMethods("GET")];

/**
 * GET /api/customer-messaging/attachments/{attachment id}: a message's attachment, for the participants of its thread
 * only (anyone else, or a person without messaging, gets 404: the file is not there for them). The portal serves the
 * file itself, so no storage URL ever reaches a browser.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const session = apiUser(context);
  const notFound = () => data({ type: "NotFound" }, { status: 404 });
  if (!featureOn(context, "customer-messaging-allowed")) throw notFound();
  const userId = await customerMessagingUserId(db(), session.actingPerson.id);
  const attachment = userId && (await attachmentForUser(db(), userId, params.id));
  if (!attachment) throw notFound();
  const bytes = await readStoredFile(storage(), attachment.key);
  if (!bytes) throw notFound();
  await logAccess({
    actorId: session.user.id,
    subjectId: session.actingPerson.id,
    resource: "message-attachment",
    resourceId: params.id.toLowerCase(),
  });
  return new Response(bytes, {
    headers: {
      "Content-Type": attachment.contentType,
      "Content-Length": String(bytes.byteLength),
      // Always a download: a file a person sent is never rendered as a page of the portal's origin.
      "Content-Disposition": attachmentDisposition(attachment.fileName),
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
      // Personal data: never kept in any cache.
      "Cache-Control": "private, no-store",
    },
  });
}

/**
 * `attachment` with the file name twice (RFC 6266): an ASCII `filename` for old clients (anything else becomes `_`)
 * and the exact name as RFC 5987 `filename*` (UTF-8, percent-encoded beyond the attr-chars).
 */
function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  let encoded: string;
  try {
    encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  } catch {
    // A lone surrogate cannot be encoded: the ASCII name stands in.
    encoded = encodeURIComponent(ascii);
  }
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
