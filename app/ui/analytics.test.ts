import { afterEach, describe, expect, it, vi } from "vitest";
import { ANALYTICS_CALLBACK_TIMEOUT_MS, analyticsPageId, pushAnalyticsEvent } from "./analytics";

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

describe("the portal's events (spec part 1 §7)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names a page by its route id, never by its path", () => {
    expect(analyticsPageId("appointment.fi")).toBe("appointment");
    expect(analyticsPageId("doorAppointment.sv")).toBe("doorAppointment");
    expect(analyticsPageId("home.en")).toBe("home");
    // A route outside the table (the not-found page) keeps its own id.
    expect(analyticsPageId("routes/not-found")).toBe("routes/not-found");
  });

  it("pushes a page view, consent saved and a login with the callback time-out, and only after consent", () => {
    const win: { dataLayer?: unknown[] } = {};
    vi.stubGlobal("window", win);
    expect(pushAnalyticsEvent({ event: "login", loginType: "nordea" }, false)).toBe(false);
    pushAnalyticsEvent({ event: "pageView", page: "appointment", lang: "sv", brand: "pikkujatti" }, true);
    pushAnalyticsEvent({ event: "consentSaved" }, true);
    pushAnalyticsEvent({ event: "login", loginType: "sms" }, true);
    expect(win.dataLayer).toEqual([
      { event: "pageView", page: "appointment", lang: "sv", brand: "pikkujatti", eventTimeout: 2000 },
      { event: "consentSaved", eventTimeout: 2000 },
      { event: "login", loginType: "sms", eventTimeout: 2000 },
    ]);
  });
});
