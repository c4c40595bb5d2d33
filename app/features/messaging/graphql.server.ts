import { apiUser } from "~/features/session/guards.server";
import { Kind, type ASTNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule } from "graphql";
import { createGraphQLError, createSchema, createYoga, type Plugin, type YogaServerInstance } from "graphql-yoga";
import type { RouterContextProvider } from "react-router";
import type { Brand, Environment } from "#brands/index";
import { isBackgroundRequest } from "~/.server/background";
import { logAccess } from "~/.server/access-log";
import { readBody, validationError, type ValidationDetail } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo, sessionState } from "~/.server/context";
import { csrfTokenFor } from "~/.server/csrf";
import { db } from "~/.server/db/client";
import { reportError } from "~/.server/error-reporting";
import { GRAPHQL_MAX_BODY_BYTES } from "~/.server/http-guards";
import { getLang } from "~/.server/i18n";
import { sessionBinding } from "~/.server/session";
import { storage } from "~/.server/storage";
import type { UserSession } from "~/features/session/guards.server";
import type { Lang } from "~/lib/lang";
import { firstUnplainPath, isPlainText } from "~/lib/text";
import { API_PATHS, href } from "~/route-table";
import {
  attachmentForUser,
  createAttachmentUpload,
  customerMessagingUserId,
  listThreads,
  markAsRead,
  messagingStatus,
  sendMessage,
  sendMessageInNewThread,
  threadForUser,
  type Message,
  type MessagingUser,
  type SendResult,
  type Thread,
  type ThreadSummary,
} from "./messaging.server";
import { answerQuestionnaire } from "~/features/questionnaires/answers.server";
import { typeDefs } from "./schema.graphql";

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
 */

/** Deep enough for every operation of the portal (a thread's assignment → absence → substitute is 5 levels). */
export const MAX_QUERY_DEPTH = 8;
/** The portal sends one root field per operation; a few more are allowed, not hundreds of aliased copies. */
export const MAX_ROOT_FIELDS = 5;
export const MAX_ALIASES = 10;
/**
 * Limits checked before a document is parsed (graphql-js parses recursively, so a literal nested thousands deep
 * overflows the stack): the portal's own documents are under 2 kB, nest brackets, braces and parentheses about ten
 * deep and have a few hundred tokens. Answers travel as variables, never inside the document.
 */
export const MAX_DOCUMENT_CHARS = 16 * 1024;
export const MAX_DOCUMENT_NESTING = 32;
export const MAX_DOCUMENT_TOKENS = 2_000;
/** The spec's list size ("limit 9999"), also the most one page may ask for. */
const MAX_PAGE = 9999;

// ---------------------------------------------------------------------------------------------------------------
// Errors

type Problem =
  | "title"
  | "content"
  | "type"
  | "tooLarge"
  | "tooMany"
  | "empty"
  | "participants"
  | "threadType"
  | "questionnaireInvitations"
  | "answers"
  | "pagination"
  | "characters";

// Errors are made with yoga's createGraphQLError and recognised by name, never with `instanceof`: a bundler or test
// runner may load graphql twice (its ESM and CJS builds), and yoga must see the errors as its own to strip `http`.

/** In maintenance mode the pages offer no forms; the calls refuse to write just the same (503). */
async function refuseInMaintenance() {
  if ((await messagingStatus(db())).maintenance)
    throw failure("SERVICE_UNAVAILABLE", 503, "Messaging is in maintenance", "maintenance");
}

function failure(code: string, status: number, message: string, problem?: string, more: Record<string, unknown> = {}) {
  return createGraphQLError(message, {
    extensions: { code, ...(problem ? { problem } : {}), ...more, http: { status } },
  });
}
const badInput = (problem: Problem) => failure("BAD_USER_INPUT", 400, `Invalid input: ${problem}`, problem);
const notFound = () => failure("NOT_FOUND", 404, "Not found");
const conflict = (problem: "closed" | "answered") => failure("CONFLICT", 409, `Refused: ${problem}`, problem);
const forbidden = () => failure("FORBIDDEN", 403, "Messaging is not available");

type GraphQLErrorLike = Error & {
  originalError?: unknown;
  nodes?: readonly ASTNode[];
  path?: readonly (string | number)[];
};
const isGraphQLError = (error: unknown): error is GraphQLErrorLike =>
  error instanceof Error && error.name === "GraphQLError";

/**
 * Errors GraphQL or the resolvers mean (GraphQL errors all the way down: syntax, variables, the contract's codes) are
 * shown; anything else is a bug, reported and masked.
 */
function isDeliberate(error: unknown): boolean {
  return isGraphQLError(error) && (error.originalError == null || isDeliberate(error.originalError));
}

function maskError(error: unknown, message: string): Error {
  if (isDeliberate(error)) return error as Error;
  const located = isGraphQLError(error) ? error : null;
  reportError(located?.originalError ?? error, { graphqlPath: located?.path?.join(".") });
  return createGraphQLError(message, {
    nodes: located?.nodes,
    path: located?.path,
    extensions: { code: "INTERNAL_SERVER_ERROR", http: { status: 500 } },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Validation rules

/**
 * Whether `[`, `{` and `(` nest deeper than `max` in a GraphQL document, counted in one pass without parsing
 * (strings, block strings and comments skipped). An unbalanced document is left to the parser's syntax error.
 */
export function documentNestsDeeperThan(document: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < document.length; i++) {
    const c = document[i];
    if (c === "#") {
      while (i < document.length && document[i] !== "\n" && document[i] !== "\r") i++;
    } else if (c === '"') {
      if (document.startsWith('"""', i)) {
        // Inside a block string only \""" escapes the closing quotes.
        let close = document.indexOf('"""', i + 3);
        while (close > 0 && document[close - 1] === "\\") close = document.indexOf('"""', close + 3);
        if (close < 0) return false;
        i = close + 2;
      } else {
        for (i++; i < document.length && document[i] !== '"' && document[i] !== "\n"; i++)
          if (document[i] === "\\") i++;
      }
    } else if (c === "[" || c === "{" || c === "(") {
      if (++depth > max) return true;
    } else if (c === "]" || c === "}" || c === ")") depth--;
  }
  return false;
}

/** A document refused before GraphQL parses it: too long or nested too deep. GraphQL over HTTP's shape, 400. */
function oversizedDocument(message: string): Response {
  return Response.json(
    { errors: [{ message, extensions: { code: "GRAPHQL_PARSE_FAILED" } }] },
    { status: 400, headers: { "Cache-Control": "no-store" } },
  );
}

function refuseOversizedDocument(query: string) {
  if (query.length > MAX_DOCUMENT_CHARS)
    throw oversizedDocument(`The document is longer than ${MAX_DOCUMENT_CHARS} characters.`);
  if (documentNestsDeeperThan(query, MAX_DOCUMENT_NESTING))
    throw oversizedDocument(`The document nests brackets deeper than ${MAX_DOCUMENT_NESTING}.`);
}

/**
 * Refuses operations nested deeper than `max` fields. Fragments count where they are spread (each fragment's depth is
 * computed once, so a document cannot make this rule itself slow). Introspection fields are left to their own rule.
 */
export function maxDepthRule(max: number): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of context.getDocument().definitions)
      if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    const fragmentDepth = new Map<string, number>();
    const depthOf = (set: SelectionSetNode): number => {
      let deepest = 0;
      for (const s of set.selections) {
        if (s.kind === Kind.FIELD) {
          if (s.name.value.startsWith("__")) continue;
          deepest = Math.max(deepest, 1 + (s.selectionSet ? depthOf(s.selectionSet) : 0));
        } else if (s.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(s.selectionSet));
        } else {
          const name = s.name.value;
          if (!fragmentDepth.has(name)) {
            // 0 while in progress: a cycle is NoFragmentCyclesRule's to report.
            fragmentDepth.set(name, 0);
            const fragment = fragments.get(name);
            fragmentDepth.set(name, fragment ? depthOf(fragment.selectionSet) : 0);
          }
          deepest = Math.max(deepest, fragmentDepth.get(name)!);
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        if (depthOf(node.selectionSet) > max)
          context.reportError(
            createGraphQLError(`The operation is nested deeper than ${max} fields.`, { nodes: [node] }),
          );
      },
    };
  };
}

/** Refuses an operation with more than `maxRootFields` root fields, or a document with more than `maxAliases` aliases. */
export function operationSizeRule(maxRootFields: number, maxAliases: number): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of context.getDocument().definitions)
      if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    // Distinct response keys: repeating a field without an alias merges into one execution.
    const rootKeys = (set: SelectionSetNode, keys: Set<string>, seen: Set<string>) => {
      for (const s of set.selections) {
        if (s.kind === Kind.FIELD) {
          if (!s.name.value.startsWith("__")) keys.add(s.alias?.value ?? s.name.value);
        } else if (s.kind === Kind.INLINE_FRAGMENT) rootKeys(s.selectionSet, keys, seen);
        else if (!seen.has(s.name.value)) {
          seen.add(s.name.value);
          const fragment = fragments.get(s.name.value);
          if (fragment) rootKeys(fragment.selectionSet, keys, seen);
        }
        if (keys.size > maxRootFields) return;
      }
    };
    let aliases = 0;
    return {
      OperationDefinition(node) {
        const keys = new Set<string>();
        rootKeys(node.selectionSet, keys, new Set());
        if (keys.size > maxRootFields)
          context.reportError(
            createGraphQLError(`An operation may select at most ${maxRootFields} root fields.`, { nodes: [node] }),
          );
      },
      Field(node) {
        if (node.alias && ++aliases === maxAliases + 1)
          context.reportError(
            createGraphQLError(`A document may use at most ${maxAliases} aliases.`, { nodes: [node] }),
          );
      },
    };
  };
}

/**
 * No schema introspection (`__schema`, `__type`) in production: the portal's own pages know the contract, and a
 * stranger's map of it helps nobody else. `__typename` stays.
 */
const noIntrospectionRule: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === "__schema" || node.name.value === "__type")
      context.reportError(
        createGraphQLError(`GraphQL introspection is not allowed here (${node.name.value}).`, { nodes: [node] }),
      );
  },
});

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

type PaginationInput = { limit?: number | null; offset?: number | null; sort?: "asc" | "desc" | null } | null;
type Page = { limit: number; offset: number; sort: "asc" | "desc" };

function pageOf(input: PaginationInput | undefined): Page {
  const limit = input?.limit ?? MAX_PAGE;
  const offset = input?.offset ?? 0;
  if (limit < 1 || limit > MAX_PAGE || offset < 0) throw badInput("pagination");
  return { limit, offset, sort: input?.sort ?? "desc" };
}

/** A thread id as the contract gives it (an ID string): a positive 32-bit integer, or null (no such thread). */
function threadIdOf(id: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(id)) return null;
  const n = Number(id);
  return n <= 2_147_483_647 ? n : null;
}

const iso = (d: Date) => d.toISOString();

function messageOut(m: Message) {
  return {
    id: m.id,
    created: iso(m.created),
    content: m.content,
    deleted: m.deleted,
    author: { id: m.author?.id ?? null, type: m.authorType, name: m.authorName, title: m.authorTitle },
    attachments: m.attachments,
    questionnaireInvitations: m.questionnaireInvitations,
  };
}

function summaryOut(t: ThreadSummary) {
  return {
    id: t.id,
    title: t.title,
    threadType: t.type,
    isActive: t.isActive,
    created: iso(t.created),
    isRead: t.isRead,
    messages: t.latestMessage ? [messageOut(t.latestMessage)] : [],
  };
}

type ThreadOut = ReturnType<typeof threadOut>;

function threadOut(t: Thread, pagination: PaginationInput | undefined) {
  // The professionals who see the thread: those taking part and those it is assigned to.
  const professionals = new Map<string, MessagingUser>();
  for (const p of t.participants) if (p.type === "ProfessionalUser") professionals.set(p.id, p);
  for (const a of t.assignments) professionals.set(a.assignee.id, a.assignee);
  return {
    ...summaryOut(t),
    participants: t.participants,
    professionalsWithAccess: [...professionals.values()],
    assignments: t.assignments.map((a) => ({ ...a, assignedAt: iso(a.assignedAt) })),
    allMessages: t.messages.map(messageOut),
    pagination,
  };
}

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

type MessageInput = {
  content: string;
  attachments?: { key: string; fileName: string }[] | null;
  questionnaireInvitations?: string[] | null;
};

/** What a customer may send: text and uploaded files; questionnaires are sent by professionals only. */
function customerMessage(input: MessageInput) {
  if (input.questionnaireInvitations?.length) throw badInput("questionnaireInvitations");
  return {
    content: input.content,
    attachments: (input.attachments ?? []).map((a) => ({ key: a.key, fileName: a.fileName })),
  };
}

/** A refused send as the contract's error. */
function refusal(result: Exclude<SendResult, { type: "sent" }>) {
  if (result.type === "notFound") return notFound();
  if (result.type === "closed") return conflict("closed");
  return badInput(result.problem);
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

function limits(production: boolean): Plugin {
  return {
    // Past the checks before parsing, a document of many small tokens is still cut short by the parser itself.
    // (yoga's own parse, not an import: the errors must be of the graphql yoga loaded)
    onParse({ parseFn, setParseFn }) {
      setParseFn((source, options) => parseFn(source, { ...options, maxTokens: MAX_DOCUMENT_TOKENS }));
    },
    onValidate({ addValidationRule }) {
      addValidationRule(maxDepthRule(MAX_QUERY_DEPTH));
      addValidationRule(operationSizeRule(MAX_ROOT_FIELDS, MAX_ALIASES));
      if (!production) return;
      addValidationRule(noIntrospectionRule);
      // Without introspection, "Did you mean …?" would still spell the contract out one guess at a time.
      return ({ valid, result, setResult }) => {
        if (valid) return;
        setResult(
          result.map((e) =>
            / Did you mean /.test(e.message)
              ? createGraphQLError(e.message.replace(/ Did you mean .*$/s, ""), {
                  nodes: e.nodes,
                  extensions: e.extensions,
                })
              : e,
          ),
        );
      };
    },
  };
}

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
    plugins: [limits(environment === "production")],
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

type GraphQLParams = { query: string; variables?: Record<string, unknown>; operationName?: string };

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * The GraphQL request in an HTTP request: `query`, optional `variables` (an object) and `operationName`, from the
 * query string of a GET or the JSON body of a POST. Anything else is the portal's 400 validation answer, so a call
 * that is not a GraphQL request at all gets the same answer as every other /api call.
 */
async function graphqlParams(request: Request): Promise<GraphQLParams> {
  const details: ValidationDetail[] = [];
  let raw: Record<string, unknown>;
  if (request.method === "POST") {
    // The server's body limit (app.ts) holds this already; checked again for a handler without it.
    const tooLarge = () => new Response(null, { status: 413 });
    if (Number(request.headers.get("Content-Length") ?? 0) > GRAPHQL_MAX_BODY_BYTES) throw tooLarge();
    if (!JSON_TYPE.test(request.headers.get("Content-Type") ?? ""))
      throw validationError([{ path: "", message: "Unsupported content type: send application/json" }]);
    const text = await request.text();
    if (Buffer.byteLength(text) > GRAPHQL_MAX_BODY_BYTES) throw tooLarge();
    raw = await readBody(new Request(request.url, { method: "POST", headers: request.headers, body: text }));
  } else {
    const search = new URL(request.url).searchParams;
    raw = {};
    for (const name of ["query", "variables", "operationName"]) {
      const value = search.get(name);
      if (value === null) continue;
      if (!isPlainText(value)) details.push({ path: name, message: "Invalid characters" });
      else if (name !== "variables") raw[name] = value;
      else
        try {
          raw.variables = JSON.parse(value);
        } catch {
          details.push({ path: "variables", message: "Malformed JSON" });
        }
    }
    const bad = firstUnplainPath(raw.variables);
    if (bad !== null) details.push({ path: `variables.${bad}`, message: "Invalid characters" });
  }
  const { query, variables, operationName } = raw;
  if (typeof query !== "string" || !query.trim())
    details.push({ path: "query", message: "Expected a GraphQL document (a string)" });
  if (variables != null && (typeof variables !== "object" || Array.isArray(variables)))
    details.push({ path: "variables", message: "Expected an object" });
  if (operationName != null && typeof operationName !== "string")
    details.push({ path: "operationName", message: "Expected a string" });
  if (details.length) throw validationError(details);
  refuseOversizedDocument(query as string);
  return {
    query: query as string,
    ...(variables != null ? { variables: variables as Record<string, unknown> } : {}),
    ...(operationName != null ? { operationName: operationName as string } : {}),
  };
}

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
