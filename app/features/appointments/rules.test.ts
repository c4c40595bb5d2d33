import { describe, expect, it } from "vitest";
import {
  cancelDecision,
  cancelResponse,
  isWithinCancellationLimit,
  mapsSearchUrl,
  parseAppointmentIds,
  selfCheckInStatus,
  type AppointmentFacts,
} from "./rules";

const now = new Date("2026-11-20T10:00:00Z");
const hours = (h: number) => new Date(now.getTime() + h * 3600_000);
const minutes = (m: number) => new Date(now.getTime() + m * 60_000);
const facts = (over: Partial<AppointmentFacts> = {}): AppointmentFacts => ({
  startsAt: hours(48),
  durationMinutes: 30,
  status: "active",
  checkedInAt: null,
  isRemote: false,
  ...over,
});

describe("cancellation limit", () => {
  it("counts hours before the start, the limit itself no longer inside", () => {
    expect(isWithinCancellationLimit(hours(23.99), now, 24)).toBe(true);
    expect(isWithinCancellationLimit(hours(24), now, 24)).toBe(false);
    expect(isWithinCancellationLimit(hours(25), now, 24)).toBe(false);
  });

  it("allows cancelling an active appointment beyond the limit only", () => {
    expect(cancelDecision(facts(), now, 24)).toEqual({ mayCancel: true });
    expect(cancelDecision(facts({ startsAt: hours(3) }), now, 24)).toEqual({ mayCancel: false, reason: "tooLate" });
    expect(cancelDecision(facts({ startsAt: hours(3) }), now, 2)).toEqual({ mayCancel: true });
    expect(cancelDecision(facts({ startsAt: hours(-1) }), now, 24)).toEqual({ mayCancel: false, reason: "past" });
    expect(cancelDecision(facts({ status: "cancelled" }), now, 24)).toEqual({ mayCancel: false, reason: "notActive" });
    expect(cancelDecision(facts({ status: "providerCancelled" }), now, 24)).toEqual({
      mayCancel: false,
      reason: "notActive",
    });
    expect(cancelDecision(facts({ checkedInAt: now }), now, 24)).toEqual({ mayCancel: false, reason: "checkedIn" });
  });
});

describe("self check-in status", () => {
  it("opens 30 minutes before the start and closes when the appointment ends", () => {
    expect(selfCheckInStatus(facts({ startsAt: minutes(31) }), now)).toBe("tooEarly");
    expect(selfCheckInStatus(facts({ startsAt: minutes(30) }), now)).toBe("allowed");
    expect(selfCheckInStatus(facts({ startsAt: minutes(-29) }), now)).toBe("allowed");
    expect(selfCheckInStatus(facts({ startsAt: minutes(-31) }), now)).toBe("statusNotAvailable");
  });

  it("reports checked in, remote and cancelled appointments", () => {
    expect(selfCheckInStatus(facts({ startsAt: minutes(10), checkedInAt: now }), now)).toBe("checkedIn");
    expect(selfCheckInStatus(facts({ startsAt: minutes(10), isRemote: true }), now)).toBe("onlyAtReception");
    expect(selfCheckInStatus(facts({ startsAt: minutes(10), status: "providerCancelled" }), now)).toBe(
      "statusNotAvailable",
    );
  });
});

describe("parseAppointmentIds", () => {
  it("reads one id or a comma-separated list, without duplicates", () => {
    expect(parseAppointmentIds("12")).toEqual([12]);
    expect(parseAppointmentIds("12,13,12")).toEqual([12, 13]);
    expect(parseAppointmentIds("2147483647")).toEqual([2147483647]);
  });

  it("refuses anything else", () => {
    for (const bad of [
      undefined,
      "",
      "abc",
      "12,",
      ",12",
      "1;2",
      "-1",
      "0",
      "1.5",
      "012",
      " 12",
      "0x1f",
      "1e3",
      "2147483648",
      Array.from({ length: 21 }, (_, i) => i + 1).join(","),
    ]) {
      expect(parseAppointmentIds(bad), String(bad)).toBeNull();
    }
  });
});

describe("cancelResponse", () => {
  it("maps results to the API's types and statuses; a repeated cancel is a success", () => {
    expect(cancelResponse("success")).toEqual({ status: 200, type: "Success" });
    expect(cancelResponse("alreadyCancelled")).toEqual({ status: 200, type: "Success" });
    expect(cancelResponse("notFound")).toEqual({ status: 404, type: "NotFound" });
    expect(cancelResponse("tooLate")).toEqual({ status: 409, type: "TooLate" });
    expect(cancelResponse("notCancellable")).toEqual({ status: 409, type: "CancelFailed" });
  });
});

it("builds a maps search link from the name and address", () => {
  expect(mapsSearchUrl("Solmu Kamppi", "Urho Kekkosen katu 1, 00100 Helsinki")).toBe(
    "https://www.google.com/maps/search/?api=1&query=Solmu%20Kamppi%2C%20Urho%20Kekkosen%20katu%201%2C%2000100%20Helsinki",
  );
});
