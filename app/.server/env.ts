import { createHmac } from "node:crypto";
import type { Environment } from "#brands/index";

export const DEFAULT_SESSION_SECRET = "development-only-session-secret-change-me";

/**
 * `TRUST_PROXY`: how many proxies in front of the app append to `X-Forwarded-For` (a number), or which addresses
 * may (a comma-separated list of addresses, subnets or Express's names `loopback`, `linklocal`, `uniquelocal`).
 * `true` is refused: it would take the client's own claim of its address, and every per-client limit with it.
 */
export function parseTrustProxy(
  value: string | undefined,
): { ok: true; value: number | string[] | false } | { ok: false } {
  const v = value?.trim() ?? "";
  if (v === "" || v === "false" || v === "0") return { ok: true, value: false };
  if (/^\d+$/.test(v)) return { ok: true, value: Number(v) };
  const list = v
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const address = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/;
  return list.length && list.every((p) => address.test(p)) ? { ok: true, value: list } : { ok: false };
}

/**
 * The S3-compatible object storage, when `S3_BUCKET` is set. `S3_ENDPOINT` is for a service other than AWS itself
 * (then paths are bucket-style, `https://endpoint/bucket/key`); without it AWS's endpoint for the region is used.
 */
function readS3(source: NodeJS.ProcessEnv) {
  const bucket = source.S3_BUCKET?.trim();
  if (!bucket) return null;
  return {
    bucket,
    endpoint: source.S3_ENDPOINT?.trim() || null,
    region: source.S3_REGION?.trim() || "",
    accessKeyId: source.S3_ACCESS_KEY_ID?.trim() || "",
    secretAccessKey: source.S3_SECRET_ACCESS_KEY?.trim() || "",
  };
}
export type S3Config = NonNullable<ReturnType<typeof readS3>>;

/** Configuration read from the environment once; everything has a working embedded default. */
function read(source: NodeJS.ProcessEnv = process.env) {
  const port = Number(source.PORT ?? 3000);
  const production = source.NODE_ENV === "production";
  const environment: Environment = source.APP_ENVIRONMENT === "production" ? "production" : "development";
  const trustProxy = parseTrustProxy(source.TRUST_PROXY);
  return {
    port,
    /** Production build (NODE_ENV) — cookies get __Host- and Secure, HSTS is sent when served over https. */
    production,
    /** The product's environment (development/production) decides feature flags, stand-ins and identity codes. */
    environment,
    /** Browsers accept Secure cookies on http://localhost too, so every production build sets them. */
    secureCookies: source.SECURE_COOKIES ? source.SECURE_COOKIES !== "false" : production,
    sessionSecret: source.SESSION_SECRET || DEFAULT_SESSION_SECRET,
    databaseUrl: source.DATABASE_URL || null,
    /** The bearer token of `/metrics` on the public origin (metrics.ts); none: no metrics there. */
    metricsToken: source.METRICS_TOKEN || null,
    /** How often the background jobs (appointment reminders) look for work; 0 turns them off (the test servers). */
    jobIntervalSeconds: Math.max(0, Number(source.JOB_INTERVAL_SECONDS ?? 300) || 0),
    dataDir: source.DATA_DIR ?? "./data",
    /** Files (Kela card images) without S3: a folder of the development stand-in, never used in production. */
    uploadsDir: source.UPLOADS_DIR || `${source.DATA_DIR ?? "./data"}/uploads`,
    s3: readS3(source),
    /** Public origins per brand; redirect URIs are built from these, never from the Host header. */
    origins: {
      main: source.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
      pikkujatti: source.PUBLIC_ORIGIN_PIKKUJATTI ?? `http://pikkujatti.localhost:${port}`,
    },
    oidcIssuer: source.OIDC_ISSUER || null,
    smsGatewayUrl: source.SMS_GATEWAY_URL || null,
    /** The payment service account (Paytrail); without it the development provider at /dev/payments. */
    paytrail: source.PAYTRAIL_ACCOUNT
      ? {
          account: source.PAYTRAIL_ACCOUNT,
          secret: source.PAYTRAIL_SECRET ?? "",
          baseUrl: (source.PAYTRAIL_BASE_URL || "https://services.paytrail.com").replace(/\/+$/, ""),
        }
      : null,
    sentryDsn: source.SENTRY_DSN || null,
    sessionIdleSeconds: Number(source.SESSION_IDLE_SECONDS ?? 30 * 60),
    sessionAbsoluteSeconds: Number(source.SESSION_ABSOLUTE_SECONDS ?? 12 * 60 * 60),
    /** Demo people are seeded into an empty database in development only. */
    seedOnEmpty: environment === "development" && source.SEED_ON_EMPTY !== "false",
    trustProxy: trustProxy.ok ? trustProxy.value : false,
    /** Largest form or JSON body read (bytes); larger ones are answered 413 before reading. */
    maxBodyBytes: Number(source.MAX_BODY_BYTES ?? 100 * 1024),
    /** Requests served at once by one process; beyond it, 503 with Retry-After at once. */
    maxRequestsInFlight: Number(source.MAX_REQUESTS_IN_FLIGHT ?? 64),
  };
}

export type Env = ReturnType<typeof read>;
let cached: Env | null = null;
export function env(): Env {
  return (cached ??= read());
}

/**
 * A key of its own for each use of the session secret (`purpose` names the use), so that a signature made for one
 * purpose, such as an upload URL, is never valid for another.
 */
export function deriveKey(purpose: string): Buffer {
  return createHmac("sha256", env().sessionSecret).update(`portal-key:${purpose}`).digest();
}

/** The development stand-ins this configuration runs on (identity provider, SMS outbox, insurers, file storage). */
export function developmentStandIns(source: NodeJS.ProcessEnv = process.env): string[] {
  const e = read(source);
  if (e.environment === "production") return [];
  return [
    !e.oidcIssuer && "identity provider (/dev/identity)",
    !e.smsGatewayUrl && "SMS outbox (/dev/outbox)",
    !e.paytrail && "payment provider (/dev/payments)",
    !source.LAHITAPIOLA_API_URL && "LähiTapiola insurer (/dev/insurers)",
    !source.POHJOLA_API_URL && "Pohjola insurer (demo policies)",
    careTeamDeskEnabled(e.environment) && "care-team desk (/dev/care-team)",
    !e.s3 && `file storage in ${e.uploadsDir} (/dev/uploads)`,
  ].filter((s): s is string => !!s);
}

/**
 * The development care-team desk (/dev/care-team) answers as the professionals in place of the messaging backend,
 * which has no adapter here yet: every configuration but production has it.
 */
export function careTeamDeskEnabled(environment: Environment = env().environment): boolean {
  return environment !== "production";
}

/**
 * What keeps a production configuration (`APP_ENVIRONMENT=production`) from starting: every missing real adapter
 * and every unsafe setting, so one failed start names them all. Empty in development.
 */
export function productionProblems(source: NodeJS.ProcessEnv = process.env): string[] {
  if (source.APP_ENVIRONMENT !== "production") return [];
  const problems: string[] = [];
  const missing = (name: string, why: string) => {
    if (!source[name]?.trim()) problems.push(`${name} is not set: ${why}`);
  };
  if (source.NODE_ENV !== "production")
    problems.push("NODE_ENV is not production: serve the production build (npm run serve)");
  missing("DATABASE_URL", "production data lives in PostgreSQL, not in the embedded database");
  const secret = source.SESSION_SECRET ?? "";
  if (!secret || secret === DEFAULT_SESSION_SECRET)
    problems.push("SESSION_SECRET is not set: give a random secret of at least 32 bytes");
  else if (Buffer.byteLength(secret) < 32) problems.push("SESSION_SECRET is shorter than 32 bytes");
  const metricsToken = source.METRICS_TOKEN;
  if (metricsToken && Buffer.byteLength(metricsToken) < 32)
    problems.push("METRICS_TOKEN is shorter than 32 bytes: the metrics would be guessable on the public origin");
  missing(
    "OIDC_ISSUER",
    "strong identification needs the identity broker (the development identity provider never runs in production)",
  );
  missing("OIDC_CLIENT_ID", "the portal's client id at the identity broker");
  if (!source.OIDC_PRIVATE_KEY?.trim() && !source.OIDC_CLIENT_SECRET?.trim())
    problems.push(
      "OIDC_PRIVATE_KEY (or OIDC_CLIENT_SECRET) is not set: the portal cannot authenticate to the identity broker",
    );
  if (source.OIDC_ALLOW_HTTP === "true")
    problems.push("OIDC_ALLOW_HTTP=true: the identity broker must be reached over https");
  missing(
    "SMS_GATEWAY_URL",
    "confirmations and clinic-door links are sent through the SMS gateway (the development outbox never runs in production)",
  );
  missing("SMS_GATEWAY_TOKEN", "the SMS gateway's API token");
  missing("LAHITAPIOLA_API_URL", "LähiTapiola's policy and permit service");
  missing("LAHITAPIOLA_API_TOKEN", "LähiTapiola's API token");
  missing("LAHITAPIOLA_APPLY_URL", "LähiTapiola's permit application page");
  missing("POHJOLA_API_URL", "Pohjola's insurance check service");
  missing("POHJOLA_API_KEY", "Pohjola's API key");
  missing(
    "PAYTRAIL_ACCOUNT",
    "invoices are paid online through Paytrail (the development payment provider never runs in production)",
  );
  missing("PAYTRAIL_SECRET", "the Paytrail account's secret key for the request and callback signatures");
  const paytrailUrl = source.PAYTRAIL_BASE_URL?.trim();
  if (paytrailUrl && !paytrailUrl.startsWith("https://")) problems.push("PAYTRAIL_BASE_URL is not an https URL");
  // Uploaded files (Kela card images) go to object storage: an app node's disk is neither shared nor kept.
  missing("S3_BUCKET", "uploaded files are kept in S3-compatible object storage (never on the app's own disk)");
  missing("S3_REGION", "the object storage's region");
  missing("S3_ACCESS_KEY_ID", "the object storage's access key");
  missing("S3_SECRET_ACCESS_KEY", "the object storage's secret key");
  const s3Endpoint = source.S3_ENDPOINT?.trim();
  if (s3Endpoint && !s3Endpoint.startsWith("https://"))
    problems.push("S3_ENDPOINT is not an https URL: browsers upload to it from the portal's https pages");
  for (const name of ["PUBLIC_ORIGIN", "PUBLIC_ORIGIN_PIKKUJATTI"]) {
    const origin = source[name]?.trim();
    if (!origin) problems.push(`${name} is not set: the brand's public https origin`);
    else if (!origin.startsWith("https://")) problems.push(`${name} is not an https origin`);
  }
  if (source.SECURE_COOKIES === "false")
    problems.push("SECURE_COOKIES=false: cookies must be Secure with the __Host- prefix in production");
  if (!parseTrustProxy(source.TRUST_PROXY).ok)
    problems.push("TRUST_PROXY must be the number of proxies in front of the app or their addresses (not true)");
  if (source.SEED_ON_EMPTY === "true") problems.push("SEED_ON_EMPTY=true: demo people are never seeded in production");
  if (source.CLOCK_NOW) problems.push("CLOCK_NOW is set: production runs on the real clock");
  return problems;
}

/** Refuses to start a production configuration that is not safe, naming everything that is wrong at once. */
export function assertSafeConfiguration(source: NodeJS.ProcessEnv = process.env) {
  const problems = productionProblems(source);
  if (problems.length) {
    throw new Error(
      `Refusing to start with APP_ENVIRONMENT=production:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
  }
  if (!parseTrustProxy(source.TRUST_PROXY).ok)
    throw new Error("TRUST_PROXY must be the number of proxies in front of the app or their addresses (not true)");
}
