/**
 * App nodes are stateless on PostgreSQL: two production servers on one database, a browser that logs in on the
 * first (the development identity provider's real OpenID Connect flow) and carries on on the second, a logout on
 * the first that ends the session on the second, and a rate limit that counts the hits of both.
 *
 * Runs in the PostgreSQL integration run (DATABASE_URL); it needs the production build, which CI has made by then
 * (`npm test` builds for the end-to-end tests) and which is made here when it is missing or older than the sources.
 */
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { doorToken } from "~/features/appointments/door.server";
import { demoPeople } from "~/.server/db/seed/demo-people";
import { findFreePort, startServer, type RunningServer } from "../bench/server";
import { ensureBuild } from "./production-build";

const DATABASE_URL = process.env.DATABASE_URL;
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Door check-ins one client may try in the window, for both servers together. */
const DOOR_LIMIT = 4;

if (!DATABASE_URL)
  console.log("scale-out: skipped — it needs PostgreSQL (set DATABASE_URL, as the PostgreSQL integration run does)");

// --- a browser ------------------------------------------------------------------------------------

/** A cookie jar shared by both servers, as a browser behind a load balancer has (cookies ignore the port). */
class Browser {
  cookies = new Map<string, string>();

  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const name = pair.slice(0, pair.indexOf("=")).trim();
      const value = pair.slice(pair.indexOf("=") + 1).trim();
      if (value === "" || attributes.some((a) => /max-age=0\b/i.test(a.trim()))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers = new Headers(init.headers);
    headers.set("Cookie", this.header());
    let body: string | undefined;
    if (init.form) {
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    const response = await fetch(url, {
      method: init.method ?? (body ? "POST" : "GET"),
      headers,
      body,
      redirect: "manual",
    });
    this.store(response);
    return response;
  }

  /** GETs a page, following redirects; the final URL and HTML. */
  async page(url: string, first?: Response): Promise<{ url: string; status: number; html: string }> {
    let response = first ?? (await this.request(url));
    for (let i = 0; i < 15 && response.status >= 300 && response.status < 400; i++) {
      url = new URL(response.headers.get("Location")!, url).href;
      response = await this.request(url);
    }
    return { url, status: response.status, html: await response.text() };
  }
}

const unescape = (s: string) => s.replace(/&amp;/g, "&");
const csrfOf = (html: string) => /name="csrfToken" value="([^"]+)"/.exec(html)?.[1] ?? null;

// --- the test -------------------------------------------------------------------------------------

describe.skipIf(!DATABASE_URL)("two app nodes on one PostgreSQL database", () => {
  let a: RunningServer;
  let b: RunningServer;
  let A = "";
  let B = "";
  let dbUrl = "";
  let drop: (() => Promise<void>) | null = null;

  async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    ensureBuild();
    const name = `t_scale_${randomBytes(5).toString("hex")}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`CREATE DATABASE "${name}"`);
    drop = () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const target = new URL(DATABASE_URL!);
    target.pathname = `/${name}`;
    dbUrl = target.toString();

    const env = (port: number): Record<string, string> => ({
      DATABASE_URL: dbUrl,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      PUBLIC_ORIGIN_PIKKUJATTI: `http://pikkujatti.localhost:${port}`,
      RATE_LIMIT_DOOR: String(DOOR_LIMIT),
      DATABASE_POOL_SIZE: "4",
    });
    // The first node migrates and seeds the empty database; the second starts on what it finds.
    const portA = await findFreePort(3400);
    a = await startServer({
      root: ROOT,
      port: portA,
      dataDir: "data/scale-out-a",
      env: env(portA),
      timeoutMs: 180_000,
    });
    const portB = await findFreePort(portA + 1);
    b = await startServer({
      root: ROOT,
      port: portB,
      dataDir: "data/scale-out-b",
      env: env(portB),
      timeoutMs: 180_000,
    });
    A = `http://127.0.0.1:${portA}`;
    B = `http://127.0.0.1:${portB}`;
  }, 600_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await drop?.();
  }, 60_000);

  it(
    "a session from one node is valid on the other, and a logout on one ends it on both",
    { timeout: 120_000 },
    async () => {
      const maija = demoPeople(new Date().getUTCFullYear()).patient;
      const browser = new Browser();

      // Log in on A: the login page's bank link, the development identity provider, the callback.
      const login = await browser.page(`${A}/fi/kirjaudu`);
      const start = unescape(/href="(\/oauth\/authenticate\?[^"]+)"/.exec(login.html)![1]);
      const provider = await browser.page(A + start);
      expect(provider.url.startsWith(`${A}/dev/identity/`)).toBe(true);
      const personForm = unescape(/<form method="post" action="([^"]*\/person)"/.exec(provider.html)![1]);
      const chosen = await browser.request(new URL(personForm, provider.url).href, {
        form: { csrf: /name="csrf" value="([^"]+)"/.exec(provider.html)![1], identityCode: maija.identityCode },
      });
      const front = await browser.page(provider.url, chosen);
      expect(front.url).toBe(`${A}/fi`);
      expect(front.html).toContain(maija.firstName);

      // Carry on on B: the front page, the CSRF token of a B page, a reservation through B's call.
      const onB = await browser.page(`${B}/fi`);
      expect(onB.url).toBe(`${B}/fi`);
      expect(onB.html).toContain(maija.firstName);
      const csrfToken = csrfOf((await browser.page(`${B}/fi/kirjaudu-ulos`)).html)!;
      expect(csrfToken).toBeTruthy();
      const inFiveDays = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
      const search = (await (
        await browser.request(`${B}/api/appointments?lang=fi&startDate=${inFiveDays}`)
      ).json()) as {
        availableAppointments: { appointments: { id: number }[] };
      };
      const slot = search.availableAppointments.appointments[0].id;
      const reserved = await browser.request(
        `${B}/api/reserve-appointment?csrfToken=${encodeURIComponent(csrfToken)}`,
        {
          json: {
            internalOrganization: "solmu",
            appointmentId: slot,
            phone: "0401234567",
            emailAddress: "maija@example.com",
          },
        },
      );
      expect(reserved.status).toBe(200);
      expect(await reserved.json()).toMatchObject({ reservationDetails: { appointmentId: slot } });
      // A sees what B reserved, in the same session.
      const onA = await browser.page(`${A}/fi/ajanvaraukset/${slot}`);
      expect(onA.status).toBe(200);
      expect(onA.url).toBe(`${A}/fi/ajanvaraukset/${slot}`);

      // Log out on A; the session cookie B was given before is worthless on B too.
      const before = browser.header();
      const loggedOut = await browser.request(`${A}/api/logout?csrfToken=${encodeURIComponent(csrfToken)}`, {
        method: "POST",
      });
      expect(loggedOut.status).toBe(302);
      const stale = new Browser();
      for (const pair of before.split("; "))
        stale.cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
      expect(await (await stale.request(`${B}/api/session`)).json()).toMatchObject({ expiresAt: null });
      const afterLogout = await stale.page(`${B}/fi/ajanvaraukset/${slot}`);
      expect(afterLogout.url).toContain(`${B}/fi/kirjaudu`);
      const [session] = await query<{ revoked: boolean }>(
        "select revoked_at is not null as revoked from sessions order by created_at desc limit 1",
      );
      expect(session.revoked).toBe(true);
    },
  );

  it("a door check-in on one node and the door rate limit counted across both", { timeout: 60_000 }, async () => {
    const kalle = demoPeople(new Date().getUTCFullYear()).smsUser;
    // Kalle's appointments open for check-in (the seed puts them 15–25 minutes after it ran).
    const rows = await query<{ appointment_id: number; id: string }>(
      `select r.appointment_id, r.id from reservations r join appointments a on a.id = r.appointment_id join people p on p.id = r.person_id
       where p.identity_code = $1 and r.status = 'active' and r.checked_in_at is null and a.starts_at between now() and now() + interval '1 hour'
       order by a.starts_at`,
      [kalle.identityCode],
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const [first, second] = rows.map((r) => doorToken(r.appointment_id, r.id));

    const door = new Browser();
    const page = await door.page(`${A}/fi/varaus/${first}`);
    expect(page.status).toBe(200);
    const csrfToken = csrfOf(page.html)!;
    const checkIn = (origin: string, token: string, code: string) =>
      door.request(`${origin}/api/anon/check-in`, {
        json: { appointmentId: token, ssnEndPart: code },
        headers: { "X-CSRF-Token": csrfToken },
      });

    // The token and CSRF token from A's page check in through B.
    const done = await checkIn(B, first, kalle.identityCode.slice(-4));
    expect(await done.json()).toEqual({ type: "success" });
    const [checked] = await query<{ checked_in: boolean }>(
      "select checked_in_at is not null as checked_in from reservations where id = $1",
      [rows[0].id],
    );
    expect(checked.checked_in).toBe(true);

    // Wrong codes, alternating between the nodes: the limit counts every node's hits (1 above + these).
    const wrong = kalle.identityCode.slice(-4) === "000A" ? "111B" : "000A";
    const answers: { node: string; status: number; type: string }[] = [];
    for (const [i, origin] of [A, B, A, B].entries()) {
      const response = await checkIn(origin, second, wrong);
      answers.push({
        node: i % 2 ? "B" : "A",
        status: response.status,
        type: ((await response.json()) as { type: string }).type,
      });
    }
    expect(answers).toEqual([
      { node: "A", status: 200, type: "ssnEndPartMismatch" },
      { node: "B", status: 200, type: "ssnEndPartMismatch" },
      { node: "A", status: 200, type: "ssnEndPartMismatch" },
      // The fifth try of this client: neither node has seen more than three of them.
      { node: "B", status: 429, type: "tooManyAttempts" },
    ]);
  });
});
