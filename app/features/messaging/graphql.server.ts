import { createSchema, createYoga, type YogaServerInstance } from "graphql-yoga";
import type { RouterContextProvider } from "react-router";
import type { Brand, Environment } from "#brands/index";
import { isBackgroundRequest } from "~/.server/background";
import { logAccess } from "~/.server/access-log";
import { now } from "~/.server/clock";
import { requestInfo, sessionState } from "~/.server/context";
import { csrfTokenFor } from "~/.server/csrf";
import { db } from "~/.server/db/client";
import { GRAPHQL_MAX_BODY_BYTES } from "~/.server/http-guards";
import { getLang } from "~/.server/i18n";
import { sessionBinding } from "~/.server/session";
import { storage } from "~/.server/storage";
import { apiUser, type UserSession } from "~/.server/guards";
import { answerQuestionnaire } from "~/features/questionnaires/answers.server";
import type { Lang } from "~/lib/lang";
import { firstUnplainPath } from "~/lib/text";
import { href } from "~/route-table";
import { API_PATHS } from "~/route-table/api-paths";
import { attachmentForUser, createAttachmentUpload } from "./attachments.server";
import {
  customerMessage,
  messageOut,
  pageOf,
  refusal,
  summaryOut,
  threadIdOf,
  threadOut,
  type MessageInput,
  type Page,
  type PaginationInput,
  type ThreadOut,
} from "./graphql-contract.server";
import {
  badInput,
  conflict,
  failure,
  forbidden,
  maskError,
  notFound,
  refuseInMaintenance,
} from "./graphql-errors.server";
import { documentLimits } from "./graphql-limits.server";
import { graphqlParams } from "./graphql-request.server";
import { customerMessagingUserId, messagingStatus } from "./messaging.server";
import { typeDefs } from "./schema.graphql";
import { sendMessage, sendMessageInNewThread } from "./sending.server";
import { listThreads, markAsRead, threadForUser } from "./threads.server";

/**
 * `/api/customer-messaging`: the GraphQL endpoint of messaging (spec part 2 §7), built once per environment from the
 * contract in schema.graphql.ts. Every operation acts as the session's acting person's customer messaging user and
 * sees only that user's threads: another person's thread or attachment is simply not there (null), never an error
 * that tells it exists.
 *
 * Error contract (extensions.code → HTTP status): BAD_USER_INPUT 400 with `problem` (answers also with `details`:
 * `[{ question, rule, message }]`; title, content, type, tooLarge,
 * tooMany, empty, participants, threadType, questionnaireInvitations, answers, pagination, characters); NOT_FOUND 404;
 * CONFLICT 409 with `problem` (closed, answered); FORBIDDEN 403 (no messaging for this person or brand); TOO_MANY_REQUESTS
 * 429 with `problem` busy (too many uploads open); INTERNAL_SERVER_ERROR 500 ("Unexpected error.", reported, never
 * detailed). A document too long or nested too deep is refused before parsing with 400 GRAPHQL_PARSE_FAILED.
 * Documents that fail GraphQL validation (syntax, unknown fields, depth, aliases, introspection in
 * production) get yoga's GRAPHQL_PARSE_FAILED / GRAPHQL_VALIDATION_FAILED: 400 when the call accepts
 * `application/graphql-response+json` (graphql-request does), 200 for a legacy `application/json`-only client, as
 * GraphQL over HTTP says. A request that is not a GraphQL request at all is refused before GraphQL with the portal's
 * 400 `{ type: "ValidationError", details }`, a missing login with 401, a POST without the CSRF token with 403.
 *
 * This module wires the schema to its resolvers and serves it; the request is read by graphql-request.server.ts, the
 * document limited by graphql-limits.server.ts, the errors made by graphql-errors.server.ts and the arguments and
 * answers shaped by graphql-contract.server.ts.
 */

// ---------------------------------------------------------------------------------------------------------------
// Resolvers

/** What the route knows about the call: who acts, in which language and brand, and the CSRF token of the session. */
type MessagingCall = {
  session: UserSession;
  lang: Lang;
  brand: Brand;
  environment: Environment;
  csrfToken: string;
  /** A poll (app/.server/background.ts): its reads are not logged again. */
  background: boolean;
};
type ServerContext = { call: MessagingCall };
type Context = ServerContext & { userId: string };

/** The threads of a page in the asked order (the service lists newest first). */
async function threadPage(userId: string, page: Page) {
  if (page.sort === "desc") return listThreads(db(), userId, { limit: page.limit, offset: page.offset });
  const { totalCount } = await listThreads(db(), userId, { limit: 1, offset: 0 });
  const end = totalCount - page.offset;
  if (end <= 0) return { totalCount, threads: [] };
  const start = Math.max(0, end - page.limit);
  const { threads } = await listThreads(db(), userId, { limit: end - start, offset: start });
  return { totalCount, threads: threads.reverse() };
}

const logRead = (call: MessagingCall, resource: string, resourceId?: string) =>
  logAccess({
    actorId: call.session.user.id,
    subjectId: call.session.actingPerson.id,
    resource,
    resourceId,
    background: call.background,
  });

type Resolver<A> = (parent: unknown, args: A, ctx: Context) => unknown;

/** Every operation's text arguments must be plain text (no NUL or control characters), whatever the GraphQL escapes. */
function plain<A extends object>(resolve: Resolver<A>): Resolver<A> {
  return (parent, args, ctx) => {
    if (firstUnplainPath(args) !== null) throw badInput("characters");
    return resolve(parent, args, ctx);
  };
}

const resolvers = {
  Query: {
    messagingThreads: plain<{ pagination?: PaginationInput }>(async (_, { pagination }, { userId, call }) => {
      const { totalCount, threads } = await threadPage(userId, pageOf(pagination));
      await logRead(call, "conversations");
      return { totalCount, paginatedThreads: threads.map(summaryOut) };
    }),
    messagingThreadForCustomer: plain<{ id: string; pagination?: PaginationInput }>(
      async (_, { id, pagination }, { userId, call }) => {
        pageOf(pagination);
        const threadId = threadIdOf(id);
        const thread = threadId === null ? null : await threadForUser(db(), userId, threadId, now());
        if (!thread) return null;
        await logRead(call, "conversation", String(thread.id));
        return threadOut(thread, pagination);
      },
    ),
    attachmentDownloadUrl: plain<{ id: string }>(async (_, { id }, { userId }) => {
      const attachment = await attachmentForUser(db(), userId, id);
      // The portal serves the file itself (routes/messaging/api-message-attachment.ts): no storage URL leaves here.
      return attachment ? `${API_PATHS.messageAttachments}/${id.toLowerCase()}` : null;
    }),
    customerMessagingInfo: async () => {
      const status = await messagingStatus(db());
      return {
        active: !!status.announcement,
        heading: status.announcement?.heading ?? null,
        description: status.announcement?.description ?? null,
        announcementType: status.announcement?.type ?? null,
        maintenance: status.maintenance,
      };
    },
  },
  Mutation: {
    createAttachmentUpload: plain<{ fileName: string; contentType: string }>(
      async (_, { fileName, contentType }, { call }) => {
        await refuseInMaintenance();
        const upload = await createAttachmentUpload(
          db(),
          storage(),
          {
            ownerPersonId: call.session.actingPerson.id,
            createdBy: call.session.user.id,
            fileName,
            contentType,
          },
          now(),
        );
        if (upload.type === "invalid") throw badInput("type");
        if (upload.type === "busy") throw failure("TOO_MANY_REQUESTS", 429, "Too many uploads open", "busy");
        // An upload to the app itself (the development storage) is a non-GET request like any other, so it carries
        // the CSRF token; an object storage's URL gets only its signed headers.
        const headers = {
          ...upload.headers,
          ...(upload.url.startsWith("/") ? { "X-CSRF-Token": call.csrfToken } : {}),
        };
        return {
          key: upload.key,
          url: upload.url,
          headers: Object.entries(headers).map(([name, value]) => ({ name, value })),
        };
      },
    ),
    sendMessageInNewThread: plain<{
      title?: string | null;
      type: string;
      participantIds: string[];
      separateThreadPerParticipant?: boolean | null;
      firstMessage: MessageInput;
    }>(async (_, args, { userId, call }) => {
      await refuseInMaintenance();
      // The portal starts customer threads only, with the customer as the one participant (spec part 2 §7).
      if (args.type !== "customer") throw badInput("threadType");
      if (args.participantIds.length !== 1 || args.participantIds[0] !== userId) throw badInput("participants");
      const result = await sendMessageInNewThread(
        db(),
        storage(),
        {
          authorId: userId,
          personId: call.session.actingPerson.id,
          title: args.title ?? null,
          type: "customer",
          participantIds: [userId],
          firstMessage: customerMessage(args.firstMessage),
        },
        now(),
      );
      if (result.type !== "sent") throw refusal(result);
      return [href("conversation", call.lang, { threadId: result.threadId })];
    }),
    sendMessage: plain<{ threadId: string; message: MessageInput }>(async (_, args, { userId }) => {
      await refuseInMaintenance();
      const threadId = threadIdOf(args.threadId);
      if (threadId === null) throw notFound();
      const result = await sendMessage(
        db(),
        storage(),
        { authorId: userId, threadId, message: customerMessage(args.message) },
        now(),
      );
      if (result.type !== "sent") throw refusal(result);
      const thread = await threadForUser(db(), userId, threadId, now());
      const sent = thread?.messages.find((m) => m.id === result.messageId);
      if (!sent) throw new Error(`message ${result.messageId} not found right after sending it`);
      return messageOut(sent);
    }),
    markAsRead: plain<{ threadId: string }>(async (_, args, { userId }) => {
      const threadId = threadIdOf(args.threadId);
      return threadId !== null && markAsRead(db(), userId, threadId, now());
    }),
    answerQuestionnaire: plain<{ questionnaireInvitationId: string; answers: string }>(async (_, args, { call }) => {
      // What the questionnaire page refuses, the call refuses too: a brand without the questionnaire pages has no
      // questionnaires to answer (404 as the page), and maintenance switches them off (503).
      if (call.brand.hiddenPages.includes("questionnaire")) throw notFound();
      await refuseInMaintenance();
      const result = await answerQuestionnaire(
        db(),
        {
          actorId: call.session.user.id,
          personId: call.session.actingPerson.id,
          invitationId: args.questionnaireInvitationId,
          answers: args.answers,
          lang: call.lang,
        },
        now(),
      );
      if (result.type === "notFound") throw notFound();
      if (result.type === "answered") throw conflict("answered");
      // Which question broke which rule (`required`, `numeric`, `value`, `unknownQuestion`…), in the call's language.
      if (result.type === "invalid")
        throw failure("BAD_USER_INPUT", 400, "Invalid input: answers", "answers", { details: result.problems });
      return true;
    }),
  },
  Thread: {
    messages: (thread: ThreadOut, args: { pagination?: PaginationInput }) => {
      const page = pageOf(args.pagination ?? thread.pagination);
      const ordered = page.sort === "asc" ? thread.allMessages : [...thread.allMessages].reverse();
      return ordered.slice(page.offset, page.offset + page.limit);
    },
  },
};

// ---------------------------------------------------------------------------------------------------------------
// The server

function build(environment: Environment) {
  return createYoga<ServerContext, { userId: string }>({
    schema: createSchema<ServerContext & { userId: string }>({ typeDefs, resolvers }),
    graphqlEndpoint: API_PATHS.customerMessaging,
    context: async ({ call }) => {
      // The conversation pages' own condition (spec part 2 §2): the brand's feature, and a customer messaging user.
      if (
        !call.brand.features[call.environment].includes("customer-messaging-allowed") ||
        call.brand.hiddenPages.includes("conversations")
      )
        throw forbidden();
      const userId = await customerMessagingUserId(db(), call.session.actingPerson.id);
      if (!userId) throw forbidden();
      return { userId };
    },
    plugins: [documentLimits(environment === "production")],
    maskedErrors: { maskError, isDev: false },
    graphiql: false,
    landingPage: false,
    batching: false,
    // Same-origin calls only: no CORS answers, and the portal's middleware checks the CSRF token of every POST.
    cors: false,
    multipart: false,
    maxRequestBodySize: GRAPHQL_MAX_BODY_BYTES,
    // Unexpected errors go to reportError (maskError); yoga's own console logging would only repeat them.
    logging: false,
  });
}

const servers = new Map<Environment, YogaServerInstance<ServerContext, { userId: string }>>();

/** One server per environment (production refuses introspection), built on first use. */
function messagingYoga(environment: Environment) {
  let server = servers.get(environment);
  if (!server) servers.set(environment, (server = build(environment)));
  return server;
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP

/**
 * Answers a call of `/api/customer-messaging`: 401 without a login, 400 (validation answer) for a request that is
 * not GraphQL, otherwise the GraphQL answer (with the statuses of the error contract above). The CSRF token of a
 * POST is checked by the root middleware before this runs; mutations over GET are refused by yoga (405).
 */
export async function serveMessagingGraphQL(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Response> {
  const session = apiUser(context);
  const params = await graphqlParams(request);
  const info = requestInfo(context);
  const call: MessagingCall = {
    session,
    lang: getLang(context),
    brand: info.brand,
    environment: info.environment,
    csrfToken: csrfTokenFor(info.csrfCookie, sessionBinding(sessionState(context))),
    background: isBackgroundRequest(request),
  };
  // Yoga gets a clean request: only the GraphQL parameters, so nothing else of the original reaches it.
  const url = new URL(API_PATHS.customerMessaging, request.url);
  const headers = new Headers({ Accept: request.headers.get("Accept") || "application/json" });
  let forwarded: Request;
  if (request.method === "POST") {
    headers.set("Content-Type", "application/json");
    forwarded = new Request(url, { method: "POST", headers, body: JSON.stringify(params) });
  } else {
    url.searchParams.set("query", params.query);
    if (params.variables) url.searchParams.set("variables", JSON.stringify(params.variables));
    if (params.operationName) url.searchParams.set("operationName", params.operationName);
    forwarded = new Request(url, { method: "GET", headers });
  }
  const answer = await messagingYoga(info.environment).fetch(forwarded, { call });
  const out = new Headers(answer.headers);
  out.set("Cache-Control", "no-store");
  return new Response(await answer.text(), { status: answer.status, headers: out });
}
