import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The id of the request being served, wherever its work goes (loaders, actions, calls to other services): log lines
 * carry it (logger.ts), error reports are tagged with it, and the calls to the identity broker, the payment
 * service and the insurers send it on, so one request can be followed through every system it touched.
 */
const current = new AsyncLocalStorage<{ requestId: string }>();

export const REQUEST_ID_HEADER = "X-Request-Id";

export function currentRequestId(): string | undefined {
  return current.getStore()?.requestId;
}

export function withRequestId<T>(requestId: string, work: () => T): T {
  return current.run({ requestId }, work);
}

/** The header that passes the request's id on to a service it calls; none outside a request. */
export function requestIdHeaders(): Record<string, string> {
  const requestId = currentRequestId();
  return requestId ? { [REQUEST_ID_HEADER]: requestId } : {};
}
