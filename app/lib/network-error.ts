// Apart from the error reporter's options, so that a page's error view can use it without loading them.
/** Network errors the UI recognises (spec: Network Error, ECONNABORTED). */
export function isNetworkError(error: unknown): boolean {
  const e = error as { message?: string; code?: string } | null;
  return !!e && (e.message === "Network Error" || e.code === "ECONNABORTED" || e.message === "Failed to fetch");
}
