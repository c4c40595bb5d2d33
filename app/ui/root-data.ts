import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/root";
import { DEFAULT_LANG, type Lang } from "~/lib/lang";

/** The root loader's data; undefined only when the root loader itself failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

export function useLang(): Lang {
  return useRootData()?.lang ?? DEFAULT_LANG;
}

export function useBrand() {
  return useRootData()?.brand;
}

export function useCsrfToken(): string {
  return useRootData()?.csrfToken ?? "";
}
