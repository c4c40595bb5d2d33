import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import { BACKGROUND_PARAM } from "~/route-table/api-paths";
import { useHydrated } from "~/ui/hydrated";

/** The page's own address (its query kept, e.g. `?page=2` or `?poll=`) marked as a poll: `?background=1`. */
export function backgroundHref(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.set(BACKGROUND_PARAM, "1");
  return `${pathname}?${query}`;
}

/**
 * How the messaging pages stay current while open (spec part 2 §7: every two minutes): once hydrated, the page's
 * own loader is loaded again every `intervalMs` as a poll (`?background=1`, app/.server/background.ts), which
 * neither keeps the session alive nor adds a "who viewed my data" row each time. Answers what the last poll
 * answered (undefined before the first); polling ends with the first answer that `continues` refuses, or when
 * `intervalMs` is null. `key` names one load of the page: a new one (e.g. after a reply) starts afresh, so an
 * earlier poll's answer never shows through. Without JavaScript nothing polls.
 */
export function usePagePolling<T>({
  key,
  intervalMs,
  continues,
}: {
  key: string;
  intervalMs: number | null;
  continues(answer: T): boolean;
}): T | undefined {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const fetcher = useFetcher({ key });
  const answer = fetcher.data as T | undefined;
  const every = answer === undefined || continues(answer) ? intervalMs : null;
  const { load } = fetcher;
  useEffect(() => {
    if (!hydrated || every === null) return;
    const timer = window.setInterval(() => void load(backgroundHref(pathname, search)), every);
    return () => window.clearInterval(timer);
  }, [hydrated, every, load, pathname, search]);
  return answer;
}

/**
 * A polling page's `clientLoader`: a poll that cannot reach the server (a dropped connection, a node going away)
 * answers `failed()` — which ends the polling and says so — instead of replacing the page with the error view, so
 * nothing on it (a half-typed reply) is lost. Every other load goes to the server as it would without it.
 */
export async function pollSafely<T, F>(request: Request, serverLoader: () => Promise<T>, failed: () => F) {
  if (!new URL(request.url).searchParams.has(BACKGROUND_PARAM)) return serverLoader();
  try {
    return await serverLoader();
  } catch {
    return failed();
  }
}
