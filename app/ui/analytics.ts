import { useCallback, useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import type { BrandId } from "#brands/index";
import type { Lang } from "~/lib/lang";
import { parseRouteMatchId } from "~/route-table";
import { useRootData } from "./root-data";

/**
 * Analytics events: the booking flow's (spec part 2 §7) and the portal's (part 1 §7). Nothing personal: ids of
 * pages, clinics, specialties and practitioners, counts, error and login types only.
 */
export type AnalyticsEvent =
  | {
      event: "search";
      clinics: string[];
      specialty: string | null;
      practitioners: string[];
      resultCount: number;
      /** Hours from now to the first result's start, or null without results. */
      hoursToStart: number | null;
    }
  | { event: "reservationError"; errorType: string }
  // Spec part 1 §7. A page view names the page by its route id (never its URL: paths hold ids and door tokens).
  | { event: "pageView"; page: string; lang: Lang; brand: BrandId }
  | { event: "consentSaved" }
  | { event: "login"; loginType: string };

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** The tag manager calls `eventCallback` when it is done; it must not wait longer than this. */
export const ANALYTICS_CALLBACK_TIMEOUT_MS = 2000;

/** Pushes to `window.dataLayer`, but only after the visitor has accepted analytics cookies. */
export function pushAnalyticsEvent(event: AnalyticsEvent, consented: boolean): boolean {
  if (!consented || typeof window === "undefined") return false;
  (window.dataLayer ??= []).push({ ...event, eventTimeout: ANALYTICS_CALLBACK_TIMEOUT_MS });
  return true;
}

/** A function that records an analytics event when the visitor has consented; call it from effects only. */
export function useAnalytics(): (event: AnalyticsEvent) => void {
  const consented = useRootData()?.analyticsConsent === true;
  return useCallback((event: AnalyticsEvent) => void pushAnalyticsEvent(event, consented), [consented]);
}

/** The page's name for analytics: its route-table id without the language (`appointment.fi` → `appointment`). */
export function analyticsPageId(matchId: string): string {
  return parseRouteMatchId(matchId)?.id ?? matchId;
}

// What was recorded last, so that a remounted layout (an error view replacing the page) or a repeated effect does
// not record the same page view or server event twice.
let lastPageView: string | null = null;
let lastServerEvents: object | null = null;

/**
 * The layout's analytics (spec part 1 §7), after the visitor has accepted analytics cookies: a page view after
 * hydration and after each client navigation, and the events the server passed on once (consent saved, login).
 */
export function useAnalyticsEvents() {
  const data = useRootData();
  const matches = useMatches();
  const location = useLocation();
  const consented = data?.analyticsConsent === true;
  const serverEvents = data?.analyticsEvents ?? null;
  const leaf = matches[matches.length - 1];
  const page = leaf ? analyticsPageId(leaf.id) : null;
  const lang = data?.lang;
  const brand = data?.brand.id;

  useEffect(() => {
    if (!serverEvents || serverEvents === lastServerEvents) return;
    lastServerEvents = serverEvents;
    if (serverEvents.consentSaved) pushAnalyticsEvent({ event: "consentSaved" }, consented);
    if (serverEvents.loginType) pushAnalyticsEvent({ event: "login", loginType: serverEvents.loginType }, consented);
  }, [serverEvents, consented]);

  useEffect(() => {
    if (!consented || !page || !lang || !brand || lastPageView === location.key) return;
    lastPageView = location.key;
    pushAnalyticsEvent({ event: "pageView", page, lang, brand }, consented);
  }, [location.key, consented, page, lang, brand]);
}
