import { DEV_API_BASE, devPaymentService } from "../dev/payments";
import { env } from "../env";
import type { PaytrailConfig } from "./paytrail";
import { TEST_ACCOUNT, TEST_SECRET } from "./signature";

/**
 * The payment provider of this configuration, picked here only (as storage/index.ts picks the file storage):
 * Paytrail with `PAYTRAIL_ACCOUNT`, otherwise the development provider, answered in-process with Paytrail's
 * published test credentials through the same adapter (its pages are mounted at /dev/payments). A production
 * configuration refuses to start without the account (env.ts).
 */
export function paytrailConfig(): PaytrailConfig {
  const configured = env().paytrail;
  if (configured) return { ...configured, fetch: (request) => fetch(request) };
  return { account: TEST_ACCOUNT, secret: TEST_SECRET, baseUrl: DEV_API_BASE, fetch: devPaymentService };
}
