import { describe, expect, it } from "vitest";
import {
  brands,
  customerServicePhone,
  parseFeatureOverrides,
  withFeatureOverrides,
  type Brand,
  type Environment,
} from "#brands/index";

describe("customerServicePhone", () => {
  const withFlag = (brand: Brand, environment: Environment, on: boolean): Brand => {
    const others = brand.features[environment].filter((f) => f !== "alternative-customer-service-phone");
    return {
      ...brand,
      features: {
        ...brand.features,
        [environment]: on ? [...others, "alternative-customer-service-phone"] : others,
      },
    };
  };

  it("is the main brand's usual number while the flag is off", () => {
    expect(customerServicePhone(withFlag(brands.main, "production", false), "production")).toBe("030 600 5000");
  });

  it("is the main brand's alternative number while the flag is on, in that environment only", () => {
    const brand = withFlag(brands.main, "production", true);
    expect(customerServicePhone(brand, "production")).toBe("030 600 5050");
    expect(customerServicePhone(brand, "development")).toBe("030 600 5000");
  });

  it("keeps the usual number of a brand that has no alternative one, flag or not", () => {
    expect(customerServicePhone(withFlag(brands.pikkujatti, "development", true), "development")).toBe("030 600 7000");
  });

  it("is off in every brand and environment as shipped", () => {
    for (const brand of Object.values(brands))
      for (const environment of ["development", "production"] as const) {
        expect(brand.features[environment]).not.toContain("alternative-customer-service-phone");
        expect(customerServicePhone(brand, environment)).toBe(brand.customerServicePhone);
      }
  });
});

describe("FEATURES_ON / FEATURES_OFF", () => {
  it("parses flags for every brand and for one brand", () => {
    expect(parseFeatureOverrides(" pikkutsatti , main:alternative-customer-service-phone", "pikkujatti:mfa")).toEqual([
      { brand: null, feature: "pikkutsatti", on: true },
      { brand: "main", feature: "alternative-customer-service-phone", on: true },
      { brand: "pikkujatti", feature: "mfa", on: false },
    ]);
    expect(parseFeatureOverrides(undefined, "")).toEqual([]);
  });

  it("refuses an unknown flag or brand", () => {
    expect(() => parseFeatureOverrides("pikkuchat", undefined)).toThrow(/unknown feature flag: pikkuchat/);
    expect(() => parseFeatureOverrides("other:mfa", undefined)).toThrow(/unknown brand/);
    // A person's flag is the person's: switching it for a whole brand would show a menu group whose page says 404.
    expect(() => parseFeatureOverrides("is-finnair-sickness-fund-member", undefined)).toThrow(/person's flag/);
  });

  it("switches the flags of the environment without changing the brands", () => {
    const before = structuredClone(brands.main.features);
    const lists = withFeatureOverrides(
      brands,
      "production",
      parseFeatureOverrides("pikkutsatti,main:alternative-customer-service-phone", "mfa"),
    );
    expect(lists.main).toContain("pikkutsatti");
    expect(lists.main).toContain("alternative-customer-service-phone");
    expect(lists.main).not.toContain("mfa");
    expect(lists.pikkujatti).toContain("pikkutsatti");
    expect(lists.pikkujatti).not.toContain("alternative-customer-service-phone");
    expect(lists.pikkujatti).not.toContain("mfa");
    expect(lists.main).toContain("customer-messaging-allowed");
    expect(brands.main.features).toEqual(before);
  });
});
