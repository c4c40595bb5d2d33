import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { logAccess } from "~/.server/access-log";
import { now } from "~/.server/clock";
import { db } from "~/.server/db/client";
import { reportError } from "~/.server/error-reporting";
import { flashCookie } from "~/.server/flash";
import { readFormWithFiles } from "~/.server/form-body";
import { storage } from "~/.server/storage";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";
import type { NewAttachment } from "~/features/messaging/attachments.server";
import { fieldErrors, newConversationSchema, replyProblem, replySchema } from "~/features/messaging/message.schema";
import { MESSAGE_FIELDS, type FormAnswer, type MessageErrors } from "~/features/messaging/message-view";
import { notFound, requireMessaging, statusOf, threadIdOf, type Args } from "./page-access.server";
import {
  CONTENT_MAX_LENGTH,
  FILE_NAME_MAX_LENGTH,
  attachmentErrorKey,
  checkAttachments,
  cleanFileName,
} from "~/features/messaging/rules";
import { sendMessage, sendMessageInNewThread, type SendResult } from "~/features/messaging/sending.server";
import { threadForUser } from "~/features/messaging/threads.server";

/**
 * The actions of the two messaging forms, a new conversation and a reply: the multipart posts (files posted with the
 * form without JavaScript, upload keys with it), the answer of a refused form, and the post/redirect/get after
 * sending.
 */

const answer = (status: number, body: FormAnswer) => data(body, { status });

/**
 * The form's text fields as typed (never a file), for showing them again: at most twice the longest message, so a
 * forged post of megabytes of text is not sent back twice in the page.
 */
function typedValues(form: FormData): FormAnswer["values"] {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.slice(0, 2 * CONTENT_MAX_LENGTH) : undefined;
  };
  return { subject: text("subject"), message: text("message") };
}

/**
 * The form's attachments: files posted with it (without JavaScript; an empty file input posts a nameless empty
 * file, which is no attachment), and keys of files the browser already uploaded (with JavaScript), as
 * `attachmentKey` and `attachmentName` pairs. Names and sizes are checked before any bytes are read. Files past
 * the limit in total were dropped while the form was read (`tooLarge`), and are too large whatever else is wrong.
 */
async function attachmentsOf(
  form: FormData,
  tooLarge: readonly string[],
): Promise<{ attachments: NewAttachment[] } | { error: string }> {
  if (tooLarge.includes("attachments")) return { error: attachmentErrorKey("tooLarge") };
  const files = form
    .getAll("attachments")
    .filter((v): v is File => typeof v !== "string" && (v.name !== "" || v.size > 0));
  const keys = form.getAll("attachmentKey");
  const names = form.getAll("attachmentName");
  if (
    keys.length !== names.length ||
    [...keys, ...names].some((v) => typeof v !== "string" || !v || v.length > FILE_NAME_MAX_LENGTH * 4)
  )
    return { error: attachmentErrorKey("type") };
  const uploaded = keys.map((key, i) => ({ key: key as string, fileName: names[i] as string }));
  const problem = checkAttachments([
    ...files.map((f) => ({ fileName: cleanFileName(f.name), size: f.size })),
    // The size of an uploaded file is known only once it is claimed; the service checks it then.
    ...uploaded.map((u) => ({ fileName: cleanFileName(u.fileName), size: 1 })),
  ]);
  if (problem) return { error: attachmentErrorKey(problem) };
  const posted = await Promise.all(
    files.map(async (f) => ({ fileName: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
  );
  return { attachments: [...uploaded, ...posted] };
}

/** The service's refusal as the form's errors. */
function problemErrors(result: Extract<SendResult, { type: "invalid" }>, mode: "new" | "reply"): MessageErrors | null {
  switch (result.problem) {
    case "title":
      return { subject: "messaging.form.errors.subjectTooLong" };
    case "content":
      return { message: mode === "new" ? "messaging.form.errors.messageRequired" : "messaging.form.errors.replyEmpty" };
    case "participants":
      return null;
    default:
      return { attachments: attachmentErrorKey(result.problem) };
  }
}

export async function newConversationAction(args: Args) {
  const access = await requireMessaging(args);
  const { form, tooLarge } = await readFormWithFiles(args.request, args.context);
  const values = typedValues(form);
  const status = await statusOf();
  if (status?.maintenance) return answer(503, { values, errors: {}, failure: "maintenance" });
  const submission = parseWithZod(form, { schema: newConversationSchema });
  const errors: MessageErrors =
    submission.status === "success" ? {} : fieldErrors(toIssues(submission.error), MESSAGE_FIELDS);
  const files = await attachmentsOf(form, tooLarge);
  if ("error" in files) errors.attachments = files.error;
  if (submission.status !== "success" || "error" in files) return answer(400, { values, errors });

  let result: SendResult;
  try {
    result = await sendMessageInNewThread(
      db(),
      storage(),
      {
        authorId: access.userId,
        personId: access.session.actingPerson.id,
        title: submission.value.subject,
        type: "customer",
        participantIds: [],
        firstMessage: { content: submission.value.message, attachments: files.attachments },
      },
      now(),
    );
  } catch (error) {
    reportError(error, { where: "newConversationAction" });
    return answer(500, { values, errors: {}, failure: "send" });
  }
  if (result.type === "invalid") {
    const refused = problemErrors(result, "new");
    return answer(400, { values, errors: refused ?? {}, failure: refused ? undefined : "send" });
  }
  if (result.type !== "sent") return answer(500, { values, errors: {}, failure: "send" });
  await logAccess({
    actorId: access.session.user.id,
    subjectId: access.session.actingPerson.id,
    resource: "conversation",
    resourceId: String(result.threadId),
    action: "write",
  });
  throw sent(access.lang, result.threadId, result.messageId);
}

/** Post/redirect/get: the thread, at the message just sent, with "Message sent". */
function sent(lang: Lang, threadId: number, messageId: number) {
  return redirect(`${href("conversation", lang, { threadId })}#message-${messageId}`, {
    headers: { "Set-Cookie": flashCookie({ type: "success", key: "messaging.flash.sent" }) },
  });
}

/** conform's error record (field → messages) as zod-like issues. */
function toIssues(error: Record<string, string[] | null> | null | undefined) {
  return Object.entries(error ?? {}).flatMap(([field, messages]) =>
    (messages ?? []).map((message) => ({ path: [field], message })),
  );
}

export async function replyAction(args: Args) {
  const access = await requireMessaging(args);
  const thread = await threadForUser(db(), access.userId, threadIdOf(args.params.threadId), now());
  if (!thread) throw notFound();
  const { form, tooLarge } = await readFormWithFiles(args.request, args.context);
  const values = typedValues(form);
  if (!thread.isActive) return answer(409, { values, errors: {}, failure: "closed" });
  const status = await statusOf();
  if (status?.maintenance) return answer(503, { values, errors: {}, failure: "maintenance" });
  const submission = parseWithZod(form, { schema: replySchema });
  const errors: MessageErrors =
    submission.status === "success" ? {} : fieldErrors(toIssues(submission.error), MESSAGE_FIELDS);
  const files = await attachmentsOf(form, tooLarge);
  if ("error" in files) errors.attachments = files.error;
  else if (submission.status === "success") {
    const empty = replyProblem(submission.value.message, files.attachments.length);
    if (empty) errors.message = empty;
  }
  if (Object.keys(errors).length || submission.status !== "success" || "error" in files)
    return answer(400, { values, errors });

  let result: SendResult;
  try {
    result = await sendMessage(
      db(),
      storage(),
      {
        authorId: access.userId,
        threadId: thread.id,
        message: { content: submission.value.message ?? "", attachments: files.attachments },
      },
      now(),
    );
  } catch (error) {
    reportError(error, { where: "replyAction" });
    return answer(500, { values, errors: {}, failure: "send" });
  }
  if (result.type === "notFound") throw notFound();
  if (result.type === "closed") return answer(409, { values, errors: {}, failure: "closed" });
  if (result.type === "invalid") {
    const refused = problemErrors(result, "reply");
    return answer(400, { values, errors: refused ?? {}, failure: refused ? undefined : "send" });
  }
  await logAccess({
    actorId: access.session.user.id,
    subjectId: access.session.actingPerson.id,
    resource: "conversation",
    resourceId: String(thread.id),
    action: "write",
  });
  throw sent(access.lang, result.threadId, result.messageId);
}
