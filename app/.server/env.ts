import type { Environment } from "#brands/index";

/** Configuration read from the environment once; everything has a working embedded default. */
function read() {
  const port = Number(process.env.PORT ?? 3000);
  const production = process.env.NODE_ENV === "production";
  const environment: Environment = process.env.APP_ENVIRONMENT === "production" ? "production" : "development";
  return {
    port,
    /** Production build (NODE_ENV) — cookies get __Host- and Secure, HSTS is sent when served over https. */
    production,
    /** The product's environment (development/production) decides feature flags and development identity codes. */
    environment,
    secureCookies: process.env.SECURE_COOKIES ? process.env.SECURE_COOKIES === "true" : production && environment === "production",
    sessionSecret: process.env.SESSION_SECRET ?? "development-only-session-secret-change-me",
    databaseUrl: process.env.DATABASE_URL || null,
    dataDir: process.env.DATA_DIR ?? "./data",
    /** Public origins per brand; redirect URIs are built from these, never from the Host header. */
    origins: {
      main: process.env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
      pikkujatti: process.env.PUBLIC_ORIGIN_PIKKUJATTI ?? `http://pikkujatti.localhost:${port}`,
    },
    oidcIssuer: process.env.OIDC_ISSUER || null,
    sentryDsn: process.env.SENTRY_DSN || null,
    sessionIdleSeconds: Number(process.env.SESSION_IDLE_SECONDS ?? 30 * 60),
    sessionAbsoluteSeconds: Number(process.env.SESSION_ABSOLUTE_SECONDS ?? 12 * 60 * 60),
    seedOnEmpty: process.env.SEED_ON_EMPTY !== "false",
    trustProxy: process.env.TRUST_PROXY === "true",
  };
}

export type Env = ReturnType<typeof read>;
let cached: Env | null = null;
export function env(): Env {
  return (cached ??= read());
}
/** Tests change the environment and read it again. */
export function resetEnv() {
  cached = null;
}
