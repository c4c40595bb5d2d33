import { createContext, type RouterContextProvider } from "react-router";
import type { Brand, Environment } from "#brands/index";
import type { SessionState } from "./session";
import type { UploadFormBody } from "./form-body";
import { readAnalyticsConsent, readAuthSuccess, readConsentSaved } from "./analytics-consent";
import { readSessionScope, type SessionScope } from "./session-scope";

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
  /** The in-app booking scope of this browser session (query or cookie; app/.server/session-scope.ts). */
  sessionScope: SessionScope | null;
  /** The query started the scope on this request: the response sets its cookie. */
  startsSessionScope: boolean;
  /** One-time analytics markers (app/.server/analytics-consent.ts): consent just saved, a login's type. */
  analyticsMarkers: { consentSaved: boolean; loginType: string | null };
  /** The path could not be decoded (http-guards.ts `malformedPaths`): the request is answered with 400. */
  malformedPath?: boolean;
  /**
   * A page's post refused before React Router (http-guards.ts `answerUnread`): a body over its cap (413) or a form
   * that takes files whose body is not a form (400). The request reaches the catch-all route, answered so.
   */
  refusedBody?: 400 | 413;
  /** A form that takes files, as read within its limits before React Router (form-body.ts `readUploadForms`). */
  uploadForm?: UploadFormBody;
};

/** The request-info fields read from the request itself: its cookies and its query string. */
export function requestCookieInfo(
  cookieHeader: string | null,
  query: URLSearchParams,
): Pick<RequestInfo, "analyticsConsent" | "sessionScope" | "startsSessionScope" | "analyticsMarkers"> {
  const scope = readSessionScope(cookieHeader, query);
  return {
    analyticsConsent: readAnalyticsConsent(cookieHeader),
    sessionScope: scope.scope,
    startsSessionScope: scope.start,
    analyticsMarkers: { consentSaved: readConsentSaved(cookieHeader), loginType: readAuthSuccess(cookieHeader) },
  };
}

export const requestContext = createContext<RequestInfo>();
export const sessionContext = createContext<SessionState>();

export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestContext);
}
export function sessionState(context: Readonly<RouterContextProvider>): SessionState {
  return context.get(sessionContext);
}
