import { data, type RouterContextProvider } from "react-router";
import type { Feature } from "#brands/index";
import { requestInfo } from "./context";

/** Whether a feature flag is on for the request's brand in this environment (brands/<brand>/brand.ts). */
export function featureOn(context: Readonly<RouterContextProvider>, feature: Feature): boolean {
  const { brand, environment } = requestInfo(context);
  return brand.features[environment].includes(feature);
}

/** A page that exists only with the feature: without it the page is not found, like a page the brand lacks. */
export function requireFeature(context: Readonly<RouterContextProvider>, feature: Feature): void {
  if (!featureOn(context, feature)) throw data(null, { status: 404 });
}
