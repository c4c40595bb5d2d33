import type { RequestHandler } from "express";
import { bodyCapOf, uploadFormOf } from "./form-body";
import { GRAPHQL_MAX_BODY_BYTES, limitBody } from "./http-guards";
import { MAX_IMAGE_BYTES } from "~/lib/image-file";
import { ATTACHMENTS_MAX_BYTES } from "~/lib/attachment-file";
import { LANGS } from "~/lib/lang";
import { API_PATHS, href, routeIdForPath } from "~/route-table";

/**
 * The body limits of every request (`maxBodyBytes`), and the paths that get room of their own. The pages' forms that
 * take files without JavaScript (the Kela card; a new conversation and a reply in a thread) are read as a stream
 * within their limits (form-body.ts), so a file past its limit comes back as the form's own error; their bodies are
 * read up to a cap of a few times that, and beyond it are answered 413 by the app's error view, unread. The
 * development storage's signed uploads get one file (a message attachment up to the messages' total, anything else
 * an image), and the messaging GraphQL calls room for a questionnaire's answers. The first match decides, so the
 * narrower upload path comes first.
 */
export function bodyLimits(maxBodyBytes: number): RequestHandler {
  const kelaCardForms = new Set(LANGS.map((lang) => href("kelaCard", lang)));
  const attachmentUploads = `${API_PATHS.devUploads}/incoming/message-attachment/`;
  const messageForms = new Set(LANGS.map((lang) => href("newConversation", lang)));
  const threadPages = LANGS.map((lang) => href("conversation", lang, { threadId: 1 }).replace(/1$/, ""));
  const isMessageFormPath = (p: string) =>
    messageForms.has(p) ||
    threadPages.some((prefix) => p.startsWith(prefix) && /^\d{1,10}$/.test(p.slice(prefix.length)));
  const capOf = (path: string) => bodyCapOf(uploadFormOf(path)!);
  return limitBody(maxBodyBytes, [
    { method: "POST", path: (p) => kelaCardForms.has(p), maxBytes: capOf(href("kelaCard", "fi")), page: true },
    { method: "PUT", path: (p) => p.startsWith(attachmentUploads), maxBytes: ATTACHMENTS_MAX_BYTES },
    { method: "PUT", path: (p) => p.startsWith(`${API_PATHS.devUploads}/`), maxBytes: MAX_IMAGE_BYTES },
    {
      method: "POST",
      path: (p) => p.replace(/\/+$/, "") === API_PATHS.customerMessaging,
      maxBytes: GRAPHQL_MAX_BODY_BYTES,
    },
    // The care-team desk's reply without JavaScript: a message's attachments, its text and the form's framing.
    { method: "POST", path: (p) => /^\/dev\/care-team\/\d+$/.test(p), maxBytes: ATTACHMENTS_MAX_BYTES + 512 * 1024 },
    // A questionnaire's step with its file questions' files (with JavaScript too: the form posts them itself).
    {
      method: "POST",
      path: (p) => routeIdForPath(p.replace(/\.data$/, "")) === "questionnaire",
      maxBytes: capOf(href("questionnaire", "fi", { id: 1 })),
      page: true,
    },
    // The customer's message forms without JavaScript (a new conversation, a reply in a thread).
    { method: "POST", path: isMessageFormPath, maxBytes: capOf(href("newConversation", "fi")), page: true },
  ]);
}
