import { describe, expect, it } from "vitest";
import type { BrandId, Feature } from "#brands/index";
import { brands } from "#brands/index";
import type { Lang } from "~/lib/lang";
import { routeTable } from "~/route-table";
import { menuGroups, showsMessagesItem, type MenuGroup } from "./menu";

const ALL_FEATURES: Feature[] = [
  "mfa",
  "pikkutsatti",
  "sickness-fund-page",
  "is-finnair-sickness-fund-member",
  "customer-messaging-enabled",
  "customer-messaging-allowed",
  "ohc-appointment-search",
  "kela65",
  "price-details",
  "pohjola-company-insurance-flow",
  "lahitapiola-insurance-flow",
];

function menuInput(overrides: Partial<Parameters<typeof menuGroups>[0]> = {}): Parameters<typeof menuGroups>[0] {
  return { brandId: "main", hiddenPages: [], features: ALL_FEATURES, lang: "fi", user: null, ...overrides };
}

function menu(overrides: Partial<Parameters<typeof menuGroups>[0]> = {}): MenuGroup[] {
  return menuGroups(menuInput(overrides));
}

const routeIds = (groups: MenuGroup[]) => groups.flatMap((g) => g.items.map((i) => i.routeId));
const groupKeys = (groups: MenuGroup[]) => groups.map((g) => g.labelKey);
const loggedIn = { hasOccupationalCare: true, unreadMessages: 3 };

describe("menuGroups with today's route table", () => {
  it("gives an anonymous user the home page, booking and invoices (which asks for login), without log-out", () => {
    const groups = menu();
    expect(groups).toEqual([
      { labelKey: null, items: [{ routeId: "home", labelKey: "common.menu.home" }] },
      {
        labelKey: null,
        items: [
          { routeId: "booking", labelKey: "common.menu.booking" },
          { routeId: "invoices", labelKey: "common.menu.invoices" },
        ],
      },
    ]);
    expect(routeIds(groups)).not.toContain("logout");
  });

  it("gives a logged-in user a mobile-only log-out item", () => {
    const groups = menu({ user: loggedIn });
    expect(groups).toEqual([
      { labelKey: null, items: [{ routeId: "home", labelKey: "common.menu.home" }] },
      {
        labelKey: "common.menu.occupationalGroup",
        items: [
          { routeId: "conversations", labelKey: "common.menu.messages", badge: 3 },
          { routeId: "occupationalBooking", labelKey: "common.menu.occupationalBooking" },
          { routeId: "occupationalHealthTeam", labelKey: "common.menu.healthCareTeam" },
        ],
      },
      {
        labelKey: null,
        items: [
          { routeId: "booking", labelKey: "common.menu.booking" },
          { routeId: "appointments", labelKey: "common.menu.appointments" },
          { routeId: "invoices", labelKey: "common.menu.invoices" },
          { routeId: "myInformation", labelKey: "common.menu.myInformation" },
          { routeId: "logout", labelKey: "common.menu.logout", mobileOnly: true },
        ],
      },
    ]);
  });

  it("leaves out items whose page is not in the route table", () => {
    const existing = new Set<string>(routeTable.map((r) => r.id));
    for (const brandId of ["main", "pikkujatti"] as BrandId[]) {
      for (const lang of ["fi", "sv", "en"] as Lang[]) {
        for (const user of [null, loggedIn, { hasOccupationalCare: false }]) {
          const ids = routeIds(menu({ brandId, lang, user }));
          expect(
            ids.every((id) => existing.has(id)),
            ids.join(),
          ).toBe(true);
          expect(ids).toContain("invoices");
          expect(ids).not.toContain("help");
        }
      }
    }
  });

  it("drops groups left empty (the sickness-fund group has no page yet)", () => {
    for (const brandId of ["main", "pikkujatti"] as BrandId[]) {
      for (const user of [null, loggedIn, { hasOccupationalCare: false }]) {
        const groups = menu({ brandId, user });
        expect(groups.every((g) => g.items.length > 0)).toBe(true);
        expect(groupKeys(groups).includes("common.menu.occupationalGroup")).toBe(
          brandId === "main" && user === loggedIn,
        );
        expect(groupKeys(groups)).not.toContain("common.menu.sicknessFundGroup");
      }
    }
  });

  it("removes the brand's hidden pages", () => {
    expect(routeIds(menu({ user: loggedIn, hiddenPages: ["logout"] }))).toEqual([
      "home",
      "conversations",
      "occupationalBooking",
      "occupationalHealthTeam",
      "booking",
      "appointments",
      "invoices",
      "myInformation",
    ]);
    expect(menu({ hiddenPages: ["home", "booking", "invoices"] })).toEqual([]);
  });

  it("gives the brands' real hidden pages no effect on the pages that exist", () => {
    expect(
      routeIds(menu({ brandId: "pikkujatti", hiddenPages: brands.pikkujatti.hiddenPages, user: loggedIn })),
    ).toEqual(["home", "booking", "appointments", "invoices", "myInformation", "logout"]);
  });
});

describe("showsMessagesItem", () => {
  it("is true only where the menu has the messages item, so the unread count is read only then", () => {
    expect(showsMessagesItem(menuInput({ user: loggedIn }))).toBe(true);
    expect(showsMessagesItem(menuInput({ user: { hasOccupationalCare: false } }))).toBe(false);
    expect(showsMessagesItem(menuInput({ user: null }))).toBe(false);
    expect(showsMessagesItem(menuInput({ brandId: "pikkujatti", user: loggedIn }))).toBe(false);
    expect(showsMessagesItem(menuInput({ user: loggedIn, features: ["customer-messaging-allowed"] }))).toBe(false);
  });
});
