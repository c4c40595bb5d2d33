import type { Message, MessagingUser, Thread, ThreadSummary } from "./threads.server";
import type { SendResult } from "./sending.server";
import { badInput, conflict, notFound } from "./graphql-errors.server";

/**
 * The contract's values (schema.graphql.ts): the arguments as the resolvers read them (pagination, a thread's id, a
 * customer's message) and the service's threads and messages as the contract answers them.
 */

/** The spec's list size ("limit 9999"), also the most one page may ask for. */
const MAX_PAGE = 9999;

export type PaginationInput = { limit?: number | null; offset?: number | null; sort?: "asc" | "desc" | null } | null;
export type Page = { limit: number; offset: number; sort: "asc" | "desc" };

export function pageOf(input: PaginationInput | undefined): Page {
  const limit = input?.limit ?? MAX_PAGE;
  const offset = input?.offset ?? 0;
  if (limit < 1 || limit > MAX_PAGE || offset < 0) throw badInput("pagination");
  return { limit, offset, sort: input?.sort ?? "desc" };
}

/** A thread id as the contract gives it (an ID string): a positive 32-bit integer, or null (no such thread). */
export function threadIdOf(id: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(id)) return null;
  const n = Number(id);
  return n <= 2_147_483_647 ? n : null;
}

const iso = (d: Date) => d.toISOString();

export function messageOut(m: Message) {
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

export function summaryOut(t: ThreadSummary) {
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

export type ThreadOut = ReturnType<typeof threadOut>;

export function threadOut(t: Thread, pagination: PaginationInput | undefined) {
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

export type MessageInput = {
  content: string;
  attachments?: { key: string; fileName: string }[] | null;
  questionnaireInvitations?: string[] | null;
};

/** What a customer may send: text and uploaded files; questionnaires are sent by professionals only. */
export function customerMessage(input: MessageInput) {
  if (input.questionnaireInvitations?.length) throw badInput("questionnaireInvitations");
  return {
    content: input.content,
    attachments: (input.attachments ?? []).map((a) => ({ key: a.key, fileName: a.fileName })),
  };
}

/** A refused send as the contract's error. */
export function refusal(result: Exclude<SendResult, { type: "sent" }>) {
  if (result.type === "notFound") return notFound();
  if (result.type === "closed") return conflict("closed");
  return badInput(result.problem);
}
