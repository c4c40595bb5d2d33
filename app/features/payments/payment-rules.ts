/**
 * When a click on a payment method may open a payment at the provider. An open payment (nothing heard of it yet,
 * same amount, recent) is reused, so reloading, going back or a second tab never opens a second one; a payment
 * that succeeded or is still being processed stops another from starting.
 */

/**
 * An open payment is reused for this long. Paytrail does not publish how long a new payment stays payable, so
 * this stays well inside a customer's visit; an older one is left alone and a new one opened.
 */
export const PAYMENT_REUSE_MINUTES = 30;

/**
 * At most this many payments are opened for one invoice in an hour. A payment is opened only when none can be
 * reused, i.e. after the previous one was cancelled or failed (each declined card or cancelled bank visit uses
 * one): ten leaves a customer room for several honest retries, while a script or a stuck client opens at most ten
 * provider payments and rows an hour per invoice (and a person has only a few invoices payable online at a time).
 */
export const PAYMENT_CREATIONS_PER_HOUR = 10;

export type PaymentStatus = "new" | "ok" | "fail" | "pending" | "delayed" | "duplicate";

export type KnownPayment = {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  createdAt: Date;
  /** The provider answered its creation (it has a transaction and forms to post). */
  ready: boolean;
};

export type PaymentPlan =
  | { type: "reuse"; paymentId: string }
  | { type: "create" }
  | { type: "refuse"; reason: "inProgress" | "tooManyAttempts" };

const MINUTE = 60_000;

/** What to do for a click on a method, given the invoice's earlier payments. */
export function planPayment(payments: readonly KnownPayment[], amountCents: number, now: Date): PaymentPlan {
  // Money may already have moved (or will, once the provider finishes): never start another.
  if (payments.some((p) => p.status !== "new" && p.status !== "fail")) return { type: "refuse", reason: "inProgress" };
  const reusable = payments
    .filter(
      (p) =>
        p.status === "new" &&
        p.ready &&
        p.amountCents === amountCents &&
        now.getTime() - p.createdAt.getTime() < PAYMENT_REUSE_MINUTES * MINUTE,
    )
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  if (reusable) return { type: "reuse", paymentId: reusable.id };
  const lastHour = payments.filter((p) => now.getTime() - p.createdAt.getTime() < 60 * MINUTE);
  if (lastHour.length >= PAYMENT_CREATIONS_PER_HOUR) return { type: "refuse", reason: "tooManyAttempts" };
  return { type: "create" };
}
