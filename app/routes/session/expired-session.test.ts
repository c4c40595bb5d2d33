import { describe, expect, it } from "vitest";
import { timeoutInUnits } from "./expired-session";

describe("timeoutInUnits", () => {
  it("uses the largest whole unit", () => {
    expect(timeoutInUnits(1800)).toEqual({ timeout: 30, unit: "minutes" });
    expect(timeoutInUnits(3600)).toEqual({ timeout: 1, unit: "hours" });
    expect(timeoutInUnits(7200)).toEqual({ timeout: 2, unit: "hours" });
    expect(timeoutInUnits(86400)).toEqual({ timeout: 1, unit: "days" });
    expect(timeoutInUnits(172800)).toEqual({ timeout: 2, unit: "days" });
  });

  it("falls back to a smaller unit when the larger one is not whole", () => {
    expect(timeoutInUnits(5400)).toEqual({ timeout: 90, unit: "minutes" });
    expect(timeoutInUnits(90000)).toEqual({ timeout: 25, unit: "hours" });
    expect(timeoutInUnits(45)).toEqual({ timeout: 45, unit: "seconds" });
    expect(timeoutInUnits(61)).toEqual({ timeout: 61, unit: "seconds" });
  });
});
