import http from "node:http";
import { gunzipSync } from "node:zlib";

/**
 * A minimal HTTP client for the benchmark: plain fetch with manual redirects, a cookie jar for the single
 * host under test, and a byte-counting GET for transfer sizes. Only the local server is ever contacted:
 * `localhost` is rewritten to 127.0.0.1 and any other host is refused.
 */

export type Target = { port: number };

/** Resolves `location` against `base` and pins it to 127.0.0.1:<port>; throws for anything else. */
export function localUrl(target: Target, location: string, base?: string | URL): URL {
  const url = new URL(location, base ?? `http://127.0.0.1:${target.port}/`);
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  if (
    url.protocol !== "http:" ||
    !(url.hostname === "localhost" || url.hostname === "127.0.0.1") ||
    port !== target.port
  ) {
    throw new Error(`refusing to request ${url.href}: only http://127.0.0.1:${target.port} is a target`);
  }
  url.hostname = "127.0.0.1";
  return url;
}

type StoredCookie = { name: string; value: string; path: string; expires: number | null };

/** Cookies of the one host under test, with path matching and expiry; Domain and Secure are ignored. */
export class CookieJar {
  private cookies = new Map<string, StoredCookie>();

  store(setCookieHeaders: string[], requestUrl: URL) {
    for (const header of setCookieHeaders) {
      const [pair, ...attributes] = header.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      let path = defaultPath(requestUrl.pathname);
      let expires: number | null = null;
      let maxAgeSeen = false;
      for (const attribute of attributes) {
        const i = attribute.indexOf("=");
        const key = (i < 0 ? attribute : attribute.slice(0, i)).trim().toLowerCase();
        const val = i < 0 ? "" : attribute.slice(i + 1).trim();
        if (key === "path" && val.startsWith("/")) path = val;
        else if (key === "max-age" && /^-?\d+$/.test(val)) {
          maxAgeSeen = true;
          expires = Date.now() + Number(val) * 1000;
        } else if (key === "expires" && !maxAgeSeen) {
          const t = Date.parse(val);
          if (!Number.isNaN(t)) expires = t;
        }
      }
      const key = `${name}\u0000${path}`;
      if (expires !== null && expires <= Date.now()) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path, expires });
    }
  }

  /** The Cookie header for a request path (longer paths first, as browsers do), or "" when none apply. */
  header(pathname: string): string {
    const now = Date.now();
    return [...this.cookies.values()]
      .filter((c) => (c.expires === null || c.expires > now) && pathMatches(pathname, c.path))
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
  }

  names(): string[] {
    return [...new Set([...this.cookies.values()].map((c) => c.name))];
  }
}

function defaultPath(pathname: string): string {
  if (!pathname.startsWith("/")) return "/";
  const last = pathname.lastIndexOf("/");
  return last <= 0 ? "/" : pathname.slice(0, last);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith("/") || requestPath[cookiePath.length] === "/";
}

export type Fetched = { url: URL; status: number; headers: Headers; text: string };

/** A browser-like session: one cookie jar, manual redirects, every response body read as text. */
export class Session {
  readonly jar = new CookieJar();
  constructor(readonly target: Target) {}

  async request(
    location: string | URL,
    init: { method?: string; body?: string; contentType?: string; base?: string | URL } = {},
  ): Promise<Fetched> {
    const url = localUrl(this.target, String(location), init.base);
    const headers: Record<string, string> = {
      accept: "text/html,application/xhtml+xml,*/*;q=0.8",
      "accept-language": "fi",
    };
    const cookie = this.jar.header(url.pathname);
    if (cookie) headers.cookie = cookie;
    if (init.contentType) headers["content-type"] = init.contentType;
    const response = await fetch(url, {
      method: init.method ?? "GET",
      body: init.body,
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    this.jar.store(response.headers.getSetCookie(), url);
    return { url, status: response.status, headers: response.headers, text: await response.text() };
  }

  /** Requests and follows redirects (303 and 301/302 become GET, as browsers do); returns every hop. */
  async follow(
    location: string | URL,
    init: { method?: string; body?: string; contentType?: string; base?: string | URL } = {},
  ): Promise<Fetched[]> {
    const hops: Fetched[] = [];
    let next = await this.request(location, init);
    hops.push(next);
    for (let i = 0; i < 20 && next.status >= 300 && next.status < 400; i++) {
      const where = next.headers.get("location");
      if (!where) break;
      const keepMethod = next.status === 307 || next.status === 308;
      next = await this.request(localUrl(this.target, where, next.url), keepMethod ? init : {});
      hops.push(next);
    }
    if (next.status >= 300 && next.status < 400) throw new Error(`too many redirects from ${String(location)}`);
    return hops;
  }
}

export type Transfer = {
  url: string;
  status: number;
  contentType: string;
  encoding: string;
  wireBytes: number;
  body: Buffer;
};

/**
 * GETs a URL with `Accept-Encoding: gzip` through node:http (which, unlike fetch, does not decompress), counts
 * the body bytes as they arrive on the wire and returns the decoded body.
 */
export function transfer(target: Target, url: URL, cookie = ""): Promise<Transfer> {
  const pinned = localUrl(target, url.href);
  return new Promise((resolve, reject) => {
    const req = http.get(
      pinned,
      {
        headers: { accept: "*/*", "accept-encoding": "gzip", "accept-language": "fi", ...(cookie ? { cookie } : {}) },
        agent: false,
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const wire = Buffer.concat(chunks);
          const encoding = String(res.headers["content-encoding"] ?? "identity");
          let body: Buffer;
          try {
            body = encoding === "gzip" ? gunzipSync(wire) : wire;
          } catch (error) {
            reject(error);
            return;
          }
          resolve({
            url: pinned.href,
            status: res.statusCode ?? 0,
            contentType: String(res.headers["content-type"] ?? ""),
            encoding,
            wireBytes: wire.length,
            body,
          });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timeout: ${pinned.href}`)));
    req.on("error", reject);
  });
}
