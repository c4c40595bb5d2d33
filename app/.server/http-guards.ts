import type { RequestHandler } from "express";
import { DEFAULT_LANG, isLang } from "~/lib/lang";
import { httpShed } from "./metrics";

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS", "DELETE"]);

/**
 * A request whose body has a limit of its own: a method and the exact paths it applies to. Over the limit, a page's
 * form (`page`) is answered by the app's error view in the page's language (`answerUnread`), not as bare text.
 */
export type LargerBody = {
  method: string;
  path: (path: string) => boolean;
  /** The limit, or the limit of the matched path. */
  maxBytes: number | ((path: string) => number);
  page?: boolean;
};

/**
 * The body of a messaging GraphQL call (`POST /api/customer-messaging`): JSON with a message (at most 10,000
 * characters) or a questionnaire's answers (at most 100 kB, sent as a string inside the JSON, so its quotes are
 * escaped again): 256 kB holds the largest real call with room to spare.
 */
export const GRAPHQL_MAX_BODY_BYTES = 256 * 1024;

/**
 * Answers 413 before reading a body over `maxBytes`, and 411 for a body of unknown length: browsers send the
 * length of every form and fetch body, and Node's parser never lets a body run past its declared length, so no
 * request can make the app read more than `maxBytes`. Uploads and the messaging calls get limits of their own
 * (`larger`), only for their method and paths; the same 413 and 411 apply there.
 */
export function limitBody(maxBytes: number, larger: readonly LargerBody[] = []): RequestHandler {
  return (req, res, next) => {
    const length = req.headers["content-length"];
    if (length === undefined) {
      if (req.headers["transfer-encoding"] && !BODYLESS.has(req.method))
        return refuse(res, 411, "A request body needs a Content-Length.");
      return next();
    }
    if (!/^\d+$/.test(length)) return refuse(res, 400, "Bad Content-Length.");
    // The first entry that matches decides, so a narrower path is listed before a wider one.
    const own = larger.find((l) => l.method === req.method && l.path(req.path));
    const limit = !own ? maxBytes : typeof own.maxBytes === "function" ? own.maxBytes(req.path) : own.maxBytes;
    if (Number(length) > limit) {
      if (!own?.page) return refuse(res, 413, `The request is too large (at most ${Math.floor(limit / 1024)} KB).`);
      answerUnread(req, res, 413);
    }
    next();
  };
}

function refuse(res: Parameters<RequestHandler>[1], status: number, text: string) {
  // The unread body is not drained: close the connection instead of reading it.
  res.setHeader("Connection", "close");
  res.status(status).type("text/plain").send(text);
}

/**
 * Bounds the requests one process serves at once. Beyond `max`, answers 503 with `Retry-After` at once, so the
 * requests that got in are served fast instead of everyone queueing behind a saturated event loop and database.
 */
export function shedLoad(max: number, retryAfterSeconds = 2): RequestHandler & { inFlight(): number } {
  let inFlight = 0;
  const handler: RequestHandler = (req, res, next) => {
    if (inFlight >= max) {
      httpShed.inc();
      res.setHeader("Retry-After", String(retryAfterSeconds));
      res.setHeader("Cache-Control", "no-store");
      res
        .status(503)
        .type("html")
        .send(
          '<!doctype html><html lang="fi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Palvelu on ruuhkautunut · Tjänsten är överbelastad · Service busy</title></head><body><main><h1>Palvelu on juuri nyt ruuhkautunut</h1><p>Yritä hetken kuluttua uudelleen.</p><p lang="sv">Tjänsten är överbelastad just nu. Försök igen om en stund.</p><p lang="en">The service is busy right now. Please try again in a moment.</p></main></body></html>',
        );
      return;
    }
    inFlight++;
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      inFlight--;
    };
    res.once("finish", release);
    res.once("close", release);
    next();
  };
  return Object.assign(handler, { inFlight: () => inFlight });
}

/**
 * A path no page can have: bad percent-encoding (`%ZZ`, a lone `%`), bytes that are not UTF-8 (overlong forms like
 * `%C0%AF`, surrogates like `%ED%A0%80`: `decodeURIComponent` refuses both) or a NUL.
 */
export function isMalformedPath(path: string): boolean {
  try {
    return decodeURIComponent(path).includes("\u0000");
  } catch {
    return true;
  }
}

/** The last segment a malformed path is answered on: React Router's catch-all route, never a page of the table. */
export const MALFORMED_PATH_SEGMENT = "-";

/**
 * Turns a malformed path into the catch-all route of its language (the first segment, else Finnish) and marks the
 * request, so the app's error view answers 400 in that language. Runs before anything that decodes paths: Express
 * refuses to decode such a parameter with an error, which would otherwise become a reported 500.
 */
export function malformedPaths(): RequestHandler {
  return (req, res, next) => {
    if (!isMalformedPath(req.path)) return next();
    const first = req.path.split("/")[1];
    res.locals.malformedPath = true;
    // React Router reads `originalUrl`; the query goes too (its language does not count, the path's does).
    req.url = req.originalUrl = `/${isLang(first) ? first : DEFAULT_LANG}/${MALFORMED_PATH_SEGMENT}`;
    next();
  };
}

/**
 * Hands a page's post whose body is refused unread (413 too large, 400 not a form) to the app as a GET of the
 * catch-all route of the path's language (as `malformedPaths` does), marked with the status: the app answers with
 * its error view in that language, no action runs and nothing reads the body, which is not drained either: the
 * connection closes after the answer.
 */
export function answerUnread(
  req: Parameters<RequestHandler>[0],
  res: Parameters<RequestHandler>[1],
  status: 400 | 413,
) {
  const first = req.path.split("/")[1];
  res.locals.refusedBody = status;
  res.setHeader("Connection", "close");
  req.method = "GET";
  req.url = req.originalUrl = `/${isLang(first) ? first : DEFAULT_LANG}/${MALFORMED_PATH_SEGMENT}`;
}

/** In production no development path answers: `/dev/*` is 404 whatever else is mounted. */
export function noDevelopmentPaths(): RequestHandler {
  return (req, res, next) => {
    let path = req.path;
    try {
      path = decodeURIComponent(path);
    } catch {
      // An undecodable path is matched as it is.
    }
    // Routing ignores case (and React Router decodes), so the guard does too.
    path = path.toLowerCase().replace(/\/{2,}/g, "/");
    if (path === "/dev" || path.startsWith("/dev/")) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    next();
  };
}

/**
 * The key a client's per-address limits count under: the IPv4 address, or the /64 network of an IPv6 address
 * (one subscriber gets a whole /64, so counting single IPv6 addresses would hand out fresh tries for free).
 */
export function clientAddressKey(address: string | undefined): string {
  if (!address) return "unknown";
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (v4) return v4[1];
  if (!address.includes(":")) return address;
  const [head, tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
