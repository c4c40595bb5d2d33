import { buildSchema, parse, validate, type OperationDefinitionNode } from "graphql";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ANSWER_QUESTIONNAIRE,
  ATTACHMENT_DOWNLOAD_URL,
  CREATE_ATTACHMENT_UPLOAD,
  MARK_AS_READ,
  MESSAGING_THREADS,
  MESSAGING_THREAD_FOR_CUSTOMER,
  MessagingRequestError,
  SEND_MESSAGE,
  SEND_MESSAGE_IN_NEW_THREAD,
  createAttachmentUpload,
  messagingRequest,
} from "./client";
import { typeDefs } from "./schema.graphql";
import { BACKGROUND_HEADER } from "~/route-table/api-paths";

type Call = { url: string; init: RequestInit; at: number };
let calls: Call[] = [];
/** What the fake server answers to each call, in turn (the last one repeats). */
let answers: ((init: RequestInit) => Promise<Response>)[] = [];

const json =
  (body: unknown, status = 200) =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/graphql-response+json" } });
const networkDown = () => async () => {
  throw new TypeError("Failed to fetch");
};
/** Never answers; rejects like a browser's fetch when its signal aborts. */
const hang = () => (init: RequestInit) =>
  new Promise<Response>((_, reject) => {
    init.signal?.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")));
  });

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal("window", { location: new URL("http://localhost:3000/en/conversations/12") });
  vi.stubGlobal("fetch", async (url: URL | string, init: RequestInit) => {
    calls.push({ url: String(url), init, at: Date.now() });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    return answer(init);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("messagingRequest", () => {
  it("POSTs the operation as JSON with the CSRF token to the endpoint in the page's language", async () => {
    answers = [json({ data: { markAsRead: true } })];
    const data = await messagingRequest<{ markAsRead: boolean }>(
      MARK_AS_READ,
      { threadId: "12" },
      { csrfToken: "t0k" },
    );
    expect(data).toEqual({ markAsRead: true });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe("http://localhost:3000/api/customer-messaging?lang=en");
    expect(calls[0].init.method).toBe("POST");
    const headers = new Headers(calls[0].init.headers);
    expect(headers.get("X-CSRF-Token")).toBe("t0k");
    expect(headers.get("Content-Type")).toBe("application/json");
    // The customer's own doing: it counts as activity.
    expect(headers.get(BACKGROUND_HEADER)).toBeNull();
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      query: MARK_AS_READ,
      variables: { threadId: "12" },
      operationName: "MarkAsRead",
    });
  });

  it("marks a poll's call (background) so that it does not keep the session alive", async () => {
    answers = [json({ data: { markAsRead: true } })];
    await messagingRequest(MARK_AS_READ, { threadId: "12" }, { csrfToken: "t0k", background: true });
    expect(new Headers(calls[0].init.headers).get(BACKGROUND_HEADER)).toBe("1");
  });

  it("throws GraphQL errors with their code and problem, and never retries a refusal", async () => {
    answers = [
      json(
        {
          errors: [{ message: "Invalid input: tooLarge", extensions: { code: "BAD_USER_INPUT", problem: "tooLarge" } }],
          data: null,
        },
        400,
      ),
    ];
    const error = await messagingRequest(
      SEND_MESSAGE,
      { threadId: "1", message: { content: "x" } },
      {
        csrfToken: "t",
        retries: 3,
      },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MessagingRequestError);
    expect(error).toMatchObject({ kind: "graphql", status: 400, code: "BAD_USER_INPUT", problem: "tooLarge" });
    expect((error as Error).message).toBe("Invalid input: tooLarge");
    expect(calls).toHaveLength(1);
  });

  it("throws GraphQL errors of a 200 answer too (a null field with an error)", async () => {
    answers = [
      json({ errors: [{ message: "Not found", extensions: { code: "NOT_FOUND" } }], data: { sendMessage: null } }),
    ];
    await expect(messagingRequest(SEND_MESSAGE, {}, { csrfToken: "t" })).rejects.toMatchObject({
      kind: "graphql",
      code: "NOT_FOUND",
      problem: null,
    });
  });

  it("reports an answer that is not GraphQL (logged out, bad CSRF token) by its status, without retrying", async () => {
    answers = [json({ type: "Unauthorized" }, 401)];
    await expect(messagingRequest(MESSAGING_THREADS, {}, { csrfToken: "t", retries: 2 })).rejects.toMatchObject({
      kind: "http",
      status: 401,
    });
    expect(calls).toHaveLength(1);
  });

  it("gives up an attempt after 10 s by default", async () => {
    vi.useFakeTimers();
    answers = [hang()];
    const result = messagingRequest(MESSAGING_THREADS, {}, { csrfToken: "t" }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(calls[0].init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ kind: "timeout" });
    expect(calls).toHaveLength(1);
  });

  it("retries a time-out with its own time-out per attempt and a growing delay between them", async () => {
    vi.useFakeTimers();
    const start = Date.now();
    answers = [hang(), hang(), json({ data: { messagingThreads: { totalCount: 0, paginatedThreads: [] } } })];
    const result = messagingRequest(MESSAGING_THREADS, {}, { csrfToken: "t", retries: 2, timeoutMs: 1_000 });
    await vi.advanceTimersByTimeAsync(1_000 + 300 + 1_000 + 600);
    await expect(result).resolves.toEqual({ messagingThreads: { totalCount: 0, paginatedThreads: [] } });
    expect(calls.map((c) => c.at - start)).toEqual([0, 1_300, 2_900]);
    expect(calls.map((c) => c.init.signal?.aborted)).toEqual([true, true, false]);
  });

  it("retries network failures and 5xx answers with delays base, 2 × base, 4 × base, then gives up", async () => {
    vi.useFakeTimers();
    const start = Date.now();
    answers = [
      networkDown(),
      json({ errors: [{ message: "Unexpected error.", extensions: { code: "INTERNAL_SERVER_ERROR" } }] }, 500),
      networkDown(),
      networkDown(),
    ];
    const result = messagingRequest(MESSAGING_THREADS, {}, { csrfToken: "t", retries: 3, baseDelayMs: 100 }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(100 + 200 + 400);
    expect(await result).toMatchObject({ kind: "network" });
    expect(calls.map((c) => c.at - start)).toEqual([0, 100, 300, 700]);
  });

  it("does not retry unless asked (retries default to 0)", async () => {
    answers = [networkDown(), json({ data: {} })];
    await expect(messagingRequest(MESSAGING_THREADS, {}, { csrfToken: "t" })).rejects.toMatchObject({
      kind: "network",
    });
    expect(calls).toHaveLength(1);
  });
});

describe("the typed helpers", () => {
  it("createAttachmentUpload sends the name and type and returns the key, URL and headers", async () => {
    const upload = {
      key: "k",
      url: "/dev/uploads/incoming/message-attachment/x",
      headers: [{ name: "Content-Type", value: "application/pdf" }],
    };
    answers = [json({ data: { createAttachmentUpload: upload } })];
    expect(await createAttachmentUpload("lausunto.pdf", "application/pdf", "t")).toEqual(upload);
    expect(JSON.parse(String(calls[0].init.body))).toMatchObject({
      operationName: "CreateAttachmentUpload",
      variables: { fileName: "lausunto.pdf", contentType: "application/pdf" },
    });
  });
});

describe("the operation documents", () => {
  const schema = buildSchema(typeDefs);
  const documents: [string, string, "query" | "mutation"][] = [
    ["MessagingThreads", MESSAGING_THREADS, "query"],
    ["MessagingThreadForCustomer", MESSAGING_THREAD_FOR_CUSTOMER, "query"],
    ["AttachmentDownloadUrl", ATTACHMENT_DOWNLOAD_URL, "query"],
    ["CreateAttachmentUpload", CREATE_ATTACHMENT_UPLOAD, "mutation"],
    ["SendMessageInNewThread", SEND_MESSAGE_IN_NEW_THREAD, "mutation"],
    ["SendMessage", SEND_MESSAGE, "mutation"],
    ["MarkAsRead", MARK_AS_READ, "mutation"],
    ["AnswerQuestionnaire", ANSWER_QUESTIONNAIRE, "mutation"],
  ];

  it.each(documents)("%s is named as the spec names it and valid against the contract", (name, text, kind) => {
    const document = parse(text);
    const [operation, ...others] = document.definitions as OperationDefinitionNode[];
    expect(others).toEqual([]);
    expect(operation.name?.value).toBe(name);
    expect(operation.operation).toBe(kind);
    expect(validate(schema, document)).toEqual([]);
  });
});
