/**
 * Browser error reporting, loaded only when the server says a DSN is configured
 * (a `<meta name="sentry-dsn">`), so the Sentry SDK costs nothing otherwise.
 */
export function initBrowserErrorReporting() {
  const dsn = document.querySelector<HTMLMetaElement>('meta[name="sentry-dsn"]')?.content;
  if (!dsn) return;
  const environment = document.querySelector<HTMLMetaElement>('meta[name="sentry-environment"]')?.content;
  void Promise.all([import("@sentry/react-router"), import("~/lib/error-reporting-options")]).then(
    ([Sentry, { IGNORED_ERRORS, MAX_VALUE_LENGTH, isTagScriptFetchNoise }]) => {
      Sentry.init({
        dsn,
        environment,
        maxValueLength: MAX_VALUE_LENGTH,
        ignoreErrors: IGNORED_ERRORS,
        sendDefaultPii: false,
        beforeSend: (event) => (isTagScriptFetchNoise(event as never) ? null : event),
        initialScope: { tags: { process: "browser" } },
      });
    },
  );
}
