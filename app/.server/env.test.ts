import { describe, expect, it } from "vitest";
import { assertSafeConfiguration, DEFAULT_SESSION_SECRET, developmentStandIns, productionProblems } from "./env";

/** A complete production configuration; each test takes something away. */
const production: NodeJS.ProcessEnv = {
  NODE_ENV: "production",
  APP_ENVIRONMENT: "production",
  DATABASE_URL: "postgres://portal@db.internal/portal",
  SESSION_SECRET: "k".repeat(48),
  OIDC_ISSUER: "https://broker.example",
  OIDC_CLIENT_ID: "portal",
  OIDC_PRIVATE_KEY: '{"kty":"EC"}',
  SMS_GATEWAY_URL: "https://sms.example/send",
  SMS_GATEWAY_TOKEN: "token",
  LAHITAPIOLA_API_URL: "https://lt.example/api",
  LAHITAPIOLA_API_TOKEN: "token",
  LAHITAPIOLA_APPLY_URL: "https://lt.example/apply",
  POHJOLA_API_URL: "https://op.example/api",
  POHJOLA_API_KEY: "key",
  PAYTRAIL_ACCOUNT: "123456",
  PAYTRAIL_SECRET: "paytrail-secret",
  PUBLIC_ORIGIN: "https://portal.example",
  PUBLIC_ORIGIN_PIKKUJATTI: "https://pikkujatti.example",
  TRUST_PROXY: "1",
  S3_BUCKET: "portal-files",
  S3_REGION: "eu-north-1",
  S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
  S3_SECRET_ACCESS_KEY: "secret",
};

const without = (...names: string[]) =>
  Object.fromEntries(Object.entries(production).filter(([k]) => !names.includes(k)));

describe("productionProblems", () => {
  it("accepts a complete production configuration", () => {
    expect(productionProblems(production)).toEqual([]);
    expect(() => assertSafeConfiguration(production)).not.toThrow();
  });

  it("refuses a metrics token shorter than 32 bytes, and takes a long one", () => {
    expect(productionProblems({ ...production, METRICS_TOKEN: "short" })).toEqual([
      "METRICS_TOKEN is shorter than 32 bytes: the metrics would be guessable on the public origin",
    ]);
    expect(productionProblems({ ...production, METRICS_TOKEN: "x".repeat(32) })).toEqual([]);
  });

  it("names every missing adapter and unsafe setting at once", () => {
    const problems = productionProblems({ APP_ENVIRONMENT: "production", NODE_ENV: "production" });
    for (const name of [
      "DATABASE_URL",
      "SESSION_SECRET",
      "OIDC_ISSUER",
      "OIDC_CLIENT_ID",
      "OIDC_PRIVATE_KEY",
      "SMS_GATEWAY_URL",
      "LAHITAPIOLA_API_URL",
      "POHJOLA_API_URL",
      "PAYTRAIL_ACCOUNT",
      "PAYTRAIL_SECRET",
      "PUBLIC_ORIGIN",
      "S3_BUCKET",
    ]) {
      expect(
        problems.some((p) => p.startsWith(name)),
        name,
      ).toBe(true);
    }
    expect(() => assertSafeConfiguration({ APP_ENVIRONMENT: "production" })).toThrow(
      /Refusing to start with APP_ENVIRONMENT=production:[\s\S]*OIDC_ISSUER[\s\S]*SMS_GATEWAY_URL/,
    );
  });

  it("refuses the default, an empty and a short session secret", () => {
    expect(productionProblems({ ...production, SESSION_SECRET: DEFAULT_SESSION_SECRET })).toEqual([
      expect.stringMatching(/^SESSION_SECRET is not set/),
    ]);
    expect(productionProblems(without("SESSION_SECRET"))).toEqual([
      expect.stringMatching(/^SESSION_SECRET is not set/),
    ]);
    expect(productionProblems({ ...production, SESSION_SECRET: "short-but-random-31-bytes-long!" })).toEqual([
      "SESSION_SECRET is shorter than 32 bytes",
    ]);
  });

  it("refuses what would open a hole: trusting anyone's X-Forwarded-For, insecure cookies, http origins, demo data, a set clock", () => {
    expect(productionProblems({ ...production, TRUST_PROXY: "true" })).toHaveLength(1);
    expect(productionProblems({ ...production, SECURE_COOKIES: "false" })).toHaveLength(1);
    expect(productionProblems({ ...production, PUBLIC_ORIGIN: "http://portal.example" })).toEqual([
      "PUBLIC_ORIGIN is not an https origin",
    ]);
    expect(productionProblems({ ...production, SEED_ON_EMPTY: "true" })).toHaveLength(1);
    expect(productionProblems({ ...production, CLOCK_NOW: "2026-01-01T00:00:00Z" })).toHaveLength(1);
    expect(productionProblems({ ...production, NODE_ENV: "development" })).toHaveLength(1);
    expect(productionProblems(without("OIDC_PRIVATE_KEY"))).toHaveLength(1);
    expect(productionProblems({ ...without("OIDC_PRIVATE_KEY"), OIDC_CLIENT_SECRET: "secret" })).toEqual([]);
  });

  it("requires object storage: uploaded files never go to an app node's own disk in production", () => {
    expect(productionProblems(without("S3_BUCKET"))).toEqual([expect.stringMatching(/^S3_BUCKET is not set/)]);
    expect(productionProblems(without("PAYTRAIL_ACCOUNT"))).toEqual([
      expect.stringMatching(/^PAYTRAIL_ACCOUNT is not set/),
    ]);
    expect(productionProblems(without("PAYTRAIL_SECRET"))).toEqual([
      expect.stringMatching(/^PAYTRAIL_SECRET is not set/),
    ]);
    expect(productionProblems({ ...production, PAYTRAIL_BASE_URL: "http://paytrail.example" })).toHaveLength(1);
    expect(productionProblems(without("S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_REGION"))).toEqual([
      expect.stringMatching(/^S3_REGION is not set/),
      expect.stringMatching(/^S3_ACCESS_KEY_ID is not set/),
      expect.stringMatching(/^S3_SECRET_ACCESS_KEY is not set/),
    ]);
    // An S3-compatible service of one's own is fine, over https only.
    expect(productionProblems({ ...production, S3_ENDPOINT: "https://objects.example" })).toEqual([]);
    expect(productionProblems({ ...production, S3_ENDPOINT: "http://objects.example" })).toEqual([
      expect.stringMatching(/^S3_ENDPOINT is not an https URL/),
    ]);
  });

  it("leaves the embedded development default alone, and lists its stand-ins", () => {
    expect(productionProblems({})).toEqual([]);
    expect(() => assertSafeConfiguration({})).not.toThrow();
    expect(developmentStandIns({})).toEqual([
      "identity provider (/dev/identity)",
      "SMS outbox (/dev/outbox)",
      "payment provider (/dev/payments)",
      "LähiTapiola insurer (/dev/insurers)",
      "Pohjola insurer (demo policies)",
      "care-team desk (/dev/care-team)",
      "file storage in ./data/uploads (/dev/uploads)",
    ]);
    expect(developmentStandIns({ DATA_DIR: "/tmp/portal" }).at(-1)).toBe(
      "file storage in /tmp/portal/uploads (/dev/uploads)",
    );
    expect(developmentStandIns({ S3_BUCKET: "files" })).not.toContainEqual(expect.stringMatching(/file storage/));
    expect(developmentStandIns(production)).toEqual([]);
  });

  it("refuses TRUST_PROXY=true in development too", () => {
    expect(() => assertSafeConfiguration({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
  });
});
