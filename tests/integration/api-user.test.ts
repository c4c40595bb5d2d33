// The user calls: POST /api/user (part 1 §7) beside PUT /api/user (part 2 §7), and POST /api/user/register (part 2 §7).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CSRF_COOKIE, csrfTokenFor } from "~/.server/csrf";
import * as s from "~/.server/db/schema";
import { sessionMiddleware } from "~/.server/middleware";
import { createSession, type Person } from "~/.server/session";
import { makeTestIdentityCode } from "~/lib/identity-code";
import { API_PATHS } from "~/route-table/api-paths";
import routes from "~/routes";
import * as apiUser from "~/routes/account/api-user";
import * as apiRegister from "~/routes/session/api-user-register";
import { ORIGIN, cookiePair, login, makeContext, runMiddleware, sessionOf, useTestDatabase } from "./test-db";

const t = useTestDatabase();

type Answer = { status: number; body: Record<string, any>; headers: Headers };

async function call(
  module: { action: (a: never) => unknown },
  path: string,
  method: string,
  body: unknown,
  cookie?: string,
): Promise<Answer> {
  const request = new Request(new URL(path, ORIGIN), {
    method,
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  const out = (await Promise.resolve(
    module.action({ request, context: await makeContext(request), params: {} } as never),
  ).catch((e) => e)) as { data: Record<string, any>; init?: { status?: number; headers?: HeadersInit } | null };
  return { status: out.init?.status ?? 200, body: out.data, headers: new Headers(out.init?.headers) };
}

/** What the route's method guard answers a request with `method`: 405 and its Allow header, or null when it lets it through. */
async function methodGuard(module: { middleware: readonly unknown[] }, path: string, method: string) {
  const request = new Request(new URL(path, ORIGIN), { method });
  const guard = module.middleware[0] as Parameters<typeof runMiddleware>[0];
  const result = await runMiddleware(guard, request, await makeContext(request, { session: false })).catch(
    (e) => e as { init?: { status?: number; headers?: HeadersInit } },
  );
  if ("nextCalled" in result) return null;
  return { status: result.init?.status, allow: new Headers(result.init?.headers).get("Allow") };
}

/** Runs the root middleware's CSRF check on a POST to `path` from a browser whose CSRF cookie is `abc`. */
async function csrfPasses(path: string, token: string | null) {
  const url = token === null ? path : `${path}?csrfToken=${encodeURIComponent(token)}`;
  const request = new Request(new URL(url, ORIGIN), {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: `${CSRF_COOKIE()}=abc` },
    body: "{}",
  });
  const result = await runMiddleware(sessionMiddleware, request, await makeContext(request, { session: false })).catch(
    (e) => e as { init?: { status?: number } },
  );
  return "nextCalled" in result ? result.nextCalled : result.init?.status;
}

const CONTACT = {
  streetAddress: "Mannerheimintie 1",
  postalCode: "00100",
  postOffice: "Helsinki",
  emailAddress: "sanna@example.com",
  phoneNumber: "0405556666",
};

describe("POST /api/user", () => {
  const person = () => t.person("newCustomer");
  const cookieOf = async (p: Person) => cookiePair(await login(p));

  it("saves the contact details through the same service as PUT, also with the contact form's zipCode", async () => {
    const saved = await call(
      apiUser,
      "/api/user?csrfToken=x",
      "POST",
      { ...CONTACT, postalCode: undefined, zipCode: "00120", emailAddress: "posted@example.com" },
      await cookieOf(person()),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      type: "success",
      patient: {
        email: "posted@example.com",
        phoneNumber: "+358405556666",
        postalAddress: { street: "Mannerheimintie 1", postalCode: "00120" },
      },
    });
    const [row] = await t.db.select().from(s.people).where(eq(s.people.id, person().id));
    expect(row).toMatchObject({ emailAddress: "posted@example.com", postalCode: "00120" });
    expect((await call(apiUser, "/api/user?csrfToken=x", "PUT", CONTACT, await cookieOf(person()))).body).toMatchObject(
      { type: "success", patient: { email: "sanna@example.com" } },
    );
  });

  it("answers the same validation error as PUT", async () => {
    const cookie = await cookieOf(person());
    const bad = { ...CONTACT, postalCode: "1", phoneNumber: "040 123 4567 8901" };
    const posted = await call(apiUser, "/api/user?csrfToken=x&lang=en", "POST", bad, cookie);
    const put = await call(apiUser, "/api/user?csrfToken=x&lang=en", "PUT", bad, cookie);
    expect(posted.status).toBe(400);
    expect(posted.body).toEqual(put.body);
    expect(posted.body.type).toBe("ValidationError");
    expect(posted.body.details.map((d: { path: string }) => d.path).sort()).toEqual(["phoneNumber", "postalCode"]);
    expect(
      posted.body.details.every((d: { message: unknown }) => typeof d.message === "string" && d.message.length > 0),
    ).toBe(true);
  });

  it("needs a session, and other methods answer 405", async () => {
    expect((await call(apiUser, "/api/user?csrfToken=x", "POST", CONTACT)).status).toBe(401);
    expect(await methodGuard(apiUser, "/api/user", "DELETE")).toEqual({ status: 405, allow: "PUT, POST" });
    expect(await methodGuard(apiUser, "/api/user", "POST")).toBeNull();
  });

  it("needs the CSRF token (the root middleware)", async () => {
    expect(await csrfPasses("/api/user", null)).toBe(403);
    expect(await csrfPasses("/api/user", csrfTokenFor("abc"))).toBe(true);
  });
});

describe("POST /api/user/register", () => {
  let n = 0;
  /** A session after strong identification of someone without a patient record. */
  async function pending(names = true) {
    const identityCode = makeTestIdentityCode({ year: 1990, month: 3, day: 10 + n }, 930 + n++);
    const session = await createSession({
      userId: null,
      actingPersonId: null,
      pendingIdentity: { identityCode, ...(names ? { firstName: "Rea", lastName: "Rekisteri" } : {}) },
      acr: "urn:ftn:op",
    });
    return { identityCode, session, cookie: cookiePair(session) };
  }

  it("is declared from the route table's API paths", () => {
    const declared = JSON.stringify(routes);
    expect(declared).toContain(`"path":"${API_PATHS.userRegister.slice(1)}"`);
  });

  it("creates the patient, logs the session in, and answers the next page with the flash", async () => {
    const p = await pending();
    const answer = await call(
      apiRegister,
      `${API_PATHS.userRegister}?csrfToken=x&lang=sv`,
      "POST",
      { ...CONTACT, next: "/sv/tidsbokningar" },
      p.cookie,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ type: "success", next: "/sv/tidsbokningar" });
    expect(answer.headers.get("Set-Cookie")).toContain("registration.saved");
    const [row] = await t.db.select().from(s.people).where(eq(s.people.identityCode, p.identityCode));
    expect(row).toMatchObject({
      firstName: "Rea",
      lastName: "Rekisteri",
      postalCode: "00100",
      phoneNumber: "+358405556666",
      language: "sv",
    });
    const session = await sessionOf(p.session);
    expect(session.status === "valid" ? session.user?.id : null).toBe(row.id);

    // Registered now: a second call has nothing to do.
    expect((await call(apiRegister, `${API_PATHS.userRegister}?csrfToken=x`, "POST", CONTACT, p.cookie)).body).toEqual({
      type: "alreadyRegistered",
    });
  });

  it("never sends the browser off the portal", async () => {
    const p = await pending();
    const answer = await call(
      apiRegister,
      `${API_PATHS.userRegister}?csrfToken=x&lang=fi`,
      "POST",
      { ...CONTACT, next: "https://evil.example/" },
      p.cookie,
    );
    expect(answer.body).toEqual({ type: "success", next: "/fi" });
  });

  it("answers 400 ValidationError with a detail per field (names when identification gave none), creating no one", async () => {
    const p = await pending(false);
    const answer = await call(
      apiRegister,
      `${API_PATHS.userRegister}?csrfToken=x&lang=en`,
      "POST",
      { ...CONTACT, postalCode: "123", firstName: "" },
      p.cookie,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.type).toBe("ValidationError");
    expect(answer.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      "firstName",
      "lastName",
      "postalCode",
    ]);
    expect(answer.body.details.find((d: { path: string }) => d.path === "postalCode").message).toMatch(/5/);
    expect(await t.db.select().from(s.people).where(eq(s.people.identityCode, p.identityCode))).toEqual([]);
    expect(
      (await call(apiRegister, `${API_PATHS.userRegister}?csrfToken=x&lang=de`, "POST", CONTACT, p.cookie)).status,
    ).toBe(400);
  });

  it("needs an identified session (401), and other methods answer 405", async () => {
    expect((await call(apiRegister, `${API_PATHS.userRegister}?csrfToken=x`, "POST", CONTACT)).status).toBe(401);
    expect(
      (
        await call(
          apiRegister,
          `${API_PATHS.userRegister}?csrfToken=x`,
          "POST",
          CONTACT,
          cookiePair(await login(t.person("patient"))),
        )
      ).status,
    ).toBe(409);
    expect(await methodGuard(apiRegister, API_PATHS.userRegister, "PUT")).toEqual({ status: 405, allow: "POST" });
  });

  it("needs the CSRF token (the root middleware)", async () => {
    expect(await csrfPasses(API_PATHS.userRegister, null)).toBe(403);
    expect(await csrfPasses(API_PATHS.userRegister, "forged")).toBe(403);
    expect(await csrfPasses(API_PATHS.userRegister, csrfTokenFor("abc"))).toBe(true);
  });
});
