import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Feature } from "#brands/index";
import { setRoutePaths } from "~/route-table";
import { routePaths } from "~/route-table/pages.server";
import { menuGroups, pageExists, type MenuGroup, type MenuInput } from "./menu.server";

// A route table without some of the pages the menu links to: the menu must leave out what is not there (a page not
// built, or removed), and a group left empty with it.
const MISSING = ["help", "sicknessFund", "vaccinations", "occupationalHealthTeam", "occupationalBooking"];
beforeAll(() => setRoutePaths(Object.fromEntries(Object.entries(routePaths).filter(([id]) => !MISSING.includes(id)))));
afterAll(() => setRoutePaths(routePaths));

const ALL: Feature[] = [
  "customer-messaging-enabled",
  "customer-messaging-allowed",
  "ohc-appointment-search",
  "sickness-fund-page",
  "is-finnair-sickness-fund-member",
  "pikkutsatti",
];

function menu(overrides: Partial<MenuInput> = {}): MenuGroup[] {
  return menuGroups({
    brandId: "main",
    hiddenPages: [],
    features: ALL,
    lang: "fi",
    user: { hasOccupationalCare: true, unreadMessages: 1 },
    ...overrides,
  });
}
const routeIds = (groups: MenuGroup[]) => groups.flatMap((g) => g.items.map((i) => i.routeId));

describe("menu items whose page is absent", () => {
  it("are left out, and a group left empty is dropped", () => {
    const groups = menu();
    for (const id of MISSING) expect(routeIds(groups)).not.toContain(id);
    expect(groups.map((g) => g.labelKey)).toEqual([null, "common.menu.occupationalGroup", null]);
    expect(groups[1].items.map((i) => i.routeId)).toEqual(["conversations"]);
  });

  it("are left out when the brand hides the page", () => {
    const groups = menu({ hiddenPages: ["conversations", "invoices", "logout"] });
    expect(groups.map((g) => g.labelKey)).toEqual([null, null]);
    expect(routeIds(groups)).toEqual([
      "home",
      "booking",
      "appointments",
      "laboratory",
      "imaging",
      "visits",
      "prescriptions",
      "questionnaireList",
      "certificates",
      "chatMoved",
      "myInformation",
    ]);
  });

  it("are told apart by pageExists, which the user menu uses too", () => {
    expect(pageExists("myInformation", [])).toBe(true);
    expect(pageExists("myInformation", ["myInformation"])).toBe(false);
    expect(pageExists("help", [])).toBe(false);
    expect(pageExists("logout", ["certificates"])).toBe(true);
  });
});
