import { z } from "zod";

/** The guardian / mandate choice (spec part 1 §2): whose health information to access. */
export const transactionPathSchema = z.object({
  whose: z.enum(["child", "own"], { error: "session.transactionPath.errors.required" }),
});

export const GUARDIAN_ERROR_TOAST_MS = 20_000;

/** `?error=` values: a known one gets its own message, anything else the unknown-error text. */
export function guardianErrorKey(error: string | null): string | null {
  if (!error) return null;
  return error === "disallowed" ? "session.transactionPath.errors.disallowed" : "session.transactionPath.errors.unknown";
}
