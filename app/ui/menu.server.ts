import type { BrandId, Feature } from "#brands/index";
import { hasPage, type RouteId } from "~/route-table";
import type { Lang } from "~/lib/lang";
import { MENU_TEXTS, type MenuGroup, type MenuItem, type MenuLinks } from "./root-data";

export type { MenuGroup, MenuItem };

export type MenuInput = {
  brandId: BrandId;
  hiddenPages: readonly string[];
  /** The brand's flags in this environment, with the person's own (`is-finnair-sickness-fund-member`). */
  features: readonly Feature[];
  lang: Lang;
  user: { hasOccupationalCare: boolean; unreadMessages?: number } | null;
};

/** Whether the brand has page `id`: it is in the route table and not among the brand's hidden pages. */
export function pageExists(id: RouteId, hiddenPages: readonly string[]): boolean {
  return hasPage(id) && !hiddenPages.includes(id);
}

/**
 * The logged-in person's record pages, in the menu's "other pages" (spec part 1 §2 "Layout"). Each page needs a
 * login and nothing more (their loaders: `requireUser`); those the children's brand lacks are its hidden pages.
 */
const RECORD_PAGES: readonly MenuItem[] = [
  { routeId: "laboratory", labelKey: "common.menu.laboratory" },
  { routeId: "imaging", labelKey: "common.menu.imaging" },
  { routeId: "visits", labelKey: "common.menu.visits" },
  { routeId: "prescriptions", labelKey: "common.menu.prescriptions" },
  { routeId: "questionnaireList", labelKey: "common.menu.questionnaires" },
  { routeId: "vaccinations", labelKey: "common.menu.vaccinations" },
  { routeId: "certificates", labelKey: "common.menu.certificates" },
];

/**
 * The side menu of spec part 1 §2 "Layout", gated by brand, feature flags and the user: home; the occupational
 * group (messages, occupational booking, the team) for a user with occupational care outside the children's brand;
 * the sickness-fund group with both sickness-fund flags; other pages; chat with `pikkutsatti`; invoices; my
 * information; the help page in Finnish; log out (mobile only). Items whose page is not in the route table (or is
 * hidden in the brand) are left out, and so is a group left empty.
 */
export function menuGroups(input: MenuInput): MenuGroup[] {
  const on = (f: Feature) => input.features.includes(f);
  const user = input.user;
  const groups: MenuGroup[] = [{ labelKey: null, items: [{ routeId: "home", labelKey: "common.menu.home" }] }];

  if (user?.hasOccupationalCare && input.brandId !== "pikkujatti") {
    const items: MenuItem[] = [];
    if (on("customer-messaging-enabled") && on("customer-messaging-allowed"))
      items.push({ routeId: "conversations", labelKey: "common.menu.messages", badge: user.unreadMessages });
    if (on("ohc-appointment-search"))
      items.push({ routeId: "occupationalBooking", labelKey: "common.menu.occupationalBooking" });
    items.push({ routeId: "occupationalHealthTeam", labelKey: "common.menu.healthCareTeam" });
    groups.push({ labelKey: "common.menu.occupationalGroup", items });
  }
  if (on("sickness-fund-page") && on("is-finnair-sickness-fund-member")) {
    groups.push({
      labelKey: "common.menu.sicknessFundGroup",
      items: [{ routeId: "sicknessFund", labelKey: "common.menu.sicknessFund" }],
    });
  }
  const other: MenuItem[] = [{ routeId: "booking", labelKey: "common.menu.booking" }];
  if (user) other.push({ routeId: "appointments", labelKey: "common.menu.appointments" }, ...RECORD_PAGES);
  if (on("pikkutsatti")) other.push({ routeId: "chatMoved", labelKey: "common.menu.chat" });
  other.push({ routeId: "invoices", labelKey: "common.menu.invoices" });
  if (user) other.push({ routeId: "myInformation", labelKey: "common.menu.myInformation" });
  if (input.lang === "fi") other.push({ routeId: "help", labelKey: "common.menu.help" });
  if (user) other.push({ routeId: "logout", labelKey: "common.menu.logout", mobileOnly: true });
  groups.push({ labelKey: null, items: other });

  return groups
    .map((g) => ({ ...g, items: g.items.filter((i) => pageExists(i.routeId, input.hiddenPages)) }))
    .filter((g) => g.items.length > 0);
}

/** The user menu's pages (a logged-in person's): like the side menu, only those the brand has. */
const USER_MENU: readonly MenuItem[] = [
  { routeId: "myInformation", labelKey: "common.menu.myInformation" },
  { routeId: "logout", labelKey: "common.menu.logout" },
];

export function userMenuItems(hiddenPages: readonly string[]): MenuItem[] {
  return USER_MENU.filter((item) => pageExists(item.routeId, hiddenPages));
}

/** Whether the menu has the messages item, so its unread count is worth reading. */
export function showsMessagesItem(
  input: Omit<MenuInput, "user"> & { user: { hasOccupationalCare: boolean } | null },
): boolean {
  return menuGroups(input).some((g) => g.items.some((i) => i.routeId === "conversations"));
}

/** The menu's groups as the browser gets them. */
export function menuLinks(groups: MenuGroup[]): MenuLinks[] {
  const label = (key: string) => key.slice(MENU_TEXTS.length);
  return groups.map((g) => ({
    label: g.labelKey && label(g.labelKey),
    items: g.items.map(({ routeId, labelKey, ...rest }) =>
      label(labelKey) === routeId ? { routeId, ...rest } : { routeId, label: label(labelKey), ...rest },
    ),
  }));
}
