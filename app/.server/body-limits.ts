import type { RequestHandler } from "express";
import { bodyCapOf, uploadFormOf } from "./form-body";
import { GRAPHQL_MAX_BODY_BYTES, limitBody } from "./http-guards";
import { MAX_IMAGE_BYTES } from "~/lib/image-file";
import { ATTACHMENTS_MAX_BYTES } from "~/lib/attachment-file";
import { API_PATHS } from "~/route-table/api-paths";

/**
 * The body limits of every request (`maxBodyBytes`), and the paths that get room of their own. The pages' forms that
 * take files (form-body.ts `UPLOAD_FORMS`, by route id: the Kela card, a new conversation and a reply in a thread, a
 * questionnaire's step) are read as a stream within their limits, so a file past its limit comes back as the form's
 * own error; their bodies are read up to a cap of a few times that, and beyond it are answered 413 by the app's error
 * view, unread. The development storage's signed uploads get one file (a message attachment up to the messages'
 * total, anything else an image), and the messaging GraphQL calls room for a questionnaire's answers. The first match
 * decides, so the narrower upload path comes first.
 */
export function bodyLimits(maxBodyBytes: number): RequestHandler {
  const attachmentUploads = `${API_PATHS.devUploads}/incoming/message-attachment/`;
  return limitBody(maxBodyBytes, [
    { method: "PUT", path: (p) => p.startsWith(attachmentUploads), maxBytes: ATTACHMENTS_MAX_BYTES },
    { method: "PUT", path: (p) => p.startsWith(`${API_PATHS.devUploads}/`), maxBytes: MAX_IMAGE_BYTES },
    {
      method: "POST",
      path: (p) => p.replace(/\/+$/, "") === API_PATHS.customerMessaging,
      maxBytes: GRAPHQL_MAX_BODY_BYTES,
    },
    // The care-team desk's reply without JavaScript: a message's attachments, its text and the form's framing.
    { method: "POST", path: (p) => /^\/dev\/care-team\/\d+$/.test(p), maxBytes: ATTACHMENTS_MAX_BYTES + 512 * 1024 },
    // Every page form that takes files, in any language (and React Router's `.data` post of it), within its own cap.
    {
      method: "POST",
      path: (p) => uploadFormOf(p) !== null,
      maxBytes: (p) => bodyCapOf(uploadFormOf(p)!),
      page: true,
    },
  ]);
}
