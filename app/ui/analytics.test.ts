import { afterEach, describe, expect, it, vi } from "vitest";
import { ANALYTICS_CALLBACK_TIMEOUT_MS, pushAnalyticsEvent } from "./analytics";

describe("pushAnalyticsEvent", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("pushes nothing before consent", () => {
    const win: { dataLayer?: unknown[] } = {};
    vi.stubGlobal("window", win);
    expect(pushAnalyticsEvent({ event: "reservationError", errorType: "tooManyReservations" }, false)).toBe(false);
    expect(win.dataLayer).toBeUndefined();
  });

  it("pushes the event with the callback time-out after consent", () => {
    const win: { dataLayer?: unknown[] } = {};
    vi.stubGlobal("window", win);
    const event = {
      event: "search" as const,
      clinics: ["HKI-KAMPPI"],
      specialty: "YLE",
      practitioners: [],
      resultCount: 20,
      hoursToStart: 3,
    };
    expect(pushAnalyticsEvent(event, true)).toBe(true);
    expect(win.dataLayer).toEqual([{ ...event, eventTimeout: ANALYTICS_CALLBACK_TIMEOUT_MS }]);
  });

  it("does nothing on the server", () => {
    expect(typeof window).toBe("undefined");
    expect(pushAnalyticsEvent({ event: "reservationError", errorType: "unknownError" }, true)).toBe(false);
  });
});
