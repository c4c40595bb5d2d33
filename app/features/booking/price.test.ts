import { describe, expect, it } from "vitest";
import { formatCents } from "~/lib/format";
import { priceEstimate } from "./price";

const fee = { code: "TOIMISTO", name: "Clinic fee", cents: 1290 };
const base = {
  careType: "private" as const,
  reserved: false,
  kindCode: "VAST",
  rateCents: 8900,
  additionalFees: [fee],
  showDetails: false,
};

describe("price estimate", () => {
  it("is the practitioner's rate plus additional fees, with 'From', without a breakdown by default", () => {
    expect(priceEstimate(base)).toEqual({ totalCents: 10190, rateCents: 8900, from: true, fees: null });
    expect(formatCents(priceEstimate(base)!.totalCents, "fi")).toBe("101,90\u00a0€");
  });

  it("uses the fixed 28.20 € rate for the Y65P, Y65D and Y65V kinds whatever the practitioner's rate", () => {
    for (const kindCode of ["Y65P", "Y65D", "Y65V"]) {
      expect(priceEstimate({ ...base, kindCode, rateCents: 15000, additionalFees: [] })!.totalCents).toBe(2820);
    }
    expect(priceEstimate({ ...base, kindCode: "Y65X", rateCents: 15000, additionalFees: [] })!.totalCents).toBe(15000);
  });

  it("has no 'From' prefix in kela65", () => {
    expect(priceEstimate({ ...base, careType: "kela65", kindCode: "Y65V", additionalFees: [] })).toEqual({
      totalCents: 2820,
      rateCents: 2820,
      from: false,
      fees: null,
    });
  });

  it("is shown only for private and kela65 appointments that are not reserved", () => {
    expect(priceEstimate({ ...base, careType: "insurance" })).toBeNull();
    expect(priceEstimate({ ...base, careType: "occupational" })).toBeNull();
    expect(priceEstimate({ ...base, reserved: true })).toBeNull();
    expect(priceEstimate({ ...base, rateCents: null })).toBeNull();
  });

  it("lists the additional fees only with feature price-details", () => {
    expect(priceEstimate({ ...base, showDetails: true })!.fees).toEqual([fee]);
  });
});
