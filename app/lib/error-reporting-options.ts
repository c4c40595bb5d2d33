/**
 * Error-report filters shared by the browser and the server (spec part 1 §8): drop fetch-failure noise from
 * tag (analytics) scripts, ignore two tracker errors, cut long values at 8192 characters.
 */
export const MAX_VALUE_LENGTH = 8192;

export const IGNORED_ERRORS = [
  // Tracker scripts that throw on pages they do not own.
  "fbq is not defined",
  "_hsq is not defined",
];

const FETCH_FAILURES =
  /^(TypeError: )?(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed)$/;
const TAG_SCRIPT = /googletagmanager|google-analytics|gtag\/js|connect\.facebook\.net|hotjar/;

type SentryLikeEvent = {
  exception?: { values?: { value?: string; type?: string; stacktrace?: { frames?: { filename?: string }[] } }[] };
};

/** True when the event is a fetch failure thrown from a tag script, which the portal cannot act on. */
export function isTagScriptFetchNoise(event: SentryLikeEvent): boolean {
  const ex = event.exception?.values?.[0];
  if (!ex) return false;
  const message = `${ex.type ? ex.type + ": " : ""}${ex.value ?? ""}`;
  if (!FETCH_FAILURES.test(message) && !FETCH_FAILURES.test(ex.value ?? "")) return false;
  const frames = ex.stacktrace?.frames ?? [];
  return frames.length === 0 || frames.some((f) => TAG_SCRIPT.test(f.filename ?? ""));
}
