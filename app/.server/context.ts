import { createContext, type RouterContextProvider } from "react-router";
import type { Brand, Environment } from "#brands/index";
import type { SessionState } from "./session";

/** What the HTTP layer knows about a request before React Router sees it. */
export type RequestInfo = {
  nonce: string;
  brand: Brand;
  environment: Environment;
  clientIp: string;
  /** The brand's configured public origin (never taken from the Host header). */
  origin: string;
  /** A CSRF cookie value that was created for this request and must be set on the response. */
  newCsrfCookie: string | null;
  csrfCookie: string;
  /** The visitor's answer to the analytics-cookie question: true, false, or null when not asked yet. */
  analyticsConsent: boolean | null;
};

export const requestContext = createContext<RequestInfo>();
export const sessionContext = createContext<SessionState>();

export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestContext);
}
export function sessionState(context: Readonly<RouterContextProvider>): SessionState {
  return context.get(sessionContext);
}
