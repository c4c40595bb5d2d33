import { randomUUID } from "node:crypto";
import { calculateSignature, verifySignature } from "./signature";
import { requestIdHeaders } from "../request-id";

/**
 * Paytrail's payment API (https://docs.paytrail.com): the create-payment call and the signed parameters of the
 * redirect back and the server-to-server callback, for the provider `paytrailConfig` (index.ts) picks.
 */
export type PaytrailConfig = {
  account: string;
  secret: string;
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
};

export type PaymentItem = { unitPrice: number; units: number; vatPercentage: number; productCode: string };
export type CreatePaymentRequest = {
  stamp: string;
  reference: string;
  amount: number;
  currency: "EUR";
  language: "FI" | "SV" | "EN";
  items: PaymentItem[];
  customer: { email: string; phone?: string; firstName?: string; lastName?: string };
  redirectUrls: { success: string; cancel: string };
  callbackUrls: { success: string; cancel: string };
};
export type Provider = {
  url: string;
  icon: string;
  svg: string;
  name: string;
  group: string;
  id: string;
  parameters: { name: string; value: string }[];
};
export type CreatePaymentResponse = {
  transactionId: string;
  href: string;
  reference: string;
  terms: string;
  providers: Provider[];
};

/** The statuses a redirect or callback carries. */
export const RETURN_STATUSES = ["ok", "fail", "pending", "delayed"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export class PaytrailError extends Error {}

/** A signed call to the payment service, answered with `expected` and a valid signature; its parsed JSON. */
async function signedCall<T>(
  config: PaytrailConfig,
  method: "GET" | "POST",
  path: string,
  at: Date,
  expected: number,
  body = "",
): Promise<T> {
  const headers: Record<string, string> = {
    "checkout-account": config.account,
    "checkout-algorithm": "sha256",
    "checkout-method": method,
    "checkout-nonce": randomUUID(),
    "checkout-timestamp": at.toISOString(),
  };
  const response = await config.fetch(
    new Request(`${config.baseUrl}${path}`, {
      method,
      headers: {
        ...headers,
        ...(body ? { "content-type": "application/json; charset=utf-8" } : {}),
        // Not among the signed checkout-* headers: Paytrail ignores it, a proxy or its logs may not.
        ...requestIdHeaders(),
        signature: calculateSignature(config.secret, headers, body),
      },
      body: body || undefined,
      signal: AbortSignal.timeout(10_000),
    }),
  );
  const text = await response.text();
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name.startsWith("checkout-")) responseHeaders[name] = value;
  });
  if (response.status !== expected) throw new PaytrailError(`${method} ${path} answered ${response.status}`);
  if (!verifySignature(config.secret, responseHeaders, response.headers.get("signature"), text))
    throw new PaytrailError(`${method} ${path}: the response's signature does not match`);
  return JSON.parse(text) as T;
}

/** Creates a payment: a signed POST of the request, and a check of the response's signature. */
export function createPayment(
  config: PaytrailConfig,
  payment: CreatePaymentRequest,
  at: Date,
): Promise<CreatePaymentResponse> {
  return signedCall(config, "POST", "/payments", at, 201, JSON.stringify(payment));
}

/** Paytrail's grouped list: the terms in the asked language, the groups and (in each group) their methods. */
export type GroupedProviders = {
  terms: string;
  groups: { id: string; name: string; providers: Provider[] }[];
  providers?: Provider[];
};

/**
 * The merchant's payment methods for an amount and the payment service's terms in the page's language, without
 * opening a payment (Paytrail's "grouped payment providers"): what the payment page shows before the customer
 * chooses.
 */
export async function listProviders(
  config: PaytrailConfig,
  amount: number,
  lang: "fi" | "sv" | "en",
  at: Date,
): Promise<{ terms: string; providers: Provider[] }> {
  const query = new URLSearchParams({ amount: String(amount), language: lang.toUpperCase() });
  const answer = await signedCall<GroupedProviders>(
    config,
    "GET",
    `/merchants/grouped-payment-providers?${query}`,
    at,
    200,
  );
  const providers = Array.isArray(answer?.providers)
    ? answer.providers
    : (answer?.groups ?? []).flatMap((g) => (Array.isArray(g.providers) ? g.providers : []));
  return { terms: typeof answer?.terms === "string" ? answer.terms : "", providers };
}

export type PaymentReturn = {
  stamp: string;
  reference: string;
  amount: number;
  status: ReturnStatus;
  transactionId: string;
  provider: string;
  /** A failure reason the development provider adds (signed with the rest); Paytrail itself sends none. */
  reason: string | null;
};

/** The parameters of a redirect back or a callback, if their signature and account are right. */
export function verifyReturn(config: PaytrailConfig, params: URLSearchParams): PaymentReturn | null {
  if (params.get("checkout-account") !== config.account || params.get("checkout-algorithm") !== "sha256") return null;
  for (const name of new Set(params.keys())) if (params.getAll(name).length > 1) return null;
  if (!verifySignature(config.secret, params, params.get("signature"))) return null;
  const status = params.get("checkout-status");
  const amount = Number(params.get("checkout-amount"));
  const stamp = params.get("checkout-stamp");
  const reference = params.get("checkout-reference");
  if (!(RETURN_STATUSES as readonly (string | null)[]).includes(status) || !Number.isSafeInteger(amount)) return null;
  if (!stamp || !reference) return null;
  return {
    stamp,
    reference,
    amount,
    status: status as ReturnStatus,
    transactionId: params.get("checkout-transaction-id") ?? "",
    provider: params.get("checkout-provider") ?? "",
    reason: params.get("checkout-failure-reason"),
  };
}
