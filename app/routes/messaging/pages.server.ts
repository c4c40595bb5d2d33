import { logAccess } from "~/.server/access-log";
import { isBackgroundRequest } from "~/.server/background";
import { now } from "~/.server/clock";
import { requestInfo, type RequestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { reportError } from "~/.server/error-reporting";
import { textsOf } from "~/.server/i18n";
import {
  excerpt,
  type ConversationPage,
  type FormLimits,
  type MessageView,
  type ThreadDay,
  type ThreadListItem,
  type ThreadView,
} from "~/features/messaging/message-view";
import { formatCalendarDate, formatDate, formatRelativeDate, formatTime, helsinkiDateParts } from "~/lib/format";
import type { Lang } from "~/lib/lang";
import { normaliseLineBreaks } from "~/lib/text";
import type { T } from "~/lib/translate";
import { href } from "~/route-table";
import { API_PATHS, BACKGROUND_PARAM } from "~/route-table/api-paths";
import { FORM_LIMITS } from "~/features/messaging/form-limits";
import { careTeamOf, type MessagingStatus } from "~/features/messaging/messaging.server";
import { notFound, requireMessaging, statusOf, threadIdOf, type Access, type Args } from "./page-access.server";
import { POLL_INTERVAL_MS, THREADS_PER_PAGE, pageOf } from "~/features/messaging/rules";
import {
  listThreads,
  markAsRead,
  threadForUser,
  type Message,
  type Thread,
  type ThreadSummary,
} from "~/features/messaging/threads.server";

/**
 * The loaders of the three messaging pages (spec part 2 §2 "Messaging"): the conversation list, the new-conversation
 * page and a thread, each with the maintenance mode and its own view of the service's data. The forms' actions are
 * in page-actions.server.ts; the route modules only call these.
 */

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

/**
 * The page's own address (its query kept, e.g. `?page=2` or `?poll=`) marked as a poll, `?background=1`: what the
 * open page loads again to poll (features/messaging/page-polling.ts).
 */
export function pollHref(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.set(BACKGROUND_PARAM, "1");
  return `${url.pathname}${url.search}`;
}

type Announcement = MessagingStatus["announcement"];

// ---------------------------------------------------------------------------------------------------------------
// Views

/** The Helsinki calendar day (YYYY-MM-DD) of a moment. */
function helsinkiDay(d: Date): string {
  const { year, month, day } = helsinkiDateParts(d);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A calendar date (YYYY-MM-DD) as the language writes it; noon UTC is the same date in Helsinki. */
const calendarDate = (date: string, lang: Lang) => formatDate(new Date(`${date}T12:00:00Z`), lang);

/** A name with its title: "Anna Aho, Lääkäri". */
const withTitle = (name: string, title: string | null) => (title ? `${name}, ${title}` : name);

/** A message's text as the thread shows it: paragraphs at blank lines, each as its lines (never HTML). */
export const paragraphsOf = (text: string | null): string[][] =>
  text
    ? normaliseLineBreaks(text)
        .split(/\n{2,}/)
        .map((paragraph) => paragraph.split("\n"))
    : [];

/** A message as the thread shows it. */
function messageView(m: Message, lang: Lang): MessageView {
  return {
    id: String(m.id),
    created: m.created.toISOString(),
    time: formatTime(m.created, lang),
    paragraphs: m.deleted ? [] : paragraphsOf(m.content),
    deleted: m.deleted,
    author: withTitle(m.authorName, m.authorTitle),
    fromCustomer: m.authorType === "CustomerUser",
    attachments: m.attachments.map((a) => ({ href: `${API_PATHS.messageAttachments}/${a.id}`, fileName: a.fileName })),
    questionnaireInvitations: m.questionnaireInvitations.map((q) => ({ id: String(q.id), title: q.title })),
  };
}

/**
 * The messages (oldest first) by their Helsinki calendar day, each day with its label at `at` ("Today", "Thursday,
 * 19 November 2026").
 */
export function threadDays(messages: readonly Message[], at: Date, lang: Lang): ThreadDay[] {
  const days: ThreadDay[] = [];
  for (const message of messages) {
    const day = helsinkiDay(message.created);
    const last = days.at(-1);
    const view = messageView(message, lang);
    if (last?.day === day) last.messages.push(view);
    else days.push({ day, label: formatCalendarDate(message.created, at, lang), messages: [view] });
  }
  return days;
}

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

/**
 * The thread as its page shows it, its people, times and dates written out in the page's language (`t`, `lang`)
 * at `at` (the loader's is the only view: the page polls its loader too, so a poll answers the same fields).
 */
export function threadView(thread: Thread, at: Date, lang: Lang, t: T): ThreadView {
  const names = thread.participants.map((p) =>
    p.type === "CustomerUser" ? t("messaging.thread.you", { name: fullName(p) }) : withTitle(fullName(p), p.title),
  );
  return {
    id: String(thread.id),
    title: thread.title,
    isActive: thread.isActive,
    participants: t("messaging.thread.participants", { names: names.join("; ") }),
    absences: thread.assignments.flatMap((a) =>
      a.absences.map((absence) => ({
        name: fullName(a.assignee),
        start: calendarDate(absence.startDate, lang),
        end: calendarDate(absence.endDate, lang),
        substitute: absence.substitute ? withTitle(fullName(absence.substitute), absence.substitute.title) : null,
      })),
    ),
    days: threadDays(thread.messages, at, lang),
  };
}

/** A thread as the list shows it; the latest message's time in words at `at`, the list's `now`. */
export const listItem = (t: ThreadSummary, at: Date, lang: Lang): ThreadListItem => ({
  id: String(t.id),
  title: t.title,
  isActive: t.isActive,
  isRead: t.isRead,
  latestMessage: t.latestMessage
    ? {
        authorName: t.latestMessage.authorName,
        created: t.latestMessage.created.toISOString(),
        when: formatRelativeDate(t.latestMessage.created, at, lang),
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
      pollHref: string;
    };

export async function conversationsLoader(args: Args): Promise<ConversationsPage> {
  const { session, userId, info, lang } = await requireMessaging(args);
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
    const at = now();
    return {
      state: "ok",
      announcement,
      threads: list.threads.map((thread) => listItem(thread, at, lang)),
      page,
      pages,
      totalCount: list.totalCount,
      now: at.toISOString(),
      pollMs,
      pollHref: pollHref(args.request),
    };
  } catch (error) {
    reportError(error, { where: "conversationsLoader" });
    return { state: "error", announcement, pollMs };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// New conversation

export type NewConversationPage =
  | { state: "maintenance"; announcement: Announcement; limits: FormLimits }
  | {
      state: "ok";
      announcement: Announcement;
      limits: FormLimits;
      /** Where the form posts: the page's own address. */
      formAction: string;
      /** Where "your health care team" leads. */
      recipientHref: string;
      /** Who reads the message, by name and title: "Anna Aho (Lääkäri), …" (empty when the team is not known yet). */
      team: string;
    };

/**
 * "Your health care team" links to the occupational-health team page when the person has occupational care (and
 * the brand has that page); otherwise to the conversations part of the front page.
 */
function recipientHref(access: Access): string {
  return access.session.actingPerson.hasOccupationalCare &&
    !access.info.brand.hiddenPages.includes("occupationalHealthTeam")
    ? href("occupationalHealthTeam", access.lang)
    : `${href("home", access.lang)}#conversations-heading`;
}

export async function newConversationLoader(args: Args): Promise<NewConversationPage> {
  const access = await requireMessaging(args);
  const status = await statusOf();
  const announcement = status?.announcement ?? null;
  if (status?.maintenance) return { state: "maintenance", announcement, limits: FORM_LIMITS };
  const team = await careTeamOf(db(), access.session.actingPerson.id).catch((error: unknown) => {
    reportError(error, { where: "careTeamOf" });
    return [];
  });
  return {
    state: "ok",
    announcement,
    limits: FORM_LIMITS,
    formAction: href("newConversation", access.lang),
    recipientHref: recipientHref(access),
    team: team.map((m) => (m.title ? `${fullName(m)} (${m.title})` : fullName(m))).join(", "),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Thread

/**
 * The thread page. Opening it reads the thread (spec part 2 §4) and leaves a "who viewed my data" row. The open
 * page's poll (`?background=1`, features/messaging/conversation-page.tsx) does neither: whether anyone saw what a poll
 * brought only the page knows (it marks the thread read itself), and a poll's read is logged only when the same read
 * has no row in the last hour (app/.server/access-log.ts). Nor does a poll ever leave the page: a session that ended
 * meanwhile, or a thread no longer there, answers as a failed read, which ends the polling and says so.
 */
export async function conversationLoader(args: Args): Promise<ConversationPage> {
  if (!isBackgroundRequest(args.request)) return threadPage(args, false);
  try {
    return await threadPage(args, true);
  } catch (thrown) {
    // A redirect (the session) or a 404 (the thread) is an answer; anything else went wrong.
    if (thrown instanceof Error) reportError(thrown, { where: "conversationLoader" });
    const pollMs = pollIntervalMs(args.request, requestInfo(args.context).environment);
    return { state: "error", threadId: args.params.threadId ?? "", pollMs };
  }
}

async function threadPage(args: Args, background: boolean): Promise<ConversationPage> {
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
  if (!background) await markAsRead(db(), access.userId, thread.id, now());
  await logAccess({
    actorId: access.session.user.id,
    subjectId: access.session.actingPerson.id,
    resource: "conversation",
    resourceId: String(thread.id),
    background,
  });
  const at = now();
  return {
    state: "ok",
    thread: threadView(thread, at, access.lang, textsOf(access.lang, access.info.brand.id)),
    now: at.toISOString(),
    pollMs,
    pollHref: pollHref(args.request),
    limits: FORM_LIMITS,
    formAction: href("conversation", access.lang, { threadId: String(thread.id) }),
  };
}
