import { createRequestHandler } from "@react-router/express";
import type express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { brandForHost } from "#brands/index";
import { requestContext, requestCookieInfo, type RequestInfo } from "./context";
import { newCsrfCookieValue, readCsrfCookieHeader } from "./csrf";
import { env } from "./env";
import { reportError } from "./error-reporting";
import { clientAddressKey } from "./http-guards";

/** What every loader and action gets from the Express request (context.ts `RequestInfo`). */
function loadContext(req: express.Request, res: express.Response): RouterContextProvider {
  const brand = brandForHost(req.headers.host);
  const existing = readCsrfCookieHeader(req.headers.cookie ?? null);
  const fresh = existing ? null : newCsrfCookieValue();
  const queryAt = req.originalUrl.indexOf("?");
  const query = new URLSearchParams(queryAt < 0 ? "" : req.originalUrl.slice(queryAt + 1));
  const context = new RouterContextProvider();
  context.set(requestContext, {
    nonce: res.locals.nonce,
    brand,
    environment: env().environment,
    clientIp: clientAddressKey(req.ip),
    origin: env().origins[brand.id],
    newCsrfCookie: fresh,
    csrfCookie: existing ?? fresh!,
    malformedPath: res.locals.malformedPath === true,
    refusedBody: res.locals.refusedBody as RequestInfo["refusedBody"],
    uploadForm: res.locals.uploadForm as RequestInfo["uploadForm"],
    ...requestCookieInfo(req.headers.cookie ?? null, query),
  });
  return context;
}

/**
 * Hands every request that got this far to React Router, and answers what is thrown past it: a client error that
 * Express or a middleware marked (a `status` of 4xx) as that status, anything else as a reported 500.
 */
export function serveRequests(app: express.Express, build: ServerBuild | (() => Promise<ServerBuild>)) {
  app.all(
    "*splat",
    createRequestHandler({
      build,
      mode: env().production ? "production" : "development",
      getLoadContext: loadContext,
    }),
  );
  app.use(((error, _req, res, _next) => {
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      res.status(status).type("text/plain").send("Bad Request");
      return;
    }
    reportError(error);
    res.status(500).type("text/plain").send("Internal Server Error");
  }) as express.ErrorRequestHandler);
}
