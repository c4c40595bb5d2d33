import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { now } from "~/.server/clock";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { reportError } from "~/.server/error-reporting";
import {
  createPayment,
  paytrailConfig,
  verifyReturn,
  type PaytrailConfig,
  type Provider,
  type ReturnStatus,
} from "~/.server/payments/paytrail";
import type { UserSession } from "~/features/session/guards.server";
import { isValidEmail } from "~/lib/contact";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";
import { canBePaidOnline } from "./invoice-rules";
import { helsinkiToday, ownInvoice } from "./invoices.server";

/** Why a payment cannot be started, as the §8 messages name it. */
export type PaymentRefusal = "invoiceNotFound" | "notPayable" | "emailRequired" | "unableToProcess";

export type PaymentOptions =
  | { ok: true; invoiceNumber: string; sumCents: number; terms: string; providers: Provider[] }
  | { ok: false; reason: PaymentRefusal; invoiceNumber?: string; sumCents?: number };

/** The path the provider sends the customer back to: the result page of the invoice, in the page's language. */
export function resultPath(lang: Lang, invoiceNumber: string) {
  return href("paymentResult", lang, { id: invoiceNumber });
}

/** The server-to-server callback of the payment service. */
export const CALLBACK_PATH = "/api/payments/callback";

/**
 * Starts an online payment of one of the acting person's invoices: re-checks that it is open and payable online
 * and that the person has an e-mail address, records the attempt and asks the payment service for the methods.
 * `amountCents`, when given (the call's body), must be the invoice's sum.
 */
export async function startPayment(
  db: Database,
  session: UserSession,
  input: { invoiceNumber: string; lang: Lang; origin: string; amountCents?: number },
  config: PaytrailConfig = paytrailConfig(),
): Promise<PaymentOptions> {
  const invoice = await ownInvoice(db, session, { invoiceNumber: input.invoiceNumber });
  if (!invoice) return { ok: false, reason: "invoiceNotFound" };
  const base = { invoiceNumber: invoice.invoiceNumber, sumCents: invoice.sumCents };
  if (!canBePaidOnline(invoice, helsinkiToday()) || (input.amountCents ?? invoice.sumCents) !== invoice.sumCents)
    return { ok: false, reason: "notPayable", ...base };
  const person = session.actingPerson;
  const email = person.emailAddress ?? "";
  if (!isValidEmail(email)) return { ok: false, reason: "emailRequired", ...base };

  const stamp = randomUUID();
  const at = now();
  const [payment] = await db
    .insert(s.payments)
    .values({ invoiceId: invoice.id, stamp, amountCents: invoice.sumCents, createdAt: at, updatedAt: at })
    .returning({ id: s.payments.id });
  const back = `${input.origin}${resultPath(input.lang, invoice.invoiceNumber)}`;
  const callback = `${input.origin}${CALLBACK_PATH}`;
  try {
    const created = await createPayment(
      config,
      {
        stamp,
        reference: invoice.invoiceNumber,
        amount: invoice.sumCents,
        currency: "EUR",
        language: input.lang.toUpperCase() as "FI" | "SV" | "EN",
        // As the spec sends it: the whole sum as one unit, VAT 0.
        items: [{ unitPrice: invoice.sumCents, units: 1, vatPercentage: 0, productCode: invoice.invoiceNumber }],
        customer: {
          email,
          phone: person.phoneNumber ?? undefined,
          firstName: person.firstName,
          lastName: person.lastName,
        },
        redirectUrls: { success: back, cancel: back },
        callbackUrls: { success: callback, cancel: callback },
      },
      at,
    );
    await db.update(s.payments).set({ transactionId: created.transactionId }).where(eq(s.payments.id, payment.id));
    await db.insert(s.paymentEvents).values({
      paymentId: payment.id,
      kind: "created",
      channel: "create",
      detail: { transactionId: created.transactionId },
      at,
    });
    return { ok: true, ...base, terms: created.terms, providers: created.providers };
  } catch (error) {
    reportError(error);
    return { ok: false, reason: "unableToProcess", ...base };
  }
}

export type AppliedReturn = {
  invoiceNumber: string;
  status: ReturnStatus;
  reason: string | null;
  /** This request marked the invoice paid (false when it already was, or the payment did not succeed). */
  markedPaid: boolean;
};

/**
 * A redirect back or a callback: its signature and account are verified, then its stamp, reference and amount
 * must be those of a payment we started. A successful one marks the invoice paid once — the conditional update
 * lets exactly one of any number of concurrent redirects and callbacks do it; the rest change nothing. Every step
 * is recorded as a payment event. Null when the parameters are not a valid return.
 */
export async function applyPaymentReturn(
  db: Database,
  params: URLSearchParams,
  channel: "redirect" | "callback",
  config: PaytrailConfig = paytrailConfig(),
): Promise<AppliedReturn | null> {
  const at = now();
  const stamp = params.get("checkout-stamp");
  const validStamp = !!stamp && /^[0-9a-f-]{36}$/i.test(stamp);
  const [payment] = validStamp ? await db.select().from(s.payments).where(eq(s.payments.stamp, stamp)) : [];
  const detail = {
    status: String(params.get("checkout-status") ?? "").slice(0, 20),
    transactionId: String(params.get("checkout-transaction-id") ?? "").slice(0, 64),
  };
  // A return for no payment of ours is not recorded: the callback is public, and noise must not fill the table.
  if (!payment) return null;
  await db.insert(s.paymentEvents).values({ paymentId: payment.id, kind: "received", channel, detail, at });
  const verified = verifyReturn(config, params);
  const [invoice] = payment ? await db.select().from(s.invoices).where(eq(s.invoices.id, payment.invoiceId)) : [];
  if (
    !verified ||
    !payment ||
    !invoice ||
    verified.reference !== invoice.invoiceNumber ||
    verified.amount !== payment.amountCents
  ) {
    await db.insert(s.paymentEvents).values({ paymentId: payment?.id ?? null, kind: "rejected", channel, detail, at });
    return null;
  }
  await db.insert(s.paymentEvents).values({ paymentId: payment.id, kind: "verified", channel, detail, at });

  let markedPaid = false;
  if (verified.status === "ok") {
    markedPaid = await db.transaction(async (tx) => {
      const marked = await tx
        .update(s.invoices)
        .set({ status: "paid", paidAt: at })
        .where(and(eq(s.invoices.id, invoice.id), eq(s.invoices.status, "open")))
        .returning({ id: s.invoices.id });
      await tx
        .update(s.payments)
        .set({ status: "ok", provider: verified.provider, updatedAt: at })
        .where(eq(s.payments.id, payment.id));
      if (marked.length === 0) return false;
      await tx.insert(s.paymentEvents).values({ paymentId: payment.id, kind: "applied", channel, detail, at });
      return true;
    });
  } else {
    // A failure or a delay never overrides a payment that already succeeded.
    await db
      .update(s.payments)
      .set({ status: verified.status, provider: verified.provider, updatedAt: at })
      .where(and(eq(s.payments.id, payment.id), sql`${s.payments.status} <> 'ok'`));
  }
  return { invoiceNumber: invoice.invoiceNumber, status: verified.status, reason: verified.reason, markedPaid };
}
