import { mainBrand } from "./main/brand";
import { pikkujattiBrand } from "./pikkujatti/brand";
import { FEATURES, type Brand, type BrandId, type Environment, type Feature } from "./types";

export type { Brand, BrandId, Environment, Feature } from "./types";
export { FEATURES } from "./types";

export const brands: Record<BrandId, Brand> = { main: mainBrand, pikkujatti: pikkujattiBrand };

/** The brand a host name serves: `pikkujatti.<anything>` is the children's brand, everything else the main brand. */
export function brandForHost(host: string | null | undefined): Brand {
  const name = (host ?? "").toLowerCase().split(":")[0];
  for (const brand of Object.values(brands)) {
    if (brand.hostPrefix && name.startsWith(brand.hostPrefix)) return brand;
  }
  return mainBrand;
}

/**
 * The customer-service number to show and say (spec part 1 §9): the brand's alternative number while its flag
 * `alternative-customer-service-phone` is on, otherwise the usual one. The root loader sends the page this number
 * as `brand.customerServicePhone`; server code that needs the number calls this.
 */
export function customerServicePhone(
  brand: Pick<Brand, "customerServicePhone" | "alternativeCustomerServicePhone" | "features">,
  environment: Environment,
): string {
  const alternative = brand.features[environment].includes("alternative-customer-service-phone");
  return (alternative && brand.alternativeCustomerServicePhone) || brand.customerServicePhone;
}

/** The one flag that belongs to a person, not to a brand: the root adds it for a sickness-fund member. */
const PERSON_FEATURE: Feature = "is-finnair-sickness-fund-member";

export type FeatureOverride = { brand: BrandId | null; feature: Feature; on: boolean };

/**
 * Parses `FEATURES_ON` / `FEATURES_OFF` (comma-separated; `flag` for every brand, `brand:flag` for one), the demo's
 * way to switch flags without editing brand.ts. An unknown brand or flag is an error, so a typo is not silently
 * ignored.
 */
export function parseFeatureOverrides(on: string | undefined, off: string | undefined): FeatureOverride[] {
  const parse = (list: string | undefined, value: boolean): FeatureOverride[] =>
    (list ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => {
        const [brandPart, featurePart] = item.includes(":") ? item.split(":", 2) : [null, item];
        if (brandPart !== null && !(brandPart in brands)) throw new Error(`unknown brand in feature list: ${item}`);
        if (!(FEATURES as readonly string[]).includes(featurePart!))
          throw new Error(`unknown feature flag: ${featurePart} (known: ${FEATURES.join(", ")})`);
        if (featurePart === PERSON_FEATURE)
          throw new Error(`${PERSON_FEATURE} is a person's flag (people.is_sickness_fund_member), not a brand's`);
        return { brand: brandPart as BrandId | null, feature: featurePart as Feature, on: value };
      });
  return [...parse(on, true), ...parse(off, false)];
}

/** The flag lists of `environment` after the overrides (the brands' own lists are not changed). */
export function withFeatureOverrides(
  all: Record<BrandId, Brand>,
  environment: Environment,
  overrides: readonly FeatureOverride[],
): Record<BrandId, Feature[]> {
  const out = {} as Record<BrandId, Feature[]>;
  for (const id of Object.keys(all) as BrandId[]) {
    const set = new Set(all[id].features[environment]);
    for (const o of overrides) {
      if (o.brand !== null && o.brand !== id) continue;
      if (o.on) set.add(o.feature);
      else set.delete(o.feature);
    }
    out[id] = [...set];
  }
  return out;
}
