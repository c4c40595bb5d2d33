import { describe, expect, it } from "vitest";
import {
  PAYMENT_CREATIONS_PER_HOUR,
  PAYMENT_REUSE_MINUTES,
  planPayment,
  type KnownPayment,
  type PaymentStatus,
} from "./payment-rules";

const now = new Date("2026-11-20T10:00:00Z");
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const payment = (over: Partial<KnownPayment> & { status?: PaymentStatus } = {}): KnownPayment => ({
  id: "p1",
  status: "new",
  amountCents: 5000,
  createdAt: minutesAgo(5),
  ready: true,
  ...over,
});

describe("planPayment", () => {
  it("opens a payment when there is none", () => {
    expect(planPayment([], 5000, now)).toEqual({ type: "create" });
  });

  it("reuses the newest open payment of the same amount", () => {
    const plan = planPayment([payment({ id: "old", createdAt: minutesAgo(20) }), payment({ id: "new" })], 5000, now);
    expect(plan).toEqual({ type: "reuse", paymentId: "new" });
  });

  it("does not reuse a payment of another amount, a stale one, one not ready or one that ended", () => {
    for (const p of [
      payment({ amountCents: 4000 }),
      payment({ createdAt: minutesAgo(PAYMENT_REUSE_MINUTES) }),
      payment({ ready: false }),
      payment({ status: "fail" }),
    ])
      expect(planPayment([p], 5000, now)).toEqual({ type: "create" });
  });

  it("refuses while a payment succeeded or is being processed", () => {
    for (const status of ["ok", "pending", "delayed", "duplicate"] as const)
      expect(planPayment([payment({ status })], 5000, now)).toEqual({ type: "refuse", reason: "inProgress" });
  });

  it(`opens at most ${PAYMENT_CREATIONS_PER_HOUR} payments an hour`, () => {
    const failed = (n: number, minutes: number) =>
      Array.from({ length: n }, (_, i) => payment({ id: `f${i}`, status: "fail", createdAt: minutesAgo(minutes) }));
    expect(planPayment(failed(PAYMENT_CREATIONS_PER_HOUR - 1, 10), 5000, now)).toEqual({ type: "create" });
    expect(planPayment(failed(PAYMENT_CREATIONS_PER_HOUR, 10), 5000, now)).toEqual({
      type: "refuse",
      reason: "tooManyAttempts",
    });
    expect(planPayment(failed(PAYMENT_CREATIONS_PER_HOUR, 61), 5000, now)).toEqual({ type: "create" });
  });
});
