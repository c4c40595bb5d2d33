import { describe, expect, it, vi } from "vitest";
import type { Feature } from "#brands/index";
import { menuGroups, type MenuGroup } from "./menu";

// Pages the menu links to but that are not built yet; adding them to the table exposes the menu's gating rules.
vi.mock("~/route-table", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/route-table")>();
  const extra = ["conversations", "occupationalHealthTeam", "invoices", "help", "chatMoved", "sicknessFund"].map(
    (id) => ({
      id,
      file: `routes/${id}.tsx`,
      paths: { fi: id, sv: id, en: id },
    }),
  );
  return { ...original, routeTable: [...original.routeTable, ...extra] };
});

const MESSAGING: Feature[] = ["customer-messaging-enabled", "customer-messaging-allowed"];
const SICKNESS_FUND: Feature[] = ["sickness-fund-page", "is-finnair-sickness-fund-member"];
const ALL: Feature[] = [...MESSAGING, ...SICKNESS_FUND, "pikkutsatti"];

const occupationalUser = { hasOccupationalCare: true, unreadMessages: 4 };

function menu(overrides: Partial<Parameters<typeof menuGroups>[0]> = {}): MenuGroup[] {
  return menuGroups({
    brandId: "main",
    hiddenPages: [],
    features: ALL,
    lang: "fi",
    user: occupationalUser,
    ...overrides,
  });
}

const group = (groups: MenuGroup[], labelKey: string) => groups.find((g) => g.labelKey === labelKey);
const routeIds = (groups: MenuGroup[]) => groups.flatMap((g) => g.items.map((i) => i.routeId));

describe("menuGroups gating", () => {
  it("builds the whole menu in order when every page exists and every flag is on", () => {
    expect(menu()).toEqual([
      { labelKey: null, items: [{ routeId: "home", labelKey: "common.menu.home" }] },
      {
        labelKey: "common.menu.occupationalGroup",
        items: [
          { routeId: "conversations", labelKey: "common.menu.messages", badge: 4 },
          { routeId: "occupationalHealthTeam", labelKey: "common.menu.healthCareTeam" },
        ],
      },
      {
        labelKey: "common.menu.sicknessFundGroup",
        items: [{ routeId: "sicknessFund", labelKey: "common.menu.sicknessFund" }],
      },
      {
        labelKey: null,
        items: [
          { routeId: "booking", labelKey: "common.menu.booking" },
          { routeId: "appointments", labelKey: "common.menu.appointments" },
          { routeId: "chatMoved", labelKey: "common.menu.chat" },
          { routeId: "invoices", labelKey: "common.menu.invoices" },
          { routeId: "myInformation", labelKey: "common.menu.myInformation" },
          { routeId: "help", labelKey: "common.menu.help" },
          { routeId: "logout", labelKey: "common.menu.logout", mobileOnly: true },
        ],
      },
    ]);
  });

  describe("occupational group", () => {
    it("appears only for a user with occupational care", () => {
      expect(group(menu(), "common.menu.occupationalGroup")).toBeDefined();
      expect(group(menu({ user: { hasOccupationalCare: false } }), "common.menu.occupationalGroup")).toBeUndefined();
      expect(group(menu({ user: null }), "common.menu.occupationalGroup")).toBeUndefined();
    });

    it("has occupational booking only with the ohc-appointment-search flag", () => {
      const ids = (features: Feature[]) =>
        group(menu({ features }), "common.menu.occupationalGroup")!.items.map((i) => i.routeId);
      expect(ids(["ohc-appointment-search"])).toEqual(["occupationalBooking", "occupationalHealthTeam"]);
      expect(ids([])).toEqual(["occupationalHealthTeam"]);
    });

    it("never appears for the pikkujatti brand", () => {
      const groups = menu({ brandId: "pikkujatti" });
      expect(group(groups, "common.menu.occupationalGroup")).toBeUndefined();
      expect(routeIds(groups)).not.toContain("occupationalHealthTeam");
      expect(routeIds(groups)).not.toContain("conversations");
    });

    it("has messages only when messaging is both enabled and allowed", () => {
      const ids = (features: Feature[]) =>
        group(menu({ features }), "common.menu.occupationalGroup")!.items.map((i) => i.routeId);
      expect(ids(MESSAGING)).toEqual(["conversations", "occupationalHealthTeam"]);
      expect(ids(["customer-messaging-enabled"])).toEqual(["occupationalHealthTeam"]);
      expect(ids(["customer-messaging-allowed"])).toEqual(["occupationalHealthTeam"]);
      expect(ids([])).toEqual(["occupationalHealthTeam"]);
    });

    it("shows the unread count as the messages badge", () => {
      const items = group(
        menu({ user: { hasOccupationalCare: true, unreadMessages: 0 } }),
        "common.menu.occupationalGroup",
      )!.items;
      expect(items[0]).toEqual({ routeId: "conversations", labelKey: "common.menu.messages", badge: 0 });
    });
  });

  describe("sickness-fund group", () => {
    it("needs both sickness-fund flags", () => {
      const has = (features: Feature[]) => group(menu({ features }), "common.menu.sicknessFundGroup") !== undefined;
      expect(has(SICKNESS_FUND)).toBe(true);
      expect(has(["sickness-fund-page"])).toBe(false);
      expect(has(["is-finnair-sickness-fund-member"])).toBe(false);
      expect(has([])).toBe(false);
    });

    it("does not depend on the user", () => {
      expect(group(menu({ user: null, features: SICKNESS_FUND }), "common.menu.sicknessFundGroup")?.items).toEqual([
        { routeId: "sicknessFund", labelKey: "common.menu.sicknessFund" },
      ]);
    });
  });

  it("has chat only with the pikkutsatti flag", () => {
    expect(routeIds(menu({ features: ["pikkutsatti"] }))).toContain("chatMoved");
    expect(routeIds(menu({ features: ALL.filter((f) => f !== "pikkutsatti") }))).not.toContain("chatMoved");
  });

  it("has help in Finnish only", () => {
    expect(routeIds(menu({ lang: "fi" }))).toContain("help");
    expect(routeIds(menu({ lang: "sv" }))).not.toContain("help");
    expect(routeIds(menu({ lang: "en" }))).not.toContain("help");
  });

  it("has invoices for anonymous users too, but log-out only for logged-in users", () => {
    expect(routeIds(menu({ user: null }))).toEqual([
      "home",
      "sicknessFund",
      "booking",
      "chatMoved",
      "invoices",
      "help",
    ]);
    expect(routeIds(menu({ user: null }))).not.toContain("logout");
  });

  it("removes the brand's hidden pages and drops groups left empty", () => {
    const oneHidden = menu({ hiddenPages: ["conversations"] });
    expect(group(oneHidden, "common.menu.occupationalGroup")!.items.map((i) => i.routeId)).toEqual([
      "occupationalHealthTeam",
    ]);

    const groups = menu({ hiddenPages: ["conversations", "occupationalHealthTeam", "sicknessFund", "invoices"] });
    expect(group(groups, "common.menu.occupationalGroup")).toBeUndefined();
    expect(group(groups, "common.menu.sicknessFundGroup")).toBeUndefined();
    expect(routeIds(groups)).toEqual([
      "home",
      "booking",
      "appointments",
      "chatMoved",
      "myInformation",
      "help",
      "logout",
    ]);
  });
});
