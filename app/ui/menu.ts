import type { BrandId, Feature } from "#brands/index";
import { routeTable } from "~/route-table";
import type { Lang } from "~/lib/lang";

export type MenuItem = { routeId: string; labelKey: string; badge?: number; mobileOnly?: boolean };
export type MenuGroup = { labelKey: string | null; items: MenuItem[] };

const existing = new Set<string>(routeTable.map((r) => r.id));

/**
 * The side menu of spec part 1 §2 "Layout", gated by brand, feature flags and the user. Items whose page is not
 * in the route table (or is hidden in the brand) are left out, and so is a group left empty.
 */
export function menuGroups(input: {
  brandId: BrandId;
  hiddenPages: string[];
  features: Feature[];
  lang: Lang;
  user: { hasOccupationalCare: boolean; unreadMessages?: number } | null;
}): MenuGroup[] {
  const on = (f: Feature) => input.features.includes(f);
  const groups: MenuGroup[] = [{ labelKey: null, items: [{ routeId: "home", labelKey: "common.menu.home" }] }];

  if (input.user?.hasOccupationalCare && input.brandId !== "pikkujatti") {
    const items: MenuItem[] = [];
    if (on("customer-messaging-enabled") && on("customer-messaging-allowed"))
      items.push({ routeId: "conversations", labelKey: "common.menu.messages", badge: input.user.unreadMessages });
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
  if (input.user) other.push({ routeId: "appointments", labelKey: "common.menu.appointments" });
  if (on("pikkutsatti")) other.push({ routeId: "chatMoved", labelKey: "common.menu.chat" });
  other.push({ routeId: "invoices", labelKey: "common.menu.invoices" });
  if (input.user) other.push({ routeId: "myInformation", labelKey: "common.menu.myInformation" });
  if (input.lang === "fi") other.push({ routeId: "help", labelKey: "common.menu.help" });
  if (input.user) other.push({ routeId: "logout", labelKey: "common.menu.logout", mobileOnly: true });
  groups.push({ labelKey: null, items: other });

  return groups
    .map((g) => ({
      ...g,
      items: g.items.filter((i) => existing.has(i.routeId) && !input.hiddenPages.includes(i.routeId)),
    }))
    .filter((g) => g.items.length > 0);
}

/** Whether the menu has the messages item, so its unread count is worth reading. */
export function showsMessagesItem(
  input: Omit<Parameters<typeof menuGroups>[0], "user"> & {
    user: { hasOccupationalCare: boolean } | null;
  },
): boolean {
  return menuGroups(input).some((g) => g.items.some((i) => i.routeId === "conversations"));
}
