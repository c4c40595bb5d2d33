/**
 * Integration-test support: a real, migrated and seeded database per test file, and the request context
 * that the root middleware would build (request info, i18n locale, session).
 *
 * - Without DATABASE_URL: PGlite in memory.
 * - With DATABASE_URL: a fresh PostgreSQL database `t_<random>` on that server, dropped afterwards.
 *   (A schema per file is not enough: the generated migration names `"public"."people"` in its foreign
 *   keys, so it cannot be applied inside another schema.)
 *
 * Test files run in parallel processes, each with its own database; the process-wide clock is fixed.
 */
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { and, eq, gt, inArray, isNull, type SQL } from "drizzle-orm";
import { RouterContextProvider, type MiddlewareFunction } from "react-router";
import { brands, type BrandId } from "#brands/index";
import { setNow } from "~/.server/clock";
import { requestContext, requestCookieInfo, sessionContext } from "~/.server/context";
import { csrfTokenFor, newCsrfCookieValue, readCsrfCookie } from "~/.server/csrf";
import { db, openDatabase, setDatabase, type Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { demoPeople } from "~/.server/db/seed/demo-people";
import { seed } from "~/.server/db/seed/seed";
import { i18nextMiddleware } from "~/.server/i18n";
import { createSession, hashId, readSession, type Person, type SessionState } from "~/.server/session";
import { LocalFileStorage, setStorage } from "~/.server/storage";
import { helsinkiDateParts } from "~/lib/format";

import { FIXED_NOW } from "./fixed-now";
import { adminQuery } from "./seeded-template";

export { FIXED_NOW };
export const ORIGIN = "http://localhost:3000";

export type DemoKey = keyof ReturnType<typeof demoPeople>;

/** The demo people as the seed creates them for FIXED_NOW. */
export const DEMO = demoPeople(helsinkiDateParts(FIXED_NOW).year);

type Handle = Awaited<ReturnType<typeof openDatabase>>;

export type TestDatabase = {
  readonly db: Database;
  readonly kind: "pglite" | "postgres";
  /** The connection string of this file's PostgreSQL database (null on PGlite). */
  readonly url: string | null;
  /** A seeded demo person, read from the database. */
  person(key: DemoKey): Person;
  /** The folder of this file's file storage (the development storage, in a temporary folder). */
  readonly uploadsDir: string;
};

/**
 * Opens, migrates and seeds a database in `beforeAll` and closes it in `afterAll`, installs it as the
 * process-wide database and fixes the clock at FIXED_NOW (reset after every test).
 */
export function useTestDatabase(options: { seed?: boolean } = {}): TestDatabase {
  let handle: Handle | null = null;
  let drop: (() => Promise<void>) | null = null;
  let databaseUrl: string | null = null;
  const persons = new Map<DemoKey, Person>();
  // Uploaded files (and the seed's) go to a folder of this test file's own, never to ./data.
  const uploadsDir = mkdtempSync(path.join(tmpdir(), "portal-uploads-"));

  beforeAll(async () => {
    setNow(FIXED_NOW);
    setStorage(new LocalFileStorage(uploadsDir));
    const url = process.env.DATABASE_URL;
    // A seeded database starts as a copy of the one the global setup seeded (seeded-template.ts).
    const template = options.seed !== false ? inject("seededTemplate") : null;
    if (template && existsSync(template.uploadsDir)) cpSync(template.uploadsDir, uploadsDir, { recursive: true });
    if (url) {
      const name = `t_${randomBytes(6).toString("hex")}`;
      const from = template?.kind === "postgres" ? ` TEMPLATE "${template.database}"` : "";
      await adminQuery(url, `CREATE DATABASE "${name}"${from}`);
      drop = () => adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      databaseUrl = target.toString();
      handle = await openDatabase({ databaseUrl });
    } else if (template?.kind === "pglite") {
      handle = await openDatabase({ dataDir: "memory://", loadDataDir: new Blob([readFileSync(template.dump)]) });
    } else {
      handle = await openDatabase({ dataDir: "memory://" });
    }
    if (!template) await handle.migrate();
    if (options.seed !== false) {
      if (!template) await seed(handle.db, FIXED_NOW);
      const codes = Object.values(DEMO).map((p) => p.identityCode);
      const rows = await handle.db.select().from(s.people).where(inArray(s.people.identityCode, codes));
      for (const [key, p] of Object.entries(DEMO) as [DemoKey, (typeof DEMO)[DemoKey]][]) {
        const row = rows.find((r) => r.identityCode === p.identityCode);
        if (row) persons.set(key, row);
      }
    }
    setDatabase(handle);
  });

  afterEach(() => {
    setNow(FIXED_NOW);
  });

  afterAll(async () => {
    setDatabase(null);
    setNow(null);
    setStorage(null);
    await handle?.close();
    await drop?.();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  return {
    get db() {
      if (!handle) throw new Error("test database is not open yet");
      return handle.db;
    },
    get url() {
      return databaseUrl;
    },
    uploadsDir,
    get kind() {
      if (!handle) throw new Error("test database is not open yet");
      return handle.kind;
    },
    person(key) {
      const p = persons.get(key);
      if (!p) throw new Error(`demo person ${key} is not seeded`);
      return p;
    },
  };
}

// --- clock -----------------------------------------------------------------------------------------

/** Moves the fixed clock to FIXED_NOW + `seconds` (the clock is reset after every test). */
export function clockAt(seconds: number): Date {
  const t = new Date(FIXED_NOW.getTime() + seconds * 1000);
  setNow(t);
  return t;
}

// --- requests and sessions -----------------------------------------------------------------------

/** The `name=value` part of a Set-Cookie header. */
export function cookiePair(setCookie: string): string {
  return setCookie.split(";")[0]!;
}

/** The value of a Set-Cookie header. */
export function cookieValue(setCookie: string): string {
  const pair = cookiePair(setCookie);
  return pair.slice(pair.indexOf("=") + 1);
}

/** A Cookie request header from Set-Cookie headers. */
export function cookieHeader(...setCookies: (string | null | undefined)[]): string {
  return setCookies
    .filter((c): c is string => !!c)
    .map(cookiePair)
    .join("; ");
}

export function makeRequest(
  path: string,
  init: { method?: string; cookie?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Request {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  const body = init.form ? new URLSearchParams(init.form) : undefined;
  if (body) headers.set("Content-Type", "application/x-www-form-urlencoded");
  return new Request(new URL(path, ORIGIN), { method: init.method ?? (body ? "POST" : "GET"), headers, body });
}

/** Logs a person in (a new session, as the identification callback does) and returns the Set-Cookie header. */
export function login(user: Person, actingPerson: Person = user): Promise<string> {
  return createSession({ userId: user.id, actingPersonId: actingPerson.id, acr: "urn:ftn:nordea" });
}

/** The session of a Set-Cookie header, read without refreshing it. */
export async function sessionOf(setCookie: string, touch: boolean | "force" = false): Promise<SessionState> {
  return readSession(makeRequest("/fi", { cookie: cookiePair(setCookie) }), { touch });
}

export async function sessionRow(idHash: string) {
  const [row] = await db().select().from(s.sessions).where(eq(s.sessions.idHash, idHash));
  return row;
}

/**
 * The context the root middleware chain would hand a loader or action: request info (as Express's
 * getLoadContext builds it), the remix-i18next locale and instance, and the session.
 * Set `session: false` to leave the session out (e.g. to run the real session middleware on it).
 */
export async function makeContext(
  request: Request,
  options: { brand?: BrandId; session?: boolean; touch?: boolean | "force" } = {},
): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  const existing = readCsrfCookie(request);
  const fresh = existing ? null : newCsrfCookieValue();
  const brand = brands[options.brand ?? "main"];
  context.set(requestContext, {
    nonce: "test-nonce",
    brand,
    environment: "development",
    clientIp: "127.0.0.1",
    origin: ORIGIN,
    newCsrfCookie: fresh,
    csrfCookie: existing ?? fresh!,
    ...requestCookieInfo(request.headers.get("Cookie"), new URL(request.url).searchParams),
    analyticsConsent: null,
  });
  await runMiddleware(i18nextMiddleware, request, context);
  if (options.session !== false)
    context.set(sessionContext, await readSession(request, { touch: options.touch ?? true }));
  return context;
}

/** Runs one middleware with a `next` that answers `response` (200 "ok" by default); returns what it returned. */
export async function runMiddleware(
  middleware: MiddlewareFunction<Response>,
  request: Request,
  context: RouterContextProvider,
  response: () => Response = () => new Response("ok"),
): Promise<{ response: Response | undefined; nextCalled: boolean }> {
  let nextCalled = false;
  const result = await middleware(
    { request, context, params: {} } as unknown as Parameters<typeof middleware>[0],
    async () => {
      nextCalled = true;
      return response();
    },
  );
  return { response: (result ?? undefined) as Response | undefined, nextCalled };
}

/** Loader/action arguments for a route module. */
export function routeArgs<A>(request: Request, context: RouterContextProvider): A {
  return { request, context, params: {} } as unknown as A;
}

/** Runs a loader or action that is expected to throw a Response (a redirect); returns that Response. */
export async function thrownResponse(run: () => unknown): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response, but the call returned");
}

/** The CSRF token a page would carry for this browser cookie, bound to the session of `sessionCookie` (a `name=value` pair). */
export function boundCsrfToken(csrfCookieValue: string, sessionCookie?: string | null): string {
  const id = sessionCookie ? sessionCookie.slice(sessionCookie.indexOf("=") + 1) : null;
  return csrfTokenFor(csrfCookieValue, id ? hashId(id) : null);
}

/** The first slot nobody holds, starting more than three days after FIXED_NOW, that also meets `condition`. */
export async function freeSlotId(condition?: SQL): Promise<number> {
  const [slot] = await db()
    .select({ id: s.appointments.id })
    .from(s.appointments)
    .leftJoin(
      s.reservations,
      and(eq(s.reservations.appointmentId, s.appointments.id), eq(s.reservations.status, "active")),
    )
    .where(
      and(
        isNull(s.reservations.id),
        gt(s.appointments.startsAt, new Date(FIXED_NOW.getTime() + 3 * 86_400_000)),
        condition,
      ),
    )
    .orderBy(s.appointments.startsAt)
    .limit(1);
  return slot.id;
}
