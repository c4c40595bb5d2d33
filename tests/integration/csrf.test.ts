import { describe, expect, it } from "vitest";
import { sessionContext } from "~/.server/context";
import { CSRF_COOKIE, csrfTokenFor, isValidCsrf, newCsrfCookieValue, readCsrfCookie } from "~/.server/csrf";
import { sessionMiddleware } from "~/.server/middleware";
import { SESSION_COOKIE } from "~/.server/session";
import {
  cookiePair,
  login,
  makeContext,
  makeRequest,
  ORIGIN,
  runMiddleware,
  sessionOf,
  useTestDatabase,
} from "./test-db";

const t = useTestDatabase();

async function sessionState(setCookie: string) {
  const state = await sessionOf(setCookie);
  if (state.status !== "valid") throw new Error("expected a valid session");
  return state;
}

const cookie = newCsrfCookieValue();
const token = csrfTokenFor(cookie);
const csrfCookie = `${CSRF_COOKIE()}=${cookie}`;

/** A POST that carries the browser's CSRF cookie, with the token wherever the test puts it. */
function post(
  options: {
    path?: string;
    form?: Record<string, string>;
    headers?: Record<string, string>;
    cookie?: string | null;
  } = {},
) {
  return makeRequest(options.path ?? "/fi/rekisterointi", {
    method: "POST",
    cookie: options.cookie === null ? undefined : (options.cookie ?? csrfCookie),
    form: options.form ?? { streetAddress: "Katu 1" },
    headers: options.headers,
  });
}

describe("isValidCsrf", () => {
  it("accepts the token in the form", async () => {
    const request = post({ form: { csrfToken: token, streetAddress: "Katu 1" } });
    expect(await isValidCsrf(request, readCsrfCookie(request))).toBe(true);
    // The body is read from a clone: the action can still read the form.
    expect((await request.formData()).get("streetAddress")).toBe("Katu 1");
  });

  it("accepts the token in a multipart form", async () => {
    const form = new FormData();
    form.set("csrfToken", token);
    const request = new Request("http://localhost:3000/fi/rekisterointi", {
      method: "POST",
      headers: { Cookie: csrfCookie },
      body: form,
    });
    expect(request.headers.get("Content-Type")).toMatch(/^multipart\/form-data/);
    expect(await isValidCsrf(request, readCsrfCookie(request))).toBe(true);
  });

  it("accepts the token as the csrfToken query parameter", async () => {
    const request = post({ path: `/api/logout?csrfToken=${encodeURIComponent(token)}`, form: {} });
    expect(await isValidCsrf(request, readCsrfCookie(request))).toBe(true);
  });

  it("accepts the token in the X-CSRF-Token header", async () => {
    const request = makeRequest("/api/session", {
      method: "POST",
      cookie: csrfCookie,
      headers: { "X-CSRF-Token": token },
    });
    expect(await isValidCsrf(request, readCsrfCookie(request))).toBe(true);
  });

  it("rejects a request without a token", async () => {
    const request = post();
    expect(await isValidCsrf(request, readCsrfCookie(request))).toBe(false);
    const noBody = makeRequest("/api/session", { method: "POST", cookie: csrfCookie });
    expect(await isValidCsrf(noBody, readCsrfCookie(noBody))).toBe(false);
  });

  it("rejects a token made for another cookie", async () => {
    const other = csrfTokenFor(newCsrfCookieValue());
    for (const request of [
      post({ form: { csrfToken: other } }),
      post({ path: `/api/logout?csrfToken=${encodeURIComponent(other)}` }),
      makeRequest("/api/session", { method: "POST", cookie: csrfCookie, headers: { "X-CSRF-Token": other } }),
    ]) {
      expect(await isValidCsrf(request, readCsrfCookie(request))).toBe(false);
    }
  });

  it("rejects a forged or truncated token", async () => {
    for (const forged of [
      cookie,
      token.slice(0, -1),
      `${token}x`,
      token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase(),
    ]) {
      const request = post({ form: { csrfToken: forged } });
      expect(await isValidCsrf(request, readCsrfCookie(request))).toBe(false);
    }
  });

  it("rejects a valid token when the cookie is missing", async () => {
    const request = post({ cookie: null, form: { csrfToken: token } });
    expect(readCsrfCookie(request)).toBeNull();
    expect(await isValidCsrf(request, readCsrfCookie(request))).toBe(false);
  });
});

describe("the root session middleware", () => {
  async function throughMiddleware(request: Request) {
    const context = await makeContext(request, { session: false });
    try {
      const result = await runMiddleware(sessionMiddleware, request, context);
      return { ...result, context, thrown: null };
    } catch (thrown) {
      return { response: undefined, nextCalled: false, context, thrown };
    }
  }

  function statusOf(thrown: unknown): number | undefined {
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: { status?: number } } | null)?.init?.status;
  }

  it("refuses a POST without a token with 403 before anything runs", async () => {
    const { thrown, nextCalled } = await throughMiddleware(post());
    expect(statusOf(thrown)).toBe(403);
    expect((thrown as { data?: unknown }).data).toEqual({ reason: "csrf" });
    expect(nextCalled).toBe(false);
  });

  it("refuses a POST whose token belongs to another browser", async () => {
    const { thrown, nextCalled } = await throughMiddleware(
      post({ form: { csrfToken: csrfTokenFor(newCsrfCookieValue()) } }),
    );
    expect(statusOf(thrown)).toBe(403);
    expect(nextCalled).toBe(false);
  });

  it("refuses a POST without the CSRF cookie even with a well-formed token", async () => {
    const { thrown } = await throughMiddleware(post({ cookie: null, form: { csrfToken: token } }));
    expect(statusOf(thrown)).toBe(403);
  });

  it("passes a POST with the token bound to its session and loads the session", async () => {
    const patient = t.person("patient");
    const session = await login(patient);
    const bound = csrfTokenFor(cookie, (await sessionState(session)).idHash);
    const request = post({
      cookie: `${csrfCookie}; ${cookiePair(session)}`,
      form: { csrfToken: bound },
      headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
    });
    const { thrown, nextCalled, response, context } = await throughMiddleware(request);
    expect(thrown).toBeNull();
    expect(nextCalled).toBe(true);
    expect(response?.status).toBe(200);
    const state = context.get(sessionContext);
    expect(state.status).toBe("valid");
    expect(state.status === "valid" && state.user?.id).toBe(patient.id);
  });

  it("refuses, once logged in, a token not bound to that session (a cookie planted from a sibling subdomain)", async () => {
    const patient = t.person("patient");
    const session = await login(patient);
    const other = await login(t.person("guardian"));
    for (const stale of [token, csrfTokenFor(cookie, (await sessionState(other)).idHash)]) {
      const { thrown, nextCalled } = await throughMiddleware(
        post({ cookie: `${csrfCookie}; ${cookiePair(session)}`, form: { csrfToken: stale } }),
      );
      expect(statusOf(thrown)).toBe(403);
      expect(nextCalled).toBe(false);
    }
  });

  it("refuses a valid token sent from another origin or site", async () => {
    const foreign: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
    ];
    for (const headers of foreign) {
      const api = makeRequest(`/api/logout?csrfToken=${encodeURIComponent(token)}`, {
        method: "POST",
        cookie: csrfCookie,
        headers,
      });
      const { thrown, nextCalled } = await throughMiddleware(api);
      expect(statusOf(thrown), JSON.stringify(headers)).toBe(403);
      expect(nextCalled).toBe(false);
    }
    const same = await throughMiddleware(
      makeRequest(`/api/logout?csrfToken=${encodeURIComponent(token)}`, {
        method: "POST",
        cookie: csrfCookie,
        headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
      }),
    );
    expect(same.thrown).toBeNull();
    expect(same.nextCalled).toBe(true);
  });

  it("lets a GET through without a token and hands out a CSRF cookie to a new browser", async () => {
    const { thrown, nextCalled, response } = await throughMiddleware(makeRequest("/fi"));
    expect(thrown).toBeNull();
    expect(nextCalled).toBe(true);
    const setCookie = response!.headers.get("Set-Cookie") ?? "";
    expect(setCookie.startsWith(`${CSRF_COOKIE()}=`)).toBe(true);
    expect(setCookie).not.toContain(SESSION_COOKIE() + "=");
  });

  it("does not replace an existing CSRF cookie", async () => {
    const { response } = await throughMiddleware(makeRequest("/fi", { cookie: csrfCookie }));
    expect(response!.headers.get("Set-Cookie")).toBeNull();
  });
});
