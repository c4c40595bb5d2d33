import { createContext, data, type MiddlewareFunction } from "react-router";
import { AUTH_SUCCESS_COOKIE, CONSENT_SAVED_COOKIE, clearMarkerCookie } from "./analytics-consent";
import { requestInfo, sessionContext } from "./context";
import { csrfCookieHeader, isSameOriginRequest, isValidCsrf, readCsrfCookie } from "./csrf";
import { clearFlashCookie, readFlash, type Flash } from "./flash";
import { readSession, sessionBinding, touchSession } from "./session";
import { sessionScopeCookie } from "./session-scope";
import { routeIdForPath } from "~/route-table";
import { isBackgroundRequest } from "./background";

/** The flash of the request; the root loader marks it shown, and only then is the cookie cleared. */
export const flashContext = createContext<{ flash: Flash | null; shown: boolean }>({ flash: null, shown: false });

/**
 * The one-time analytics markers of the request; the root loader marks them read, and only then (on a page, not a
 * redirect) are their cookies cleared, as with the flash.
 */
export const analyticsMarkersContext = createContext<{ read: boolean }>({ read: false });

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Root middleware: loads the session once per request, checks the CSRF token of every non-GET request,
 * hands the flash message to the root loader and sets the cookies that the request earned.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const info = requestInfo(context);
  // A page that this brand does not have (brands/<brand>/brand.ts `hiddenPages`) does not exist here.
  const pageId = routeIdForPath(new URL(request.url).pathname);
  if (pageId && info.brand.hiddenPages.includes(pageId)) throw data(null, { status: 404 });
  // A form that takes files was read before React Router (form-body.ts): its token is in that reading.
  const upload = info.uploadForm;
  // The session is read first (without extending it) because the CSRF token is bound to it.
  const session = await readSession(request, { touch: false });
  if (!SAFE_METHODS.has(request.method)) {
    if (
      !isSameOriginRequest(request, info.origin) ||
      !(await isValidCsrf(request, readCsrfCookie(request), sessionBinding(session), upload?.form))
    ) {
      throw data({ reason: "csrf" }, { status: 403 });
    }
  }
  // Asking how long the session has left must not extend it, nor may a page's polling (an open conversation would
  // otherwise keep an unattended session alive); everything else counts as activity.
  const isSessionApi = new URL(request.url).pathname === "/api/session";
  const touch = isBackgroundRequest(request)
    ? false
    : !isSessionApi
      ? true
      : request.method === "POST"
        ? "force"
        : false;
  context.set(sessionContext, await touchSession(session, touch));
  const flash = { flash: readFlash(request), shown: false };
  context.set(flashContext, flash);
  const markers = { read: false };
  context.set(analyticsMarkersContext, markers);

  const response = await next();

  if (info.newCsrfCookie) response.headers.append("Set-Cookie", csrfCookieHeader(info.newCsrfCookie));
  // The mobile app's `?sessionScope=in-app-booking` lasts for the browser session (ended by logout).
  if (info.sessionScope && info.startsSessionScope)
    response.headers.append("Set-Cookie", sessionScopeCookie(info.sessionScope));
  // A flash survives redirects and is cleared once a page has shown it.
  // (A redirect is 3xx for documents, 202/204 for React Router's data requests.)
  const redirected =
    (response.status >= 300 && response.status < 400) || response.status === 202 || response.status === 204;
  if (flash.shown && !redirected) response.headers.append("Set-Cookie", clearFlashCookie());
  if (markers.read && !redirected) {
    if (info.analyticsMarkers.consentSaved)
      response.headers.append("Set-Cookie", clearMarkerCookie(CONSENT_SAVED_COOKIE));
    if (info.analyticsMarkers.loginType) response.headers.append("Set-Cookie", clearMarkerCookie(AUTH_SUCCESS_COOKIE));
  }
  return response;
};
