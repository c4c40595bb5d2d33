import { describe, expect, it } from "vitest";
import {
  OFFER_HOLD_MINUTES,
  mayAskEarlierTime,
  readEarlierTimeForm,
  slotMatches,
  type RequestFacts,
  type SlotFacts,
} from "./earlier-time";
import { offerText } from "./earlier-time-job.server";

// A Friday noon in Helsinki (UTC+2 in November).
const now = new Date("2026-11-20T10:00:00Z");
const HOUR = 3_600_000;
const at = (hours: number) => new Date(now.getTime() + hours * HOUR);

const request: RequestFacts = {
  match: "serviceAtClinic",
  practitionerId: "P-AHO",
  specialtyId: "YLE",
  clinicId: "HKI-KAMPPI",
  untilDate: "2026-11-25",
  currentStartsAt: new Date("2026-11-30T08:00:00Z"),
  careType: "private",
};
const slot: SlotFacts = {
  practitionerId: "P-OTHER",
  specialtyId: "YLE",
  clinicId: "HKI-KAMPPI",
  startsAt: at(24),
  careTypes: ["private", "insurance"],
};

describe("which free slot matches which request", () => {
  it("the same service at the same clinic, or the same practitioner anywhere", () => {
    expect(slotMatches(request, slot, now)).toBe(true);
    expect(slotMatches(request, { ...slot, clinicId: "ESP-LEPPAVAARA" }, now)).toBe(false);
    expect(slotMatches(request, { ...slot, specialtyId: "GYN" }, now)).toBe(false);
    const byPractitioner = { ...request, match: "practitioner" as const };
    expect(slotMatches(byPractitioner, slot, now)).toBe(false);
    expect(slotMatches(byPractitioner, { ...slot, practitionerId: "P-AHO", clinicId: "ESP-LEPPAVAARA" }, now)).toBe(
      true,
    );
  });

  it("only earlier than the appointment held, on or before the latest date, and at least two hours ahead", () => {
    // The latest date is a Helsinki day: 25.11. 23.30 Helsinki is 21.30 UTC, still in it; 26.11. 00.30 is not.
    expect(slotMatches(request, { ...slot, startsAt: new Date("2026-11-25T21:30:00Z") }, now)).toBe(true);
    expect(slotMatches(request, { ...slot, startsAt: new Date("2026-11-25T22:30:00Z") }, now)).toBe(false);
    const late = { ...request, untilDate: "2026-12-31" };
    expect(slotMatches(late, { ...slot, startsAt: request.currentStartsAt }, now)).toBe(false);
    expect(slotMatches(late, { ...slot, startsAt: new Date(request.currentStartsAt.getTime() - 1) }, now)).toBe(true);
    expect(slotMatches(request, { ...slot, startsAt: at(2) }, now)).toBe(true);
    expect(slotMatches(request, { ...slot, startsAt: at(1.9) }, now)).toBe(false);
  });

  it("only a slot reservable as the same kind of customer", () => {
    expect(slotMatches({ ...request, careType: "kela65" }, slot, now)).toBe(false);
    expect(slotMatches({ ...request, careType: "insurance" }, slot, now)).toBe(true);
  });
});

describe("asking for an earlier time", () => {
  const starts = new Date("2026-11-27T08:00:00Z");
  it("takes a match and a latest date from today to the day before the appointment", () => {
    expect(readEarlierTimeForm({ match: "practitioner", untilDate: "2026-11-20" }, starts, now)).toEqual({
      value: { match: "practitioner", untilDate: "2026-11-20" },
    });
    expect(readEarlierTimeForm({ match: "serviceAtClinic", untilDate: "2026-11-26" }, starts, now)).toEqual({
      value: { match: "serviceAtClinic", untilDate: "2026-11-26" },
    });
  });

  it("names each wrong field", () => {
    const errors = (form: { match?: unknown; untilDate?: unknown }) => {
      const read = readEarlierTimeForm(form, starts, now);
      return "errors" in read ? read.errors : null;
    };
    expect(errors({ match: "", untilDate: "" })).toEqual({
      match: "appointments.earlierTime.errors.matchRequired",
      untilDate: "appointments.earlierTime.errors.untilRequired",
    });
    expect(errors({ match: "anything", untilDate: "2026-11-21" })).toEqual({
      match: "appointments.earlierTime.errors.matchRequired",
    });
    expect(errors({ match: "practitioner", untilDate: "2026-02-30" })).toEqual({
      untilDate: "appointments.earlierTime.errors.untilInvalid",
    });
    expect(errors({ match: "practitioner", untilDate: "2026-11-19" })).toEqual({
      untilDate: "appointments.earlierTime.errors.untilPast",
    });
    expect(errors({ match: "practitioner", untilDate: "2026-11-27" })).toEqual({
      untilDate: "appointments.earlierTime.errors.untilTooLate",
    });
  });

  it("is possible for an appointment on a later day only", () => {
    expect(mayAskEarlierTime(new Date("2026-11-20T20:00:00Z"), now)).toBe(false);
    // 22.30 UTC is already the next day in Helsinki.
    expect(mayAskEarlierTime(new Date("2026-11-20T22:30:00Z"), now)).toBe(true);
  });
});

describe("the offer SMS", () => {
  const facts = {
    startsAt: new Date("2026-11-23T08:00:00Z"),
    specialtyId: "YLE",
    specialtyName: "Yleislääketiede",
    clinicName: "Solmu Kamppi",
    remote: false,
    token: "A".repeat(43),
    lang: "fi" as const,
    brand: "main" as const,
  };

  it("tells the time, the place, the link and how long the time is held", () => {
    const text = offerText(facts);
    expect(text).toContain("23.11.2026 klo 10.00 (Yleislääketiede), Solmu Kamppi");
    expect(text).toContain(`${OFFER_HOLD_MINUTES} minuutiksi`);
    expect(text).toMatch(/\/fi\/aiempi-aika\/A{43}$/);
    expect(offerText({ ...facts, lang: "sv" })).toMatch(/^En tidigare tid är ledig: .*\/sv\/tidigare-tid\/A{43}$/);
    expect(offerText({ ...facts, lang: "en", brand: "pikkujatti" })).toMatch(/\/en\/earlier-time\/A{43}$/);
  });

  it("names no sensitive service, and a remote time no place", () => {
    for (const [specialtyId, name] of [
      ["PSY", "Psykologi"],
      ["PSYK", "Psykiatria"],
      ["SEKS", "Seksuaaliterveys"],
    ]) {
      const text = offerText({ ...facts, specialtyId, specialtyName: name, remote: true, clinicName: "Etä" });
      expect(text).not.toContain(name);
      expect(text).not.toContain("Etä,");
      expect(text).toMatch(/^Aiempi aika vapautui: 23\.11\.2026 klo 10\.00, etävastaanotto\. /);
    }
  });
});
