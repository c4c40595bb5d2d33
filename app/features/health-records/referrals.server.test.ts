import { describe, expect, it } from "vitest";
import { dayText, orderReferrals } from "./referrals.server";

const now = new Date("2026-11-20T10:00:00Z");

describe("orderReferrals", () => {
  it("puts the valid ones first, each group newest first", () => {
    const rows = [
      { id: 1, title: "old valid", createdOn: "2026-10-31", validUntil: "2026-11-21" },
      { id: 2, title: "expired, new", createdOn: "2026-11-19", validUntil: "2026-11-19" },
      { id: 3, title: "valid today", createdOn: "2026-11-15", validUntil: "2026-11-20" },
      { id: 4, title: "expired, old", createdOn: "2026-08-22", validUntil: "2026-11-10" },
      { id: 5, title: "same day, later id", createdOn: "2026-11-15", validUntil: "2026-12-15" },
    ];
    expect(orderReferrals(rows, now).map((r) => r.id)).toEqual([5, 3, 1, 2, 4]);
    // The input is left as it was.
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("dayText", () => {
  it("writes a calendar day as the portal shows dates", () => {
    expect(dayText("2026-02-03", "fi")).toBe("3.2.2026");
    expect(dayText("2026-02-03", "en")).toBe("3 February 2026");
  });
});
