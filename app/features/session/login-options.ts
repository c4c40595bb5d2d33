/**
 * A `next` that stays on this site: a path, not `//host`, a URL, or a path a browser would read as another host
 * (control characters and backslashes are refused outright). Identification and API paths are not destinations.
 */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  if (!next || next.length > 2000 || !next.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, "http://portal.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://portal.invalid") return fallback;
  if (/^\/(oauth|api|dev)\//.test(url.pathname)) return fallback;
  return next;
}
