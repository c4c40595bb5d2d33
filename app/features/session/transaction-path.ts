// The form's schema is in transaction-path.schema.ts, so the page's browser code does not carry zod.

export const GUARDIAN_ERROR_TOAST_MS = 20_000;

/** `?error=` values: a known one gets its own message, anything else the unknown-error text. */
export function guardianErrorKey(error: string | null): string | null {
  if (!error) return null;
  return error === "disallowed"
    ? "session.transactionPath.errors.disallowed"
    : "session.transactionPath.errors.unknown";
}
