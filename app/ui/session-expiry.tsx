import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { href } from "~/route-table";
import { useT } from "./i18n";
import { useToast } from "./notifications";
import { useCsrfToken, useLang } from "./root-data";

/** Warnings 90 and 30 seconds before the session expires (spec part 1 §4, §9). */
export const WARNING_SECONDS = [90, 30] as const;

type SessionStatus = { expiresAt: string | null; now: string };

async function fetchStatus(extend: boolean, csrfToken: string): Promise<SessionStatus | null> {
  try {
    const res = await fetch(extend ? `/api/session?csrfToken=${encodeURIComponent(csrfToken)}` : "/api/session", {
      method: extend ? "POST" : "GET",
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    if (!res.ok) return null;
    return (await res.json()) as SessionStatus;
  } catch {
    return null;
  }
}

/**
 * Runs only in the browser. Timers are set from the server's expiry; before warning, the server is asked again,
 * because activity in other tabs may have extended the session. At expiry the user is sent to the
 * expired-session page with the current page as `next`.
 */
export function SessionExpiryWarnings({ expiresAt, serverNow }: { expiresAt: string; serverNow: string }) {
  const t = useT();
  const lang = useLang();
  const csrfToken = useCsrfToken();
  const { show } = useToast();
  const location = useLocation();
  const path = location.pathname + location.search;
  const warned = useRef(new Set<number>());

  useEffect(() => {
    let timer: number | undefined;
    let cancelled = false;
    // Time left by the server's clock, counted down on this device's (whose clock may be off).
    let remainingAt = { remainingMs: new Date(expiresAt).getTime() - new Date(serverNow).getTime(), at: Date.now() };

    const remaining = () => remainingAt.remainingMs - (Date.now() - remainingAt.at);
    const schedule = () => {
      if (cancelled) return;
      const r = remaining();
      const next = WARNING_SECONDS.find((s) => !warned.current.has(s) && r > s * 1000);
      const dueIn = next !== undefined ? r - next * 1000 : r;
      timer = window.setTimeout(check, Math.max(0, dueIn));
    };
    const check = async () => {
      const status = await fetchStatus(false, csrfToken);
      if (cancelled) return;
      if (status && status.expiresAt) {
        remainingAt = {
          remainingMs: new Date(status.expiresAt).getTime() - new Date(status.now).getTime(),
          at: Date.now(),
        };
      } else if (status && !status.expiresAt) {
        remainingAt = { remainingMs: 0, at: Date.now() };
      }
      const r = remaining();
      if (r <= 0) {
        window.location.assign(href("expiredSession", lang, {}, { next: path }));
        return;
      }
      const due = WARNING_SECONDS.find((s) => !warned.current.has(s) && r <= s * 1000 + 1000);
      if (due !== undefined) {
        WARNING_SECONDS.forEach((s) => s >= due && warned.current.add(s));
        show({
          type: "warning",
          message: t("common.session.expiryWarning", { seconds: Math.round(r / 1000) }),
          timeoutMs: Math.min(r, 60_000),
          action: {
            label: t("common.session.continue"),
            onClick: async () => {
              const extended = await fetchStatus(true, csrfToken);
              if (extended?.expiresAt) {
                warned.current.clear();
                remainingAt = {
                  remainingMs: new Date(extended.expiresAt).getTime() - new Date(extended.now).getTime(),
                  at: Date.now(),
                };
                window.clearTimeout(timer);
                schedule();
              }
            },
          },
        });
      }
      schedule();
    };
    schedule();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [expiresAt, serverNow, csrfToken, lang, path, show, t]);
  return null;
}
