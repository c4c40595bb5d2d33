import { createHmac, timingSafeEqual } from "node:crypto";

/** Paytrail's test merchant (published in its documentation): the development provider's account. */
export const TEST_ACCOUNT = "375917";
export const TEST_SECRET = "SAIPPUAKAUPPIAS";

/**
 * Paytrail's signature: HMAC-SHA256 (hex) of the `checkout-*` parameters sorted by name as `name:value` lines,
 * followed by the body (empty for a GET, a redirect or a callback), joined with newlines.
 */
export function calculateSignature(
  secret: string,
  params: Record<string, string | null | undefined> | URLSearchParams,
  body = "",
): string {
  const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  const lines = entries
    .filter((e): e is [string, string] => e[0].startsWith("checkout-") && typeof e[1] === "string")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}:${v}`);
  return createHmac("sha256", secret)
    .update([...lines, body].join("\n"))
    .digest("hex");
}

/** Whether `signature` is the right one, compared in constant time. */
export function verifySignature(
  secret: string,
  params: Record<string, string | null | undefined> | URLSearchParams,
  signature: string | null | undefined,
  body = "",
): boolean {
  if (typeof signature !== "string" || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(calculateSignature(secret, params, body), "hex");
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), "hex"));
}
