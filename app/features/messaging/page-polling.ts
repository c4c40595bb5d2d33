import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/ui/hydrated";

/** The addresses the open page polls (as the browser writes them in full), so that `pollSafely` knows a poll. */
const polls = new Set<string>();

/**
 * How the messaging pages stay current while open (spec part 2 §7: every two minutes): once hydrated, the page's
 * own loader is loaded again every `intervalMs` as a poll: `href`, the page's own address marked `?background=1`
 * by its loader (pages.server.ts `pollHref`, see app/.server/background.ts), which neither keeps the session alive
 * nor adds a "who viewed my data" row each time. Answers what the last poll answered (undefined before the first);
 * polling ends with the first answer that `continues` refuses, or when `intervalMs` is null. `key` names one load of
 * the page: a new one (e.g. after a reply) starts afresh, so an earlier poll's answer never shows through. Without
 * JavaScript nothing polls.
 */
export function usePagePolling<T>({
  key,
  href,
  intervalMs,
  continues,
}: {
  key: string;
  href: string;
  intervalMs: number | null;
  continues(answer: T): boolean;
}): T | undefined {
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key });
  const answer = fetcher.data as T | undefined;
  const every = answer === undefined || continues(answer) ? intervalMs : null;
  const { load } = fetcher;
  useEffect(() => {
    if (!hydrated || every === null) return;
    polls.add(new URL(href, location.origin).href);
    const timer = window.setInterval(() => void load(href), every);
    return () => window.clearInterval(timer);
  }, [hydrated, every, load, href]);
  return answer;
}

/**
 * A polling page's `clientLoader`: a poll that cannot reach the server (a dropped connection, a node going away)
 * answers `failed()` — which ends the polling and says so — instead of replacing the page with the error view, so
 * nothing on it (a half-typed reply) is lost. Every other load goes to the server as it would without it.
 */
export async function pollSafely<T, F>(request: Request, serverLoader: () => Promise<T>, failed: () => F) {
  if (!polls.has(request.url)) return serverLoader();
  try {
    return await serverLoader();
  } catch {
    return failed();
  }
}
