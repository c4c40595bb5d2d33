import type { ClientError } from "graphql-request";
import { isLang } from "~/lib/lang";
import { API_PATHS, BACKGROUND_HEADER } from "~/route-table/api-paths";

/**
 * The browser's client of `/api/customer-messaging` (spec part 2 §7): the operations under the names the spec gives
 * them, each attempt cut off after 10 s, and optional retries with a growing delay (none by default). Browser code
 * only: no server module is imported here.
 */

export type RequestOptions = {
  csrfToken: string;
  /** Further attempts after a failure that may pass (network, time-out, 5xx); never after a refusal (4xx). */
  retries?: number;
  /** The first retry waits this long, each further one twice as long as the one before. */
  baseDelayMs?: number;
  /** Per attempt. */
  timeoutMs?: number;
  /** A poll, not the customer's doing: it must not keep an idle session alive (see the session middleware). */
  background?: boolean;
};

/**
 * Why a call failed: `graphql` — the server refused it (`code`, and `problem` for bad input, e.g. `tooLarge`);
 * `http` — an answer that is not GraphQL (401 when logged out, 403 without a valid CSRF token); `network`;
 * `timeout`.
 */
export class MessagingRequestError extends Error {
  constructor(
    message: string,
    readonly kind: "graphql" | "http" | "network" | "timeout",
    readonly status: number | null = null,
    readonly code: string | null = null,
    readonly problem: string | null = null,
  ) {
    super(message);
    this.name = "MessagingRequestError";
  }

  /** Worth trying again: the request may not have reached the server, or the server failed, not the request. */
  get retryable(): boolean {
    return this.kind === "network" || this.kind === "timeout" || (this.status !== null && this.status >= 500);
  }
}

type GraphQLErrorShape = { message?: string; extensions?: { code?: unknown; problem?: unknown } };

function asRequestError(
  error: unknown,
  timedOut: boolean,
  ClientErrorClass: typeof ClientError | null,
): MessagingRequestError {
  if (timedOut) return new MessagingRequestError("The request timed out", "timeout");
  if (ClientErrorClass && error instanceof ClientErrorClass) {
    const errors = (error.response.errors ?? []) as GraphQLErrorShape[];
    const status = error.response.status ?? null;
    const first = errors[0];
    if (!first) return new MessagingRequestError(`HTTP ${status}`, "http", status);
    const text = (v: unknown) => (typeof v === "string" ? v : null);
    return new MessagingRequestError(
      first.message ?? "GraphQL error",
      "graphql",
      status,
      text(first.extensions?.code),
      text(first.extensions?.problem),
    );
  }
  return new MessagingRequestError(error instanceof Error ? error.message : "Network error", "network");
}

/** The endpoint in the page's language (`SendMessageInNewThread` answers with localized thread URLs). */
function endpoint(): string {
  const url = new URL(API_PATHS.customerMessaging, window.location.origin);
  const lang = window.location.pathname.split("/")[1];
  if (isLang(lang)) url.searchParams.set("lang", lang);
  return url.href;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * graphql-request (with graphql's parser, about 12 kB gzipped) is loaded on the first call, not with the page: the
 * pages render (and poll) from their loaders and call only to upload an attachment or mark a thread read.
 */
let library: Promise<typeof import("graphql-request")> | null = null;
function graphqlRequest() {
  library ??= import("graphql-request").catch((error: unknown) => {
    library = null;
    throw error;
  });
  return library;
}

/** One operation: POST with the CSRF token, each attempt aborted after `timeoutMs`; GraphQL errors are thrown. */
export async function messagingRequest<T>(
  document: string,
  variables: Record<string, unknown> | undefined,
  { csrfToken, retries = 0, baseDelayMs = 300, timeoutMs = 10_000, background = false }: RequestOptions,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let lib: Awaited<ReturnType<typeof graphqlRequest>> | null = null;
    try {
      lib = await graphqlRequest();
      const headers: Record<string, string> = { "X-CSRF-Token": csrfToken };
      if (background) headers[BACKGROUND_HEADER] = "1";
      const client = new lib.GraphQLClient(endpoint(), { method: "POST", headers });
      return await client.request<T>({ document, variables, signal: controller.signal });
    } catch (error) {
      const failure = asRequestError(error, controller.signal.aborted, lib?.ClientError ?? null);
      if (attempt >= retries || !failure.retryable) throw failure;
    } finally {
      clearTimeout(timer);
    }
    await sleep(baseDelayMs * 2 ** attempt);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The operations (spec part 2 §7)

const USER = "id type firstName lastName title";
const MESSAGE = `id created content deleted author { id type name title } attachments { id fileName }
  questionnaireInvitations { id title answered }`;

export const MESSAGING_THREADS = `query MessagingThreads($pagination: Pagination) {
  messagingThreads(pagination: $pagination) {
    totalCount
    paginatedThreads { id title threadType isActive created isRead messages { ${MESSAGE} } }
  }
}`;

// Messages oldest first, as a conversation is read.
export const MESSAGING_THREAD_FOR_CUSTOMER = `query MessagingThreadForCustomer($id: ID!) {
  messagingThreadForCustomer(id: $id) {
    id title threadType isActive created isRead
    participants { ${USER} }
    professionalsWithAccess { ${USER} }
    assignments { assignee { ${USER} } assignedAt absences { startDate endDate substitute { ${USER} } } }
    messages(pagination: { sort: asc }) { ${MESSAGE} }
  }
}`;

export const ATTACHMENT_DOWNLOAD_URL = `query AttachmentDownloadUrl($id: ID!) {
  attachmentDownloadUrl(id: $id)
}`;

export const CREATE_ATTACHMENT_UPLOAD = `mutation CreateAttachmentUpload($fileName: String!, $contentType: String!) {
  createAttachmentUpload(fileName: $fileName, contentType: $contentType) { key url headers { name value } }
}`;

export const SEND_MESSAGE_IN_NEW_THREAD = `mutation SendMessageInNewThread($title: String, $type: ThreadType!,
  $participantIds: [ID!]!, $separateThreadPerParticipant: Boolean, $firstMessage: MessageInput!) {
  sendMessageInNewThread(title: $title, type: $type, participantIds: $participantIds,
    separateThreadPerParticipant: $separateThreadPerParticipant, firstMessage: $firstMessage)
}`;

export const SEND_MESSAGE = `mutation SendMessage($threadId: ID!, $message: MessageInput!) {
  sendMessage(threadId: $threadId, message: $message) { ${MESSAGE} }
}`;

export const MARK_AS_READ = `mutation MarkAsRead($threadId: ID!) {
  markAsRead(threadId: $threadId)
}`;

export const ANSWER_QUESTIONNAIRE = `mutation AnswerQuestionnaire($questionnaireInvitationId: ID!, $answers: String!) {
  answerQuestionnaire(questionnaireInvitationId: $questionnaireInvitationId, answers: $answers)
}`;

// ---------------------------------------------------------------------------------------------------------------
// Typed helpers

export type AttachmentUpload = { key: string; url: string; headers: { name: string; value: string }[] };

/** A signed upload for one attachment: PUT the file to `url` with `headers`, then send `key` with the message. */
export async function createAttachmentUpload(
  fileName: string,
  contentType: string,
  csrfToken: string,
): Promise<AttachmentUpload> {
  const data = await messagingRequest<{ createAttachmentUpload: AttachmentUpload }>(
    CREATE_ATTACHMENT_UPLOAD,
    { fileName, contentType },
    { csrfToken },
  );
  return data.createAttachmentUpload;
}
