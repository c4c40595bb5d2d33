import { describe, expect, it } from "vitest";
import {
  daysBetween,
  formatRange,
  formatResultNumber,
  isCalendarDay,
  labReadiness,
  rangePosition,
  referralStatus,
  validityHint,
} from "./rules";
import { helsinkiToday } from "~/lib/format";

// Wednesday 25 November 2026, 23:30 in Helsinki (21:30 UTC): late enough that a UTC day would be wrong.
const NOW = new Date("2026-11-25T21:30:00Z");

describe("helsinkiToday and daysBetween", () => {
  it("uses the Helsinki calendar day", () => {
    expect(helsinkiToday(NOW)).toBe("2026-11-25");
    expect(helsinkiToday(new Date("2026-11-25T22:30:00Z"))).toBe("2026-11-26");
  });
  it("counts whole days across a DST change", () => {
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2026-11-25", "2026-11-20")).toBe(-5);
  });
});

describe("isCalendarDay", () => {
  it("accepts real days only", () => {
    expect(isCalendarDay("2026-02-28")).toBe(true);
    expect(isCalendarDay("2026-02-30")).toBe(false);
    expect(isCalendarDay("2026-2-3")).toBe(false);
    expect(isCalendarDay("today")).toBe(false);
  });
});

describe("referralStatus", () => {
  it("is valid until the end of the validUntil day", () => {
    expect(referralStatus("2026-11-25", NOW)).toBe("valid");
    expect(referralStatus("2026-11-24", NOW)).toBe("expired");
    // Ten minutes past midnight in Helsinki the previous day's referral has run out.
    expect(referralStatus("2026-11-25", new Date("2026-11-25T22:10:00Z"))).toBe("expired");
  });
});

describe("validityHint", () => {
  const plus = (days: number) => {
    const d = new Date(Date.parse("2026-11-25T12:00:00Z") + days * 86_400_000);
    return d.toISOString().slice(0, 10);
  };
  it("says today at 0 days and tomorrow's weekday at 1", () => {
    expect(validityHint(plus(0), NOW, "en")).toEqual({ kind: "today" });
    expect(validityHint(plus(1), NOW, "en")).toEqual({ kind: "tomorrow", weekday: "Thursday" });
    expect(validityHint(plus(1), NOW, "fi")).toEqual({ kind: "tomorrow", weekday: "torstai" });
    expect(validityHint(plus(1), NOW, "sv")).toEqual({ kind: "tomorrow", weekday: "torsdag" });
  });
  it("gives a date from 2 to 7 days and from 27 to 30 days", () => {
    expect(validityHint(plus(2), NOW, "fi")).toEqual({ kind: "date", date: "27.11.2026" });
    expect(validityHint(plus(7), NOW, "en")).toEqual({ kind: "date", date: "2 December 2026" });
    expect(validityHint(plus(27), NOW, "fi")).toEqual({ kind: "date", date: "22.12.2026" });
    expect(validityHint(plus(30), NOW, "fi")).toEqual({ kind: "date", date: "25.12.2026" });
  });
  it("gives whole weeks when more than 7 and fewer than 27 days remain", () => {
    expect(validityHint(plus(8), NOW, "fi")).toEqual({ kind: "weeks", weeks: 1 });
    expect(validityHint(plus(14), NOW, "fi")).toEqual({ kind: "weeks", weeks: 2 });
    expect(validityHint(plus(26), NOW, "fi")).toEqual({ kind: "weeks", weeks: 3 });
  });
  it("gives nothing for expired referrals or more than 30 days", () => {
    expect(validityHint(plus(-1), NOW, "fi")).toBeNull();
    expect(validityHint(plus(31), NOW, "fi")).toBeNull();
  });
});

describe("labReadiness", () => {
  it("is ready only when every item is ready", () => {
    expect(labReadiness([{ status: "ready" }, { status: "ready" }])).toBe("ready");
    expect(labReadiness([{ status: "ready" }, { status: "sampled" }])).toBe("pending");
    expect(labReadiness([{ status: "ready" }, { status: "referral" }])).toBe("pending");
    expect(labReadiness([])).toBe("ready");
  });
});

describe("rangePosition and its wording", () => {
  it("places a value below, within or above the range, limits included", () => {
    expect(rangePosition(112, 117, 155)).toBe("below");
    expect(rangePosition(117, 117, 155)).toBe("within");
    expect(rangePosition(155, 117, 155)).toBe("within");
    expect(rangePosition(5.4, 3.5, 5.1)).toBe("above");
  });
  it("works with one limit and says nothing without limits", () => {
    expect(rangePosition(3, null, 10)).toBe("within");
    expect(rangePosition(42, null, 10)).toBe("above");
    expect(rangePosition(0.2, 0.5, null)).toBe("below");
    expect(rangePosition(2, null, null)).toBeNull();
  });
  it("writes numbers and ranges as the language does", () => {
    expect(formatResultNumber(5.1, "fi")).toBe("5,1");
    expect(formatResultNumber(5.1, "en")).toBe("5.1");
    expect(formatResultNumber(-0.4, "sv")).toBe("−0,4");
    expect(formatRange(3.5, 5.1, "fi")).toBe("3,5–5,1");
    expect(formatRange(3.5, 5.1, "en")).toBe("3.5–5.1");
    expect(formatRange(null, 10, "en")).toBe("≤ 10");
    expect(formatRange(0.5, null, "fi")).toBe("≥ 0,5");
    expect(formatRange(null, null, "fi")).toBeNull();
  });
});
