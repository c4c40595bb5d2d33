import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import express, { type Express } from "express";
import { calculateSignature, TEST_ACCOUNT, TEST_SECRET, verifySignature } from "../payments/signature";
import type { CreatePaymentRequest, Provider } from "../payments/paytrail";
import { env } from "../env";
import { logger } from "../logger";

/**
 * The development payment provider: the other side of Paytrail's protocol with its published test merchant. The
 * API calls (create a payment, list the methods) are answered in-process (`devPaymentService`); the pages a
 * customer sees are mounted at /dev/payments: one per method, where the customer approves, cancels or fails the
 * payment, after which the browser is redirected back and the callback URL is called server to server, both with
 * signed parameters.
 */
export const DEV_API_BASE = "http://dev-payments.invalid";

const METHODS = [
  { id: "nordea", name: "Nordea", group: "bank" },
  { id: "osuuspankki", name: "OP", group: "bank" },
  { id: "creditcard", name: "Visa / Mastercard", group: "creditcard" },
  { id: "mobilepay", name: "MobilePay", group: "mobile" },
] as const;

/** Outcomes a tester can choose; the failures carry a reason the result page can name. */
const DECISIONS = {
  approve: { status: "ok", reason: null, label: "Approve the payment" },
  cancel: { status: "fail", reason: "cancelled", label: "Cancel" },
  fail: { status: "fail", reason: "failed", label: "Fail" },
  declined: { status: "fail", reason: "cardDeclined", label: "Fail: card declined" },
  expired: { status: "fail", reason: "expiredCard", label: "Fail: expired card" },
  cvc: { status: "fail", reason: "incorrectCvc", label: "Fail: incorrect CVC" },
  funds: { status: "fail", reason: "insufficientFunds", label: "Fail: insufficient funds" },
  process: { status: "fail", reason: "unableToProcess", label: "Fail: unable to process" },
  pending: { status: "pending", reason: null, label: "Leave pending" },
} as const;
type Decision = keyof typeof DECISIONS;

type Transaction = {
  id: string;
  stamp: string;
  reference: string;
  amount: number;
  redirectUrls: { success: string; cancel: string };
  callbackUrls: { success: string; cancel: string };
};

const tokenKey = createHmac("sha256", TEST_SECRET).update("dev-payments:transaction").digest();

function sealTransaction(t: Transaction): string {
  const payload = Buffer.from(JSON.stringify(t)).toString("base64url");
  return `${payload}.${createHmac("sha256", tokenKey).update(payload).digest("base64url")}`;
}

function openTransaction(token: unknown): Transaction | null {
  if (typeof token !== "string" || token.length > 4096) return null;
  const [payload, mac] = token.split(".");
  if (!payload || !mac) return null;
  const expected = createHmac("sha256", tokenKey).update(payload).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Transaction;
  } catch {
    return null;
  }
}

/**
 * Whether `u` is a URL on one of the portal's own origins. The token key derives from Paytrail's published test
 * secret, so anyone can seal a transaction: its redirect and callback URLs are checked again wherever they are
 * used, and this provider never calls or sends a browser anywhere but the portal.
 */
const isPortalUrl = (u: unknown): u is string => {
  if (typeof u !== "string") return false;
  try {
    return Object.values(env().origins).includes(new URL(u).origin);
  } catch {
    return false;
  }
};

const hasPortalUrls = (t: Pick<Transaction, "redirectUrls" | "callbackUrls">) =>
  isPortalUrl(t.redirectUrls?.success) &&
  isPortalUrl(t.redirectUrls?.cancel) &&
  isPortalUrl(t.callbackUrls?.success) &&
  isPortalUrl(t.callbackUrls?.cancel);

function signedResponse(status: number, body: unknown, transactionId?: string): Response {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = { "checkout-account": TEST_ACCOUNT, "checkout-algorithm": "sha256" };
  if (transactionId) headers["checkout-transaction-id"] = transactionId;
  return new Response(text, {
    status,
    headers: {
      ...headers,
      "content-type": "application/json",
      signature: calculateSignature(TEST_SECRET, headers, text),
    },
  });
}

/**
 * A method as the list call gives it: no parameters (those come with a created payment). The logo is a path on the
 * portal's own origin, where this provider's pages are.
 */
const listedMethod = (m: (typeof METHODS)[number]): Provider => ({
  url: `${DEV_API_BASE}/pay/${m.id}`,
  icon: `/dev/payments/icons/${m.id}.svg`,
  svg: `/dev/payments/icons/${m.id}.svg`,
  name: m.name,
  group: m.group,
  id: m.id,
  parameters: [],
});

/** The terms line of the list call, per language, with a link to the provider's terms page. */
const LIST_TERMS = {
  FI: 'Valitsemalla maksutavan hyväksyt <a href="/dev/payments/terms">maksupalvelun ehdot</a> (kehityskäyttö).',
  SV: 'Genom att välja betalningssätt godkänner du <a href="/dev/payments/terms">betaltjänstens villkor</a> (utveckling).',
  EN: 'By choosing a payment method you accept the <a href="/dev/payments/terms">payment service terms</a> (development).',
};

/**
 * The provider's API: `POST {base}/payments` creates a payment and answers its methods' forms, `GET
 * {base}/merchants/grouped-payment-providers` lists the methods and the terms, as Paytrail does. Every request must
 * be signed.
 */
export async function devPaymentService(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = await request.text();
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (name.startsWith("checkout-")) headers[name] = value;
  });
  if (
    headers["checkout-account"] !== TEST_ACCOUNT ||
    headers["checkout-method"] !== request.method ||
    !verifySignature(TEST_SECRET, headers, request.headers.get("signature"), body)
  )
    return signedResponse(401, { status: "error", message: "Invalid signature" });
  if (request.method === "GET" && url.pathname === "/merchants/grouped-payment-providers") {
    const providers = METHODS.map(listedMethod);
    const groups = [...new Set(METHODS.map((m) => m.group))].map((group) => ({
      id: group,
      name: group,
      providers: providers.filter((p) => p.group === group),
    }));
    const language = url.searchParams.get("language");
    return signedResponse(200, { terms: LIST_TERMS[language === "SV" || language === "EN" ? language : "FI"], groups });
  }
  if (request.method !== "POST" || url.pathname !== "/payments")
    return signedResponse(404, { status: "error", message: "Not found" });
  let payment: CreatePaymentRequest;
  try {
    payment = JSON.parse(body) as CreatePaymentRequest;
  } catch {
    return signedResponse(400, { status: "error", message: "Invalid JSON" });
  }
  const itemsSum = Array.isArray(payment.items) ? payment.items.reduce((s, i) => s + i.unitPrice * i.units, 0) : -1;
  if (
    !Number.isSafeInteger(payment.amount) ||
    payment.amount <= 0 ||
    itemsSum !== payment.amount ||
    typeof payment.stamp !== "string" ||
    typeof payment.reference !== "string" ||
    !hasPortalUrls(payment)
  )
    return signedResponse(400, { status: "error", message: "Invalid payment" });
  const transaction: Transaction = {
    id: randomUUID(),
    stamp: payment.stamp,
    reference: payment.reference,
    amount: payment.amount,
    redirectUrls: payment.redirectUrls,
    callbackUrls: payment.callbackUrls,
  };
  // The customer's browser reaches the provider on the portal's own origin.
  const origin = new URL(payment.redirectUrls.success).origin;
  const token = sealTransaction(transaction);
  const providers: Provider[] = METHODS.map((m) => ({
    url: `${origin}/dev/payments/pay/${m.id}`,
    icon: `${origin}/dev/payments/icons/${m.id}.svg`,
    svg: `${origin}/dev/payments/icons/${m.id}.svg`,
    name: m.name,
    group: m.group,
    id: m.id,
    parameters: [
      { name: "transaction", value: token },
      { name: "method", value: m.id },
    ],
  }));
  return signedResponse(
    201,
    {
      transactionId: transaction.id,
      href: `${origin}/dev/payments/pay/nordea`,
      reference: payment.reference,
      terms: `<a href="${origin}/dev/payments/terms">Development payment provider terms</a>`,
      providers,
    },
    transaction.id,
  );
}

/** The signed query of a redirect back or a callback. */
export function returnParameters(t: Transaction, method: string, decision: Decision): URLSearchParams {
  const { status, reason } = DECISIONS[decision];
  const params: Record<string, string> = {
    "checkout-account": TEST_ACCOUNT,
    "checkout-algorithm": "sha256",
    "checkout-amount": String(t.amount),
    "checkout-stamp": t.stamp,
    "checkout-reference": t.reference,
    "checkout-transaction-id": t.id,
    "checkout-status": status,
    "checkout-provider": method,
  };
  if (reason) params["checkout-failure-reason"] = reason;
  return new URLSearchParams({ ...params, signature: calculateSignature(TEST_SECRET, params) });
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

export function mountDevPayments(app: Express) {
  const form = express.urlencoded({ extended: false, limit: "16kb" });
  app.get("/dev/payments/icons/:method.svg", (req, res) => {
    const method = METHODS.find((m) => m.id === req.params.method);
    if (!method) return void res.status(404).type("text/plain").send("Not Found");
    res
      .type("image/svg+xml")
      .send(
        `<svg xmlns="http://www.w3.org/2000/svg" width="140" height="40" role="img" aria-label="${escape(method.name)}"><rect width="140" height="40" rx="4" fill="#eee"/><text x="70" y="25" font-family="sans-serif" font-size="14" text-anchor="middle">${escape(method.name)}</text></svg>`,
      );
  });
  app.get("/dev/payments/terms", (_req, res) => {
    res
      .type("html")
      .send(page("Payment terms (development)", "<p>No money moves: this provider is for development.</p>"));
  });
  app.post("/dev/payments/pay/:method", form, (req, res) => {
    const method = METHODS.find((m) => m.id === req.params.method);
    const t = openTransaction((req.body as Record<string, unknown> | undefined)?.transaction);
    if (!method || !t || !hasPortalUrls(t)) return void res.status(400).type("text/plain").send("Unknown payment");
    const buttons = (Object.keys(DECISIONS) as Decision[])
      .map(
        (d) =>
          `<form method="post" action="/dev/payments/decide"><input type="hidden" name="transaction" value="${escape(sealTransaction(t))}"><input type="hidden" name="method" value="${method.id}"><input type="hidden" name="decision" value="${d}"><p><button type="submit">${escape(DECISIONS[d].label)}</button></p></form>`,
      )
      .join("");
    res
      .type("html")
      .send(
        page(
          `${method.name} (development payment provider)`,
          `<p>Payment ${escape(t.reference)}: ${(t.amount / 100).toFixed(2)} EUR. Nothing is charged.</p>${buttons}`,
        ),
      );
  });
  app.post("/dev/payments/decide", form, (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const t = openTransaction(body.transaction);
    const method = METHODS.find((m) => m.id === body.method);
    const decision =
      typeof body.decision === "string" && body.decision in DECISIONS ? (body.decision as Decision) : null;
    if (!t || !method || !decision || !hasPortalUrls(t))
      return void res.status(400).type("text/plain").send("Unknown payment");
    const params = returnParameters(t, method.id, decision);
    const ok = DECISIONS[decision].status === "ok";
    // The callback comes a moment later, server to server, as Paytrail's does; the redirect may arrive first.
    const callback = `${ok ? t.callbackUrls.success : t.callbackUrls.cancel}?${params}`;
    setTimeout(() => {
      fetch(callback, { signal: AbortSignal.timeout(10_000) }).catch((error: unknown) =>
        logger.warn("development payment callback failed", { error: String(error) }),
      );
    }, 500).unref();
    res.redirect(303, `${ok ? t.redirectUrls.success : t.redirectUrls.cancel}?${params}`);
  });
}
