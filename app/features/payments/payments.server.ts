import { randomUUID } from "node:crypto";
import { and, eq, notInArray } from "drizzle-orm";
import { now } from "~/.server/clock";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { reportError } from "~/.server/error-reporting";
import type { ProviderForm } from "~/.server/db/schema";
import {
  createPayment,
  listProviders,
  verifyReturn,
  type PaytrailConfig,
  type ReturnStatus,
} from "~/.server/payments/paytrail";
import { paytrailConfig } from "~/.server/payments";
import type { UserSession } from "~/.server/guards";
import { isValidEmail } from "~/lib/contact";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";
import { canBePaidOnline } from "./invoice-rules";
import { safeHref, termsParts, type TermsPart } from "./provider-terms";
import { planPayment, type KnownPayment } from "./payment-rules";
import { ownInvoice } from "./invoices.server";
import { payments as paymentResults } from "~/.server/metrics";
import { helsinkiToday } from "~/lib/format";

/** Why a payment cannot be started, as the §8 messages and the payment page name it. */
export type PaymentRefusal =
  | "invoiceNotFound"
  | "alreadyPaid"
  | "notPayable"
  | "inProgress"
  | "emailRequired"
  | "tooManyAttempts"
  | "unableToProcess";

type Refused = { ok: false; reason: PaymentRefusal; invoiceNumber?: string; sumCents?: number };

export type PaymentMethods =
  | {
      ok: true;
      invoiceNumber: string;
      sumCents: number;
      /** Each method with its logo: an https address or a path on this site, else none. */
      methods: { id: string; name: string; logo: string | null }[];
      terms: TermsPart[];
    }
  | Refused;

export type PaymentOptions =
  { ok: true; invoiceNumber: string; sumCents: number; terms: string; providers: ProviderForm[] } | Refused;

/** The path the provider sends the customer back to: the result page of the invoice, in the page's language. */
export function resultPath(lang: Lang, invoiceNumber: string) {
  return href("paymentResult", lang, { id: invoiceNumber });
}

/** The server-to-server callback of the payment service. */
export const CALLBACK_PATH = "/api/payments/callback";

type InvoiceRow = typeof s.invoices.$inferSelect;
type Payable = { ok: true; invoice: InvoiceRow; email: string } | Refused;

/**
 * One of the acting person's invoices, if it can be paid now: open and payable online, of the sum the customer
 * saw (`amountCents`, when given), with no payment of it succeeded or under way, and the person has an e-mail
 * address.
 */
async function payableInvoice(
  db: Database,
  session: UserSession,
  invoiceNumber: string,
  amountCents?: number,
): Promise<Payable> {
  const invoice = await ownInvoice(db, session, { invoiceNumber });
  if (!invoice) return { ok: false, reason: "invoiceNotFound" };
  const refused = (reason: PaymentRefusal): Refused => ({
    ok: false,
    reason,
    invoiceNumber: invoice.invoiceNumber,
    sumCents: invoice.sumCents,
  });
  if (invoice.status === "paid") return refused("alreadyPaid");
  if (!canBePaidOnline(invoice, helsinkiToday(now())) || (amountCents ?? invoice.sumCents) !== invoice.sumCents)
    return refused("notPayable");
  const payments = await db.select().from(s.payments).where(eq(s.payments.invoiceId, invoice.id));
  const plan = planPayment(payments.map(known), invoice.sumCents, now());
  if (plan.type === "refuse" && plan.reason === "inProgress") return refused("inProgress");
  const email = session.actingPerson.emailAddress ?? "";
  if (!isValidEmail(email)) return refused("emailRequired");
  return { ok: true, invoice, email };
}

const known = (p: typeof s.payments.$inferSelect): KnownPayment => ({
  id: p.id,
  status: p.status,
  amountCents: p.amountCents,
  createdAt: p.createdAt,
  ready: p.providerForms !== null,
});

/**
 * The payment page: the invoice re-checked, and the provider's methods for its sum. Opens no payment: that
 * happens only when the customer chooses a method (`startPayment`).
 */
export async function paymentMethods(
  db: Database,
  session: UserSession,
  invoiceNumber: string,
  lang: Lang,
  config: PaytrailConfig = paytrailConfig(),
): Promise<PaymentMethods> {
  const payable = await payableInvoice(db, session, invoiceNumber);
  if (!payable.ok) return payable;
  const base = { invoiceNumber: payable.invoice.invoiceNumber, sumCents: payable.invoice.sumCents };
  try {
    const listed = await listProviders(config, payable.invoice.sumCents, lang, now());
    const methods = listed.providers.map((p) => ({
      id: String(p.id),
      name: String(p.name),
      logo: typeof p.svg === "string" ? safeHref(p.svg) : null,
    }));
    return { ok: true, ...base, methods, terms: termsParts(listed.terms) };
  } catch (error) {
    reportError(error);
    return { ok: false, reason: "unableToProcess", ...base };
  }
}

/**
 * Starts an online payment of one of the acting person's invoices when the customer chooses to pay: re-checks
 * that it is still payable and of the sum they saw (`amountCents`), then reuses the invoice's open payment or, at
 * most `PAYMENT_CREATIONS_PER_HOUR` times an hour, opens a new one at the payment service. The decision is taken
 * with the invoice row locked, so concurrent clicks count against the limit one by one; the provider is called
 * outside the lock, on a row already reserved.
 */
export async function startPayment(
  db: Database,
  session: UserSession,
  input: { invoiceNumber: string; lang: Lang; origin: string; amountCents: number },
  config: PaytrailConfig = paytrailConfig(),
): Promise<PaymentOptions> {
  const payable = await payableInvoice(db, session, input.invoiceNumber, input.amountCents);
  if (!payable.ok) return payable;
  const { invoice, email } = payable;
  const base = { invoiceNumber: invoice.invoiceNumber, sumCents: invoice.sumCents };
  const at = now();
  const stamp = randomUUID();
  const decided = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(s.invoices).where(eq(s.invoices.id, invoice.id)).for("update");
    if (!locked || locked.status !== "open" || locked.sumCents !== input.amountCents)
      return { type: "refuse", reason: locked?.status === "paid" ? "alreadyPaid" : "notPayable" } as const;
    const payments = await tx.select().from(s.payments).where(eq(s.payments.invoiceId, invoice.id));
    const plan = planPayment(payments.map(known), invoice.sumCents, at);
    if (plan.type === "reuse") {
      const reused = payments.find((p) => p.id === plan.paymentId)!;
      await tx.insert(s.paymentEvents).values({
        paymentId: reused.id,
        kind: "reused",
        channel: "create",
        detail: { transactionId: reused.transactionId ?? "" },
        at,
      });
      return { type: "reuse", terms: reused.terms ?? "", providers: reused.providerForms ?? [] } as const;
    }
    if (plan.type === "refuse") return plan;
    const [row] = await tx
      .insert(s.payments)
      .values({ invoiceId: invoice.id, stamp, amountCents: invoice.sumCents, createdAt: at, updatedAt: at })
      .returning({ id: s.payments.id });
    return { type: "create", paymentId: row.id } as const;
  });
  if (decided.type === "refuse") return { ok: false, reason: decided.reason, ...base };
  if (decided.type === "reuse") return { ok: true, ...base, terms: decided.terms, providers: decided.providers };

  const person = session.actingPerson;
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
    const providers: ProviderForm[] = created.providers.map((p) => ({
      id: p.id,
      name: p.name,
      url: p.url,
      svg: p.svg,
      parameters: p.parameters,
    }));
    await db
      .update(s.payments)
      .set({ transactionId: created.transactionId, providerForms: providers, terms: created.terms })
      .where(eq(s.payments.id, decided.paymentId));
    await db.insert(s.paymentEvents).values({
      paymentId: decided.paymentId,
      kind: "created",
      channel: "create",
      detail: { transactionId: created.transactionId },
      at,
    });
    return { ok: true, ...base, terms: created.terms, providers };
  } catch (error) {
    reportError(error);
    // The reserved row is never reused; it still counts against the hourly limit.
    await db.update(s.payments).set({ status: "fail", updatedAt: at }).where(eq(s.payments.id, decided.paymentId));
    return { ok: false, reason: "unableToProcess", ...base };
  }
}

/** What the customer's browser posts to the chosen provider. */
export type Handoff = { name: string; url: string; parameters: { name: string; value: string }[] };

/**
 * The customer chose a payment method on the payment page: the payment is started (re-checked, reused or
 * opened) and the chosen method's form returned, for the browser to post to the provider.
 */
export async function payWithMethod(
  db: Database,
  session: UserSession,
  input: { invoiceNumber: string; lang: Lang; origin: string; amountCents: number; methodId: string },
  config: PaytrailConfig = paytrailConfig(),
): Promise<{ ok: true; handoff: Handoff } | Refused | { ok: false; reason: "unknownMethod" }> {
  const started = await startPayment(db, session, input, config);
  if (!started.ok) return started;
  const form = started.providers.find((p) => p.id === input.methodId);
  if (!form) return { ok: false, reason: "unknownMethod" };
  return { ok: true, handoff: { name: form.name, url: form.url, parameters: form.parameters } };
}

/** Whether a payment of the invoice was made twice and awaits its refund (shown on the result page). */
export async function hasDuplicatePayment(db: Database, invoiceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: s.payments.id })
    .from(s.payments)
    .where(and(eq(s.payments.invoiceId, invoiceId), eq(s.payments.status, "duplicate")))
    .limit(1);
  return !!row;
}

export type AppliedReturn = {
  invoiceNumber: string;
  status: ReturnStatus;
  reason: string | null;
  /** This request marked the invoice paid (false when it already was, or the payment did not succeed). */
  markedPaid: boolean;
  /** The payment succeeded for an invoice another payment had already paid: it is to be refunded. */
  duplicate: boolean;
};

/**
 * A redirect back or a callback: its signature and account are verified, then its stamp, reference and amount
 * must be those of a payment we started. A successful one marks the invoice paid once — the conditional update
 * lets exactly one of any number of concurrent redirects and callbacks do it; the rest change nothing. A second
 * payment that succeeded anyway (an older transaction, another tab) is never applied: it is recorded as a duplicate
 * to refund, and the customer is told. Every step is recorded as a payment event. Null when the parameters are not a valid return.
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
  let duplicate = false;
  if (verified.status === "ok") {
    const outcome = await db.transaction(async (tx) => {
      const marked = await tx
        .update(s.invoices)
        .set({ status: "paid", paidAt: at })
        .where(and(eq(s.invoices.id, invoice.id), eq(s.invoices.status, "open")))
        .returning({ id: s.invoices.id });
      if (marked.length > 0) {
        await tx
          .update(s.payments)
          .set({ status: "ok", provider: verified.provider, updatedAt: at })
          .where(eq(s.payments.id, payment.id));
        await tx.insert(s.paymentEvents).values({ paymentId: payment.id, kind: "applied", channel, detail, at });
        return "applied" as const;
      }
      // The invoice is no longer open: paid by this payment before (a repeated return), or by another one, when
      // this is a second charge that must be refunded. The conditional update records that once.
      const second = await tx
        .update(s.payments)
        .set({ status: "duplicate", provider: verified.provider, refundRequiredAt: at, updatedAt: at })
        .where(and(eq(s.payments.id, payment.id), notInArray(s.payments.status, ["ok", "duplicate"])))
        .returning({ id: s.payments.id });
      if (second.length > 0) {
        await tx.insert(s.paymentEvents).values({ paymentId: payment.id, kind: "duplicate", channel, detail, at });
        reportError(new Error(`payment ${payment.id} paid an invoice already paid: refund required`));
      }
      const [current] = await tx
        .select({ status: s.payments.status })
        .from(s.payments)
        .where(eq(s.payments.id, payment.id));
      return current?.status === "duplicate" ? ("duplicate" as const) : ("repeat" as const);
    });
    markedPaid = outcome === "applied";
    duplicate = outcome === "duplicate";
    // A repeated return of a payment already applied is not a new result.
    if (outcome !== "repeat") paymentResults.inc({ status: markedPaid ? "ok" : "duplicate" });
  } else {
    paymentResults.inc({ status: verified.status });
    // A failure or a delay never overrides a payment that already succeeded.
    await db
      .update(s.payments)
      .set({ status: verified.status, provider: verified.provider, updatedAt: at })
      .where(and(eq(s.payments.id, payment.id), notInArray(s.payments.status, ["ok", "duplicate"])));
  }
  return {
    invoiceNumber: invoice.invoiceNumber,
    status: verified.status,
    reason: verified.reason,
    markedPaid,
    duplicate,
  };
}
