import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import * as s from "~/.server/db/schema";
import { useTestDatabase } from "./test-db";

/**
 * The production configuration, served by the production build as a separate process: it refuses to start
 * without its real adapters and strong secrets, and once started no development stand-in answers and no demo
 * person exists. Production needs PostgreSQL, so this runs where DATABASE_URL is set (CI's second run).
 */
const t = useTestDatabase({ seed: false });
const built = existsSync("build/server/index.js");

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

type Child = { output: () => string; exited: Promise<number | null>; stop: () => void };
const children: Child[] = [];
afterAll(() => children.forEach((c) => c.stop()));

function serve(env: NodeJS.ProcessEnv): Child {
  let output = "";
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(OIDC_|SMS_|LAHITAPIOLA_|POHJOLA_|PUBLIC_ORIGIN|SESSION_SECRET|CLOCK_NOW|SEED_ON_EMPTY|TRUST_PROXY|SECURE_COOKIES|S3_|UPLOADS_DIR)/.test(
          k,
        ),
    ),
  );
  const child = spawn(process.execPath, ["--import", "tsx", "app/.server/server.ts"], {
    env: { ...clean, LOG_LEVEL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout.on("data", (c: Buffer) => (output += c));
  child.stderr.on("data", (c: Buffer) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const handle = {
    output: () => output,
    exited,
    stop: () => {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
    },
  };
  children.push(handle);
  return handle;
}

async function listening(port: number, child: Child) {
  for (let i = 0; i < 300; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/fi/kirjaudu`);
      return;
    } catch {
      if (await Promise.race([child.exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 100))]))
        break;
    }
  }
  throw new Error(`the server did not start:\n${child.output()}`);
}

describe.skipIf(!process.env.DATABASE_URL || !built)("production configuration (built server on PostgreSQL)", () => {
  const production = (port: number): NodeJS.ProcessEnv => ({
    NODE_ENV: "production",
    APP_ENVIRONMENT: "production",
    PORT: String(port),
    DATABASE_URL: t.url!,
    SESSION_SECRET: "a-production-secret-that-is-at-least-32-bytes",
    OIDC_ISSUER: "https://broker.invalid",
    OIDC_CLIENT_ID: "portal",
    OIDC_CLIENT_SECRET: "secret",
    SMS_GATEWAY_URL: "https://sms.invalid/send",
    SMS_GATEWAY_TOKEN: "token",
    LAHITAPIOLA_API_URL: "https://lahitapiola.invalid/api",
    LAHITAPIOLA_API_TOKEN: "token",
    LAHITAPIOLA_APPLY_URL: "https://lahitapiola.invalid/apply",
    POHJOLA_API_URL: "https://pohjola.invalid/api",
    POHJOLA_API_KEY: "key",
    PAYTRAIL_ACCOUNT: "123456",
    PAYTRAIL_SECRET: "paytrail-secret",
    PUBLIC_ORIGIN: "https://portal.invalid",
    PUBLIC_ORIGIN_PIKKUJATTI: "https://pikkujatti.invalid",
    TRUST_PROXY: "1",
    S3_BUCKET: "portal-files",
    S3_ENDPOINT: "https://objects.invalid",
    S3_REGION: "eu-north-1",
    S3_ACCESS_KEY_ID: "key-id",
    S3_SECRET_ACCESS_KEY: "secret",
  });

  it("refuses to start without its adapters and secrets, naming each", async () => {
    const child = serve({
      NODE_ENV: "production",
      APP_ENVIRONMENT: "production",
      PORT: String(await freePort()),
      DATABASE_URL: "",
    });
    expect(await child.exited).toBe(1);
    const said = child.output();
    expect(said).toContain("Refusing to start with APP_ENVIRONMENT=production");
    for (const name of [
      "DATABASE_URL",
      "SESSION_SECRET",
      "OIDC_ISSUER",
      "SMS_GATEWAY_URL",
      "LAHITAPIOLA_API_URL",
      "POHJOLA_API_URL",
      "PUBLIC_ORIGIN",
      "S3_BUCKET",
    ])
      expect(said).toContain(name);
  }, 60_000);

  it("refuses a short session secret and TRUST_PROXY=true even with everything else set", async () => {
    const port = await freePort();
    const child = serve({ ...production(port), SESSION_SECRET: "too-short", TRUST_PROXY: "true" });
    expect(await child.exited).toBe(1);
    expect(child.output()).toMatch(/SESSION_SECRET is shorter than 32 bytes[\s\S]*TRUST_PROXY/);
  }, 60_000);

  it("once started, answers no development path, seeds nobody and sets Secure __Host- cookies", async () => {
    const port = await freePort();
    const child = serve(production(port));
    await listening(port, child);
    for (const path of [
      "/dev/identity",
      "/dev/identity/.well-known/openid-configuration",
      "/dev/outbox",
      "/dev/insurers/lahitapiola/apply",
      "/dev/payments/terms",
      "/dev/payments/icons/nordea.svg",
      "/DEV/outbox",
      "/dev/uploads/incoming/kela-card/0b0b0b0b-0000-4000-8000-000000000000",
      "/dev/care-team",
      "/dev/care-team?professional=0b0b0b0b-0000-4000-8000-000000000000",
      "/dev/care-team/1?professional=0b0b0b0b-0000-4000-8000-000000000000",
      "/dev/care-team/attachments/0b0b0b0b-0000-4000-8000-000000000000",
      "/dev/reminders",
    ]) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: "manual" });
      expect(res.status, path).toBe(404);
    }
    // Nor does the development storage take an upload: files go to the object storage only.
    const upload = await fetch(
      `http://127.0.0.1:${port}/dev/uploads/incoming/kela-card/0b0b0b0b-0000-4000-8000-000000000000?type=image%2Fpng`,
      { method: "PUT", headers: { "Content-Type": "image/png" }, body: new Uint8Array([0x89, 0x50]) },
    );
    expect(upload.status).toBe(404);
    // Nor does the development payment provider take a payment.
    const pay = await fetch(`http://127.0.0.1:${port}/dev/payments/pay/nordea`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "transaction=x&method=nordea",
    });
    expect(pay.status).toBe(404);
    // Nor does anyone answer as the care team.
    const careTeamReply = await fetch(`http://127.0.0.1:${port}/dev/care-team/1?professional=x`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=reply&content=x",
    });
    expect(careTeamReply.status).toBe(404);
    // Nor does anyone run the reminder or offer jobs by hand.
    const runJob = await fetch(`http://127.0.0.1:${port}/dev/reminders`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=reminders&ignoreQuietHours=on",
    });
    expect(runJob.status).toBe(404);
    const login = await fetch(`http://127.0.0.1:${port}/fi/kirjaudu`);
    expect(login.status).toBe(200);
    expect(login.headers.get("set-cookie")).toMatch(/^__Host-csrf=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Secure/);
    // Browsers may upload to the object storage, and to nowhere else.
    expect(login.headers.get("content-security-policy")).toContain("connect-src 'self' https://objects.invalid");
    const [people] = await t.db.select({ n: count() }).from(s.people);
    expect(people.n).toBe(0);
    expect(child.output()).not.toContain("development stand-ins");
  }, 60_000);
});
