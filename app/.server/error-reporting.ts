import * as Sentry from "@sentry/react-router";
import { IGNORED_ERRORS, MAX_VALUE_LENGTH, isTagScriptFetchNoise } from "~/lib/error-reporting-options";
import { env } from "./env";
import { logger } from "./logger";

let enabled = false;

/** Sentry is on only when SENTRY_DSN is set; otherwise errors go to the log alone. */
export function initErrorReporting() {
  const dsn = env().sentryDsn;
  if (!dsn || enabled) return;
  Sentry.init({
    dsn,
    environment: env().environment,
    maxValueLength: MAX_VALUE_LENGTH,
    ignoreErrors: IGNORED_ERRORS,
    sendDefaultPii: false,
    beforeSend: (event) => (isTagScriptFetchNoise(event as never) ? null : event),
    initialScope: { tags: { process: "server" } },
  });
  enabled = true;
}

export function reportError(error: unknown, context?: Record<string, unknown>) {
  logger.error("unexpected error", {
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    stack: error instanceof Error ? error.stack : undefined,
    ...context,
  });
  if (enabled) Sentry.captureException(error, { extra: context, tags: { process: "server" } });
}
