import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { isBackgroundRequest } from "~/.server/background";
import { logAccess } from "~/.server/access-log";
import { now } from "~/.server/clock";
import { requestInfo, type RequestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { reportError } from "~/.server/error-reporting";
import { flashCookie } from "~/.server/flash";
import { readFormWithFiles } from "~/.server/form-body";
import { getLang } from "~/.server/i18n";
import { storage } from "~/.server/storage";
import { requireUser, type UserSession } from "~/features/session/guards.server";
import { parseId } from "~/lib/id";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";
import {
  careTeamOf,
  customerMessagingUserId,
  listThreads,
  markAsRead,
  messagingStatus,
  sendMessage,
  sendMessageInNewThread,
  threadForUser,
  type Message,
  type MessagingStatus,
  type NewAttachment,
  type SendResult,
  type Thread,
  type ThreadSummary,
} from "./messaging.server";
import { newConversationSchema, replySchema } from "./message.schema";
import {
  attachmentErrorKey,
  excerpt,
  fieldErrors,
  replyProblem,
  type ConversationPage,
  type FormAnswer,
  type MessageErrors,
  type MessageView,
  type RecipientLink,
  type ThreadListItem,
  type ThreadView,
} from "./message-view";
import {
  CONTENT_MAX_LENGTH,
  FILE_NAME_MAX_LENGTH,
  POLL_INTERVAL_MS,
  THREADS_PER_PAGE,
  checkAttachments,
  cleanFileName,
  pageOf,
} from "./rules";

/**
 * The loaders and actions of the three messaging pages (spec part 2 §2 "Messaging"): who may see them, the
 * maintenance mode, the forms' multipart posts (files posted with the form without JavaScript, upload keys with
 * it) and the post/redirect/get after sending. The route modules only call these.
 */

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

type Access = { session: UserSession; lang: Lang; userId: string; info: RequestInfo };

const notFound = () => data(null, { status: 404 });

/**
 * A messaging page exists only with the brand's `customer-messaging-allowed` feature and for a person who has a
 * customer messaging user (the acting person: a guardian acting for a child sees the child's, who has none).
 */
async function requireMessaging({ request, context }: Args): Promise<Access> {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const info = requestInfo(context);
  if (!info.brand.features[info.environment].includes("customer-messaging-allowed")) throw notFound();
  const userId = await customerMessagingUserId(db(), session.actingPerson.id);
  if (!userId) throw notFound();
  return { session, lang, userId, info };
}

/**
 * How often an open page polls: the spec's two minutes, or — outside production only, so the end-to-end tests need
 * not wait — `?poll=<milliseconds>` (at least one second).
 */
export function pollIntervalMs(request: Request, environment: RequestInfo["environment"]): number {
  if (environment === "production") return POLL_INTERVAL_MS;
  const raw = new URL(request.url).searchParams.get("poll");
  const ms = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  return ms >= 1000 && ms <= POLL_INTERVAL_MS ? ms : POLL_INTERVAL_MS;
}

type Announcement = MessagingStatus["announcement"];

/** The status, or maintenance-less with no announcement when even that cannot be read (the page says why below). */
async function statusOf(): Promise<MessagingStatus | null> {
  try {
    return await messagingStatus(db());
  } catch (error) {
    reportError(error, { where: "messagingStatus" });
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Views

function messageView(m: Message): MessageView {
  return {
    id: String(m.id),
    created: m.created.toISOString(),
    content: m.deleted ? null : m.content,
    deleted: m.deleted,
    authorName: m.authorName,
    authorTitle: m.authorTitle,
    fromCustomer: m.authorType === "CustomerUser",
    attachments: m.attachments,
    questionnaireInvitations: m.questionnaireInvitations.map((q) => ({ id: String(q.id), title: q.title })),
  };
}

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

function threadView(thread: Thread): ThreadView {
  return {
    id: String(thread.id),
    title: thread.title,
    isActive: thread.isActive,
    participants: thread.participants.map((p) => ({
      id: p.id,
      name: fullName(p),
      title: p.title,
      isCustomer: p.type === "CustomerUser",
    })),
    absences: thread.assignments.flatMap((a) =>
      a.absences.map((absence) => ({
        name: fullName(a.assignee),
        startDate: absence.startDate,
        endDate: absence.endDate,
        substitute: absence.substitute ? { name: fullName(absence.substitute), title: absence.substitute.title } : null,
      })),
    ),
    messages: thread.messages.map(messageView),
  };
}

const listItem = (t: ThreadSummary): ThreadListItem => ({
  id: String(t.id),
  title: t.title,
  isActive: t.isActive,
  isRead: t.isRead,
  latestMessage: t.latestMessage
    ? {
        authorName: t.latestMessage.authorName,
        created: t.latestMessage.created.toISOString(),
        deleted: t.latestMessage.deleted,
        excerpt: t.latestMessage.content && !t.latestMessage.deleted ? excerpt(t.latestMessage.content) : "",
        attachmentCount: t.latestMessage.attachments.length,
      }
    : null,
});

// ---------------------------------------------------------------------------------------------------------------
// Conversation list

export type ConversationsPage =
  | { state: "maintenance"; announcement: Announcement }
  | { state: "error"; announcement: Announcement; pollMs: number }
  | {
      state: "ok";
      announcement: Announcement;
      threads: ThreadListItem[];
      page: number;
      pages: number;
      totalCount: number;
      now: string;
      pollMs: number;
    };

export async function conversationsLoader(args: Args): Promise<ConversationsPage> {
  const { session, userId, info } = await requireMessaging(args);
  const status = await statusOf();
  const announcement = status?.announcement ?? null;
  const pollMs = pollIntervalMs(args.request, info.environment);
  if (status?.maintenance) return { state: "maintenance", announcement };
  if (!status) return { state: "error", announcement, pollMs };
  const requested = new URL(args.request.url).searchParams.get("page");
  try {
    const first = pageOf(requested, Number.MAX_SAFE_INTEGER).page;
    let list = await listThreads(db(), userId, { limit: THREADS_PER_PAGE, offset: (first - 1) * THREADS_PER_PAGE });
    const { page, pages } = pageOf(requested, list.totalCount);
    // A page past the end shows the last one.
    if (page !== first)
      list = await listThreads(db(), userId, { limit: THREADS_PER_PAGE, offset: (page - 1) * THREADS_PER_PAGE });
    await logAccess({
      actorId: session.user.id,
      subjectId: session.actingPerson.id,
      resource: "conversations",
      background: isBackgroundRequest(args.request),
    });
    return {
      state: "ok",
      announcement,
      threads: list.threads.map(listItem),
      page,
      pages,
      totalCount: list.totalCount,
      now: now().toISOString(),
      pollMs,
    };
  } catch (error) {
    reportError(error, { where: "conversationsLoader" });
    return { state: "error", announcement, pollMs };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// New conversation

export type NewConversationPage =
  | { state: "maintenance"; announcement: Announcement }
  | {
      state: "ok";
      announcement: Announcement;
      recipient: RecipientLink;
      /** Who reads the message, by name and title (empty when the team is not known yet). */
      team: { name: string; title: string | null }[];
    };

/**
 * "Your health care team" links to the occupational-health team page when the person has occupational care (and
 * the brand has that page); otherwise to the conversations part of the front page.
 */
function recipientOf(access: Access): RecipientLink {
  return access.session.actingPerson.hasOccupationalCare &&
    !access.info.brand.hiddenPages.includes("occupationalHealthTeam")
    ? { to: "occupationalHealthTeam" }
    : { to: "home", hash: "conversations-heading" };
}

export async function newConversationLoader(args: Args): Promise<NewConversationPage> {
  const access = await requireMessaging(args);
  const status = await statusOf();
  const announcement = status?.announcement ?? null;
  if (status?.maintenance) return { state: "maintenance", announcement };
  const team = await careTeamOf(db(), access.session.actingPerson.id).catch((error: unknown) => {
    reportError(error, { where: "careTeamOf" });
    return [];
  });
  return {
    state: "ok",
    announcement,
    recipient: recipientOf(access),
    team: team.map((member) => ({ name: fullName(member), title: member.title })),
  };
}

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
  const errors: MessageErrors = submission.status === "success" ? {} : fieldErrors(toIssues(submission.error));
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

// ---------------------------------------------------------------------------------------------------------------
// Thread

/** The id of the path, or 404 for anything but a canonical id. */
function threadIdOf(raw: string | undefined): number {
  const threadId = parseId(raw);
  if (threadId === null) throw notFound();
  return threadId;
}

export async function conversationLoader(args: Args): Promise<ConversationPage> {
  const access = await requireMessaging(args);
  const threadId = threadIdOf(args.params.threadId);
  const pollMs = pollIntervalMs(args.request, access.info.environment);
  // In maintenance the thread is neither shown nor read.
  if ((await statusOf())?.maintenance) return { state: "maintenance" };
  let thread: Thread | null;
  try {
    thread = await threadForUser(db(), access.userId, threadId, now());
  } catch (error) {
    reportError(error, { where: "conversationLoader" });
    return { state: "error", threadId: String(threadId), pollMs };
  }
  // Another person's thread and one that does not exist answer alike.
  if (!thread) throw notFound();
  // Opening a thread reads it (spec part 2 §4).
  await markAsRead(db(), access.userId, thread.id, now());
  await logAccess({
    actorId: access.session.user.id,
    subjectId: access.session.actingPerson.id,
    resource: "conversation",
    resourceId: String(thread.id),
  });
  return { state: "ok", thread: threadView(thread), now: now().toISOString(), pollMs };
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
  const errors: MessageErrors = submission.status === "success" ? {} : fieldErrors(toIssues(submission.error));
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
