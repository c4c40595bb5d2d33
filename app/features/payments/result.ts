/** The statuses the result page shows (spec part 1 §2): `ok`, `fail`, `delayed`, `pending`. */
export const RESULT_STATUSES = ["ok", "fail", "delayed", "pending"] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** The payment messages of spec part 1 §8 that a failed payment can carry. */
export const FAILURE_MESSAGES = [
  "cardDeclined",
  "expiredCard",
  "incorrectCvc",
  "insufficientFunds",
  "failed",
  "interrupted",
  "cancelled",
  "unableToProcess",
] as const;
export type FailureMessage = (typeof FAILURE_MESSAGES)[number];

export function resultStatus(raw: string | null): ResultStatus {
  return (RESULT_STATUSES as readonly (string | null)[]).includes(raw) ? (raw as ResultStatus) : "pending";
}

/** A failure's message: the reason when it is one we know, else "interrupted". */
export function failureMessage(raw: string | null): FailureMessage {
  return (FAILURE_MESSAGES as readonly (string | null)[]).includes(raw) ? (raw as FailureMessage) : "interrupted";
}
