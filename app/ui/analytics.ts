import { useCallback } from "react";
import { useRootData } from "./root-data";

/**
 * Analytics events of the booking flow (spec part 2 §7). Nothing personal: ids of clinics, specialties and
 * practitioners, counts and error types only.
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
  | { event: "reservationError"; errorType: string };

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
