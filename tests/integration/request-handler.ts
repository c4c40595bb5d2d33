/**
 * The app's real React Router request handler, in the test process: the routes of `app/routes.ts` (the route
 * table's pages and the fixed /api paths), the root module with its middleware, and `entry.server.tsx`,
 * assembled into a server build the way `react-router build` does. Requests go through routing, the root
 * middleware (CSRF, session, flash), loaders, actions, error boundaries and HTML rendering — everything but
 * Express, whose `getLoadContext` (app/.server/app.ts) is mirrored here. The database is the test database
 * of `useTestDatabase`, because the modules are the test's own.
 */
import {
  createRequestHandler,
  RouterContextProvider,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  type ServerBuild,
} from "react-router";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brandForHost } from "#brands/index";
import { requestContext, requestCookieInfo } from "~/.server/context";
import { newCsrfCookieValue, readCsrfCookieHeader } from "~/.server/csrf";
import { env } from "~/.server/env";
import { bodyLimits } from "~/.server/body-limits";
import { readUploadForms } from "~/.server/form-body";
import { malformedPaths } from "~/.server/http-guards";
import { serveRequests } from "~/.server/portal-handler";
import * as entry from "~/entry.server";
import { CSRF_COOKIE } from "~/.server/csrf";
import { ORIGIN, boundCsrfToken, cookiePair } from "./test-db";
import * as root from "~/root";
import routeConfig from "~/routes";

type RouteModule = Record<string, unknown>;
type ConfigEntry = {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  file: string;
  children?: ConfigEntry[];
};

const modules = import.meta.glob<RouteModule>(["/app/routes/**/*.{ts,tsx}", "!/app/routes/**/*.test.{ts,tsx}"], {
  eager: true,
});

/** A route of the app as the handler sees it. */
export type AppRoute = {
  id: string;
  /** The path pattern without the leading slash, e.g. `api/appointments/:id` or `fi/ajanvaraukset/:ids`. */
  path: string;
  file: string;
  module: RouteModule;
  hasLoader: boolean;
  hasAction: boolean;
  /** A page (has a component) rather than a resource route. */
  isPage: boolean;
};

function flatten(entries: readonly ConfigEntry[]): ConfigEntry[] {
  return entries.flatMap((e) => [e, ...flatten(e.children ?? [])]);
}

/** Every route of `app/routes.ts`, with its module. */
export const appRoutes: AppRoute[] = flatten(routeConfig as readonly ConfigEntry[]).map((e) => {
  const module = modules[`/app/${e.file}`];
  if (!module) throw new Error(`route module app/${e.file} not found`);
  return {
    // React Router's default id is the file path without its extension.
    id: e.id ?? e.file.replace(/\.[jt]sx?$/, ""),
    path: e.index ? "" : (e.path ?? ""),
    file: e.file,
    module,
    hasLoader: typeof module.loader === "function",
    hasAction: typeof module.action === "function",
    isPage: typeof module.default === "function",
  };
});

/** What the framework's compiler does to a route module: components get their route's data as props. */
function compiled(module: RouteModule): never {
  const out: RouteModule = { ...module };
  if (typeof module.default === "function") out.default = UNSAFE_withComponentProps(module.default as never);
  if (typeof module.ErrorBoundary === "function")
    out.ErrorBoundary = UNSAFE_withErrorBoundaryProps(module.ErrorBoundary as never);
  return out as never;
}

const NO_CLIENT_MODULES = {
  clientActionModule: undefined,
  clientLoaderModule: undefined,
  clientMiddlewareModule: undefined,
  hydrateFallbackModule: undefined,
};

function buildServer(): ServerBuild {
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: compiled(root) },
  };
  const assetRoutes: ServerBuild["assets"]["routes"] = {
    root: {
      id: "root",
      path: "",
      module: "/app/root.js",
      hasAction: false,
      hasLoader: true,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: true,
      ...NO_CLIENT_MODULES,
    },
  };
  for (const r of appRoutes) {
    const index = r.path === "" && r.file === "routes/index.tsx";
    routes[r.id] = {
      id: r.id,
      parentId: "root",
      path: index ? undefined : r.path,
      index: index || undefined,
      module: compiled(r.module),
    };
    assetRoutes[r.id] = {
      id: r.id,
      parentId: "root",
      path: index ? undefined : r.path,
      index: index || undefined,
      module: `/app/${r.file}.js`,
      hasAction: r.hasAction,
      hasLoader: r.hasLoader,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: typeof r.module.ErrorBoundary === "function",
      ...NO_CLIENT_MODULES,
    };
  }
  return {
    entry: { module: entry as never },
    routes,
    assets: {
      entry: { module: "/app/entry.client.js", imports: [] },
      routes: assetRoutes,
      url: "/manifest-test.js",
      version: "test",
    } as ServerBuild["assets"],
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: true, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  };
}

let handler: ReturnType<typeof createRequestHandler> | null = null;
let serverBuildOnce: ServerBuild | null = null;

/**
 * The portal's Express pipeline (app/.server/app.ts) around the test process's build: the malformed-path guard, the
 * body limits and the reading of forms that take files, React Router with the app's load context, and the error handler. Only what decides how a path and a
 * body are read; the security headers and development providers are left out.
 */
function expressApp(): express.Express {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.nonce = "test-nonce";
    next();
  });
  app.use(malformedPaths());
  app.use(bodyLimits(env().maxBodyBytes));
  app.use(readUploadForms());
  serveRequests(app, (serverBuildOnce ??= buildServer()));
  return app;
}

let listening: Promise<number> | null = null;

export type RawAnswer = { status: number; contentType: string; text: string; headers: http.IncomingHttpHeaders };

/**
 * Sends a request through Express with its path exactly as written: no URL parser normalises `..`, `//` or percent
 * escapes on the way, as none does for an attacker's client.
 */
export async function sendRawPath(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Uint8Array } = {},
): Promise<RawAnswer> {
  listening ??= new Promise((resolve) => {
    const server = http.createServer(expressApp()).listen(0, "127.0.0.1", () => {
      server.unref();
      resolve((server.address() as AddressInfo).port);
    });
  });
  const port = await listening;
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method, path, headers: { Host: new URL(ORIGIN).host, ...options.headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers["content-type"] ?? ""),
            text: Buffer.concat(chunks).toString("utf8"),
            headers: response.headers,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/**
 * Handles a request as the server would. `clientIp` stands in for Express's `req.ip`. Like the server's
 * Express error handler, anything thrown past React Router becomes a 500.
 */
export async function handle(request: Request, options: { clientIp?: string } = {}): Promise<Response> {
  handler ??= createRequestHandler(buildServer(), "production");
  try {
    const cookie = request.headers.get("Cookie");
    const brand = brandForHost(new URL(request.url).host);
    const existing = readCsrfCookieHeader(cookie);
    const fresh = existing ? null : newCsrfCookieValue();
    const context = new RouterContextProvider();
    context.set(requestContext, {
      nonce: "test-nonce",
      brand,
      environment: "development",
      clientIp: options.clientIp ?? "127.0.0.1",
      origin: env().origins[brand.id],
      newCsrfCookie: fresh,
      csrfCookie: existing ?? fresh!,
      ...requestCookieInfo(cookie, new URL(request.url).searchParams),
    });
    return await handler(request, context);
  } catch (error) {
    return new Response(`Internal Server Error: ${error instanceof Error ? error.message : String(error)}`, {
      status: 500,
    });
  }
}

export type Sent = {
  status: number;
  location: string | null;
  setCookie: string;
  /** Each Set-Cookie header on its own. */
  setCookies: string[];
  headers: Headers;
  /** The answer's bytes (an image, a PDF), and as text. */
  body: Uint8Array;
  text: string;
  json: any;
};

export type SendOptions = {
  session?: string;
  /** Form fields (url-encoded), or a FormData (multipart, with files). */
  form?: Record<string, string> | FormData;
  json?: unknown;
  /** Raw bytes (an upload's PUT). */
  body?: Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** Leave the CSRF token out (it is sent unless a header gives one). */
  csrf?: boolean;
  host?: string;
};

/**
 * A request as the browser would send it through the handler: the CSRF cookie `csrfCookie` and its token bound to
 * the session, a form, JSON or raw body; the answer with its bytes, text and, when it is JSON, the parsed body.
 */
export async function sendAsBrowser(
  csrfCookie: string,
  method: string,
  path: string,
  options: SendOptions = {},
): Promise<Sent> {
  const session = options.session ? cookiePair(options.session) : null;
  const headers = new Headers({ Cookie: [`${CSRF_COOKIE()}=${csrfCookie}`, session].filter(Boolean).join("; ") });
  if (options.csrf !== false && !options.headers?.["X-CSRF-Token"])
    headers.set("X-CSRF-Token", boundCsrfToken(csrfCookie, session));
  for (const [k, v] of Object.entries(options.headers ?? {})) headers.set(k, v);
  let body: BodyInit | undefined;
  if (options.form instanceof FormData) body = options.form;
  else if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.body) {
    body = options.body;
    if (!headers.has("Content-Length")) headers.set("Content-Length", String(options.body.byteLength));
  }
  const url = new URL(path, options.host ? `http://${options.host}` : ORIGIN);
  const response = await handle(new Request(url, { method, headers, body }));
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a page, an image or a PDF
  }
  return {
    status: response.status,
    location: response.headers.get("Location"),
    setCookie: response.headers.get("Set-Cookie") ?? "",
    setCookies: response.headers.getSetCookie(),
    headers: response.headers,
    body: bytes,
    text,
    json,
  };
}
