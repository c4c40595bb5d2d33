import { describe, expect, it } from "vitest";
import { addMonths, clampDate, monthGrid, moveFocus, weekday } from "./calendar";

describe("the calendar of free days", () => {
  it("lays a month out in whole weeks from Monday, from the week of the 1st to the week of the last day", () => {
    // November 2026: Sunday the 1st, Monday the 30th.
    const november = monthGrid("2026-11-17");
    expect(november).toHaveLength(6);
    expect(november[0]).toEqual([
      "2026-10-26",
      "2026-10-27",
      "2026-10-28",
      "2026-10-29",
      "2026-10-30",
      "2026-10-31",
      "2026-11-01",
    ]);
    expect(november[5][0]).toBe("2026-11-30");
    expect(november[5][6]).toBe("2026-12-06");
    // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks.
    const february = monthGrid("2027-02-01");
    expect(february.map((w) => [w[0], w[6]])).toEqual([
      ["2027-02-01", "2027-02-07"],
      ["2027-02-08", "2027-02-14"],
      ["2027-02-15", "2027-02-21"],
      ["2027-02-22", "2027-02-28"],
    ]);
    for (const week of [...november, ...february]) expect(week.map(weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("moves the focused day as the WAI-ARIA date picker's keys do", () => {
    const wednesday = "2026-11-25";
    expect(moveFocus(wednesday, "ArrowLeft")).toBe("2026-11-24");
    expect(moveFocus(wednesday, "ArrowRight")).toBe("2026-11-26");
    expect(moveFocus(wednesday, "ArrowUp")).toBe("2026-11-18");
    expect(moveFocus(wednesday, "ArrowDown")).toBe("2026-12-02");
    expect(moveFocus(wednesday, "Home")).toBe("2026-11-23");
    expect(moveFocus(wednesday, "End")).toBe("2026-11-29");
    expect(moveFocus(wednesday, "PageUp")).toBe("2026-10-25");
    expect(moveFocus(wednesday, "PageDown")).toBe("2026-12-25");
    // A day the next month lacks: its last day.
    expect(moveFocus("2027-01-31", "PageDown")).toBe("2027-02-28");
    expect(moveFocus("2026-12-31", "ArrowRight")).toBe("2027-01-01");
    expect(moveFocus(wednesday, "a")).toBeNull();
  });

  it("pages months across the year and keeps dates within bounds", () => {
    expect(addMonths("2026-12-01", 1)).toBe("2027-01-01");
    expect(addMonths("2026-01-01", -1)).toBe("2025-12-01");
    expect(clampDate("2026-11-20", "2026-11-27", "2027-11-30")).toBe("2026-11-27");
    expect(clampDate("2028-01-01", "2026-11-27", "2027-11-30")).toBe("2027-11-30");
    expect(clampDate("2026-12-24", "2026-11-27", "2027-11-30")).toBe("2026-12-24");
  });
});
