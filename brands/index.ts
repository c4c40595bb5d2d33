import { mainBrand } from "./main/brand";
import { pikkujattiBrand } from "./pikkujatti/brand";
import type { Brand, BrandId } from "./types";

export type { Brand, BrandId, Environment, Feature } from "./types";

export const brands: Record<BrandId, Brand> = { main: mainBrand, pikkujatti: pikkujattiBrand };

/** The brand a host name serves: `pikkujatti.<anything>` is the children's brand, everything else the main brand. */
export function brandForHost(host: string | null | undefined): Brand {
  const name = (host ?? "").toLowerCase().split(":")[0];
  for (const brand of Object.values(brands)) {
    if (brand.hostPrefix && name.startsWith(brand.hostPrefix)) return brand;
  }
  return mainBrand;
}
