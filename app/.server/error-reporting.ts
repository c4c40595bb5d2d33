import type * as SentrySdk from "@sentry/react-router";
import { IGNORED_ERRORS, MAX_VALUE_LENGTH, isTagScriptFetchNoise } from "~/lib/error-reporting-options";
import { now } from "./clock";
import { env } from "./env";
import { logger } from "./logger";
import { currentRequestId } from "./request-id";

let sentry: typeof SentrySdk | null = null;

/**
 * Sentry is on only when SENTRY_DSN is set; otherwise errors go to the log alone, and the SDK (about 600 ms to load)
 * is never loaded.
 */
export async function initErrorReporting() {
  const dsn = env().sentryDsn;
  if (!dsn || sentry) return;
  const Sentry = await import("@sentry/react-router");
  Sentry.init({
    dsn,
    environment: env().environment,
    maxValueLength: MAX_VALUE_LENGTH,
    ignoreErrors: IGNORED_ERRORS,
    sendDefaultPii: false,
    beforeSend: (event) => (isTagScriptFetchNoise(event as never) ? null : event),
    initialScope: { tags: { process: "server" } },
  });
  sentry = Sentry;
}

export function reportError(error: unknown, context?: Record<string, unknown>) {
  logger.error("unexpected error", {
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    stack: error instanceof Error ? error.stack : undefined,
    ...context,
  });
  const requestId = currentRequestId();
  if (sentry)
    sentry.captureException(error, {
      extra: context,
      tags: { process: "server", ...(requestId ? { requestId } : {}) },
    });
}

const lastReports = new Map<string, number>();

/**
 * A failure that repeats with every request while it lasts (an external service that is down) is reported once per
 * `intervalMs` under its `key`; the requests in between only log a warning, so one outage is not a thousand reports.
 */
export function reportErrorOncePer(key: string, intervalMs: number, error: unknown, context?: Record<string, unknown>) {
  const at = now().getTime();
  const last = lastReports.get(key);
  if (last !== undefined && at - last < intervalMs) {
    logger.warn("failing again (reported already)", {
      key,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
    return;
  }
  lastReports.set(key, at);
  reportError(error, { ...context, reportedOncePerMinutes: intervalMs / 60_000 });
}
