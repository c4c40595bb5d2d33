import { useRouteLoaderData } from "react-router";
import type { Brand, BrandId, Environment } from "#brands/index";
import { DEFAULT_LANG, type Lang } from "~/lib/lang";
import type { RouteId } from "~/route-table";

/** An item of the side menu; `badge` is the count of unread messages. */
export type MenuItem = { routeId: RouteId; labelKey: string; badge?: number; mobileOnly?: boolean };
export type MenuGroup = { labelKey: string | null; items: MenuItem[] };

/**
 * A menu item as the browser gets it (every page's HTML carries it): its text's key under `common.menu` only where
 * it is not the page's id (`menuLabelKey`).
 */
export type MenuLink = { routeId: RouteId; label?: string; badge?: number; mobileOnly?: boolean };
export type MenuLinks = { label: string | null; items: MenuLink[] };

export const MENU_TEXTS = "common.menu.";

/** The key of a menu item's text. */
export const menuLabelKey = (item: MenuLink) => MENU_TEXTS + (item.label ?? item.routeId);

/**
 * What the root loader sends every page (root.tsx's loader `satisfies` it). Declared here, below the root, so the
 * shared components read it without importing the root module.
 */
export type RootData = {
  lang: Lang;
  environment: Environment;
  brand: {
    id: BrandId;
    name: string;
    businessName: string;
    customerServicePhone: string;
    links: Brand["links"];
    logo: { url: string; height: number; width: number };
  };
  /**
   * The side menu and the user menu's items, gated on the server by brand, feature flags and the person
   * (ui/menu.server.ts), so the browser gets the items rather than the rules.
   */
  menu: { groups: MenuLinks[]; userItems: MenuLink[] };
  user: { firstName: string; lastName: string } | null;
  /** The person acted for through a mandate, when not the user. */
  acting: { firstName: string; lastName: string } | null;
  /** Session expiry with the server's now, so a device whose clock is off still warns on time. */
  session: { expiresAt: string; now: string } | null;
  csrfToken: string;
  /** A one-time message after a redirect: an i18n key, never personal data. */
  flash: { type: "success" | "error" | "info"; key: string; timeoutMs?: number } | null;
  /** Which version of the texts the page's text files are (`/texts/<version>/…`). */
  textsVersion: string;
  sentry: { dsn: string; environment: Environment } | null;
  origin: string;
  analyticsConsent: boolean | null;
  /**
   * Analytics events that happened on the server, to record once after hydration (spec part 1 §7); only sent when
   * the visitor has accepted analytics cookies. `loginType` is the identification method, never who logged in.
   */
  analyticsEvents: { consentSaved: boolean; loginType: string | null } | null;
  /** "in-app-booking" while a booking started from the mobile app: no header, footer or promos (spec part 1 §3). */
  sessionScope: "in-app-booking" | null;
};

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
