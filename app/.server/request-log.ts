import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { routeIdForPath } from "~/route-table";
import { API_PATHS } from "~/route-table/api-paths";
import { env } from "./env";
import { logger } from "./logger";
import { REQUEST_ID_HEADER, withRequestId } from "./request-id";
import { httpDuration, httpInFlight, httpRequests } from "./metrics";

/** An id a trusted proxy may give a request: letters, digits and a few separators, not too short nor long. */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

const API_ROUTES = new Set<string>(Object.values(API_PATHS));
/** Methods named in logs and metrics; any other is "OTHER", so a client cannot invent labels. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);

/**
 * What a request is called in its log line: the page's route id (`appointment`), a call's fixed path
 * (`/api/customer-messaging`), or its kind. Never the path as sent: paths carry door tokens, payment ids and the
 * like, and a log line must not.
 */
export function routeLabel(path: string): string {
  const page = routeIdForPath(path);
  if (page) return page;
  const trimmed = path.replace(/\/+$/, "") || "/";
  if (API_ROUTES.has(trimmed)) return trimmed;
  const area = /^\/(api|dev|texts|oauth|assets)\//.exec(path)?.[1];
  return area ? `${area}:other` : "other";
}

/**
 * One JSON line per request (method, route, status, milliseconds, request id), after its answer is sent. The id is
 * the trusted proxy's `X-Request-Id` when there is a trusted proxy and it looks like one, else a new one; the answer
 * carries it back.
 */
export function requestLog(options: { trustProxy?: boolean } = {}): RequestHandler {
  const trustProxy = options.trustProxy ?? env().trustProxy !== false;
  return (req, res, next) => {
    const sent = trustProxy ? req.get(REQUEST_ID_HEADER) : undefined;
    const requestId = sent && PROXY_REQUEST_ID.test(sent) ? sent : randomUUID();
    res.set(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    const route = routeLabel(req.path);
    const method = METHODS.has(req.method) ? req.method : "OTHER";
    httpInFlight.inc();
    res.once("close", () => httpInFlight.dec());
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      httpRequests.inc({ route, method, status: `${Math.floor(res.statusCode / 100)}xx` });
      httpDuration.observe({ route, method }, seconds);
      logger.info("request", {
        requestId,
        method,
        route,
        status: res.statusCode,
        ms: Math.round(seconds * 10_000) / 10,
      });
    });
    withRequestId(requestId, next);
  };
}
