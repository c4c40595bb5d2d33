import { createGraphQLError } from "graphql-yoga";
import type { ASTNode } from "graphql";
import { db } from "~/.server/db/client";
import { reportError } from "~/.server/error-reporting";
import { messagingStatus } from "./messaging.server";

/**
 * The errors of the messaging endpoint's contract (graphql.server.ts lists the codes and their HTTP statuses), and
 * the mask that shows those and hides everything else.
 */

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
export async function refuseInMaintenance() {
  if ((await messagingStatus(db())).maintenance)
    throw failure("SERVICE_UNAVAILABLE", 503, "Messaging is in maintenance", "maintenance");
}

export function failure(
  code: string,
  status: number,
  message: string,
  problem?: string,
  more: Record<string, unknown> = {},
) {
  return createGraphQLError(message, {
    extensions: { code, ...(problem ? { problem } : {}), ...more, http: { status } },
  });
}
export const badInput = (problem: Problem) => failure("BAD_USER_INPUT", 400, `Invalid input: ${problem}`, problem);
export const notFound = () => failure("NOT_FOUND", 404, "Not found");
export const conflict = (problem: "closed" | "answered") => failure("CONFLICT", 409, `Refused: ${problem}`, problem);
export const forbidden = () => failure("FORBIDDEN", 403, "Messaging is not available");

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

export function maskError(error: unknown, message: string): Error {
  if (isDeliberate(error)) return error as Error;
  const located = isGraphQLError(error) ? error : null;
  reportError(located?.originalError ?? error, { graphqlPath: located?.path?.join(".") });
  return createGraphQLError(message, {
    nodes: located?.nodes,
    path: located?.path,
    extensions: { code: "INTERNAL_SERVER_ERROR", http: { status: 500 } },
  });
}
