import { describe, expect, it } from "vitest";
import { brands, FEATURES, type BrandId, type Environment, type Feature } from "#brands/index";
import type { Lang } from "~/lib/lang";
import { routeTable } from "~/route-table/pages.server";
import { menuGroups, menuLinks, showsMessagesItem, type MenuGroup, type MenuInput } from "./menu.server";
import { MENU_TEXTS, menuLabelKey } from "./root-data";

/**
 * Spec part 1 §2 "Layout": "Menu: home; occupational healthcare group (messages with unread count, one more item,
 * the health care team), shown only if the user has occupational care and the environment is not the children's;
 * sickness fund group if features sickness-fund-page and is-finnair-sickness-fund-member are on; other pages; chat
 * page if feature pikkutsatti is on; invoices; my information; log out (mobile only). The messages item needs
 * features customer-messaging-enabled and customer-messaging-allowed. In fi an info link to the help page shows."
 *
 * "Other pages" are booking for everyone, and for a logged-in person their appointments and record pages; the
 * "one more item" is occupational booking (feature ohc-appointment-search).
 */

type Person = "anonymous" | "loggedIn" | "occupational" | "member" | "occupationalMember";

/** The person's part of the menu input: the user, and the per-person sickness-fund flag. */
function personInput(person: Person): { user: MenuInput["user"]; flags: Feature[] } {
  const occupational = person === "occupational" || person === "occupationalMember";
  const member = person === "member" || person === "occupationalMember";
  return {
    user: person === "anonymous" ? null : { hasOccupationalCare: occupational, unreadMessages: 2 },
    flags: member ? ["is-finnair-sickness-fund-member"] : [],
  };
}

function menuFor(brand: BrandId, flags: readonly Feature[], person: Person, lang: Lang): MenuGroup[] {
  const p = personInput(person);
  return menuGroups({
    brandId: brand,
    hiddenPages: brands[brand].hiddenPages,
    features: [...flags, ...p.flags],
    lang,
    user: p.user,
  });
}

/** The menu as text: groups split by " | ", items by spaces. */
const shape = (groups: MenuGroup[]) => groups.map((g) => g.items.map((i) => i.routeId).join(" ")).join(" | ");

const MSG: Feature[] = ["customer-messaging-enabled", "customer-messaging-allowed"];
const OHC: Feature[] = ["ohc-appointment-search"];
const SFP: Feature[] = ["sickness-fund-page"];
const CHAT: Feature[] = ["pikkutsatti"];
const ALL: Feature[] = [...MSG, ...OHC, ...SFP, ...CHAT];
const real = (brand: BrandId, environment: Environment) => brands[brand].features[environment];

// A logged-in person's "other pages" (main brand; the children's brand has no questionnaires or certificates).
const RECORDS = "laboratory imaging visits prescriptions questionnaireList vaccinations certificates";
const RECORDS_PJ = "laboratory imaging visits prescriptions vaccinations";

const TABLE: [BrandId, readonly Feature[], Person, Lang, string][] = [
  // Anonymous: booking and invoices (which asks for login); the help link in Finnish only.
  ["main", [], "anonymous", "fi", "home | booking invoices help"],
  ["main", [], "anonymous", "sv", "home | booking invoices"],
  ["main", [], "anonymous", "en", "home | booking invoices"],
  ["main", SFP, "anonymous", "fi", "home | booking invoices help"],
  ["main", MSG, "anonymous", "fi", "home | booking invoices help"],
  ["main", CHAT, "anonymous", "fi", "home | booking chatMoved invoices help"],
  // Logged in, without occupational care.
  ["main", [], "loggedIn", "fi", `home | booking appointments ${RECORDS} invoices myInformation help logout`],
  ["main", [], "loggedIn", "en", `home | booking appointments ${RECORDS} invoices myInformation logout`],
  ["main", MSG, "loggedIn", "fi", `home | booking appointments ${RECORDS} invoices myInformation help logout`],
  ["main", [...MSG, ...OHC], "loggedIn", "sv", `home | booking appointments ${RECORDS} invoices myInformation logout`],
  ["main", CHAT, "loggedIn", "sv", `home | booking appointments ${RECORDS} chatMoved invoices myInformation logout`],
  // With occupational care: the group, its messages item only with both messaging flags.
  [
    "main",
    [],
    "occupational",
    "fi",
    `home | occupationalHealthTeam | booking appointments ${RECORDS} invoices myInformation help logout`,
  ],
  [
    "main",
    MSG,
    "occupational",
    "fi",
    `home | conversations occupationalHealthTeam | booking appointments ${RECORDS} invoices myInformation help logout`,
  ],
  [
    "main",
    ["customer-messaging-enabled"],
    "occupational",
    "en",
    `home | occupationalHealthTeam | booking appointments ${RECORDS} invoices myInformation logout`,
  ],
  [
    "main",
    ["customer-messaging-allowed"],
    "occupational",
    "en",
    `home | occupationalHealthTeam | booking appointments ${RECORDS} invoices myInformation logout`,
  ],
  [
    "main",
    OHC,
    "occupational",
    "fi",
    `home | occupationalBooking occupationalHealthTeam | booking appointments ${RECORDS} invoices myInformation help logout`,
  ],
  [
    "main",
    [...MSG, ...OHC],
    "occupational",
    "sv",
    `home | conversations occupationalBooking occupationalHealthTeam | booking appointments ${RECORDS} invoices myInformation logout`,
  ],
  // The sickness-fund group needs the page flag and the person's membership.
  [
    "main",
    SFP,
    "member",
    "fi",
    `home | sicknessFund | booking appointments ${RECORDS} invoices myInformation help logout`,
  ],
  ["main", [], "member", "fi", `home | booking appointments ${RECORDS} invoices myInformation help logout`],
  ["main", SFP, "loggedIn", "fi", `home | booking appointments ${RECORDS} invoices myInformation help logout`],
  [
    "main",
    ALL,
    "occupationalMember",
    "fi",
    `home | conversations occupationalBooking occupationalHealthTeam | sicknessFund | booking appointments ${RECORDS} chatMoved invoices myInformation help logout`,
  ],
  [
    "main",
    ALL,
    "occupationalMember",
    "en",
    `home | conversations occupationalBooking occupationalHealthTeam | sicknessFund | booking appointments ${RECORDS} chatMoved invoices myInformation logout`,
  ],
  // The children's brand: never the occupational group; no questionnaires or certificates.
  ["pikkujatti", ALL, "anonymous", "fi", "home | booking chatMoved invoices help"],
  ["pikkujatti", [], "anonymous", "en", "home | booking invoices"],
  [
    "pikkujatti",
    ALL,
    "occupational",
    "fi",
    `home | booking appointments ${RECORDS_PJ} chatMoved invoices myInformation help logout`,
  ],
  [
    "pikkujatti",
    ALL,
    "occupationalMember",
    "sv",
    `home | sicknessFund | booking appointments ${RECORDS_PJ} chatMoved invoices myInformation logout`,
  ],
  ["pikkujatti", [], "loggedIn", "en", `home | booking appointments ${RECORDS_PJ} invoices myInformation logout`],
  // The brands' real flags (brands/*/brand.ts): Liisa (occupational care, sickness-fund member) and others.
  [
    "main",
    real("main", "development"),
    "occupationalMember",
    "fi",
    `home | conversations occupationalBooking occupationalHealthTeam | sicknessFund | booking appointments ${RECORDS} invoices myInformation help logout`,
  ],
  [
    "main",
    real("main", "production"),
    "occupationalMember",
    "fi",
    `home | conversations occupationalBooking occupationalHealthTeam | booking appointments ${RECORDS} invoices myInformation help logout`,
  ],
  [
    "main",
    real("main", "development"),
    "loggedIn",
    "sv",
    `home | booking appointments ${RECORDS} invoices myInformation logout`,
  ],
  ["main", real("main", "production"), "anonymous", "fi", "home | booking invoices help"],
  [
    "pikkujatti",
    real("pikkujatti", "development"),
    "occupational",
    "fi",
    `home | booking appointments ${RECORDS_PJ} chatMoved invoices myInformation help logout`,
  ],
  ["pikkujatti", real("pikkujatti", "production"), "anonymous", "sv", "home | booking chatMoved invoices"],
];

describe("the menu per brand, flags, person and language (spec part 1 §2 Layout)", () => {
  it.each(TABLE)("%s %j %s %s", (brand, flags, person, lang, expected) => {
    expect(shape(menuFor(brand, flags, person, lang))).toBe(expected);
  });

  it("labels the groups, counts unread messages and shows log-out on mobile only", () => {
    const groups = menuFor("main", ALL, "occupationalMember", "fi");
    expect(groups.map((g) => g.labelKey)).toEqual([
      null,
      "common.menu.occupationalGroup",
      "common.menu.sicknessFundGroup",
      null,
    ]);
    const items = groups.flatMap((g) => g.items);
    expect(items.find((i) => i.routeId === "conversations")).toEqual({
      routeId: "conversations",
      labelKey: "common.menu.messages",
      badge: 2,
    });
    expect(items.filter((i) => i.mobileOnly).map((i) => i.routeId)).toEqual(["logout"]);
  });
});

describe("every combination keeps the spec's rules", () => {
  const RELEVANT: Feature[] = [...MSG, ...OHC, ...SFP, ...CHAT];
  const subsets = Array.from({ length: 1 << RELEVANT.length }, (_, mask) =>
    RELEVANT.filter((_, bit) => mask & (1 << bit)),
  );
  const persons: Person[] = ["anonymous", "loggedIn", "occupational", "member", "occupationalMember"];
  const existing = new Set<string>(routeTable.map((r) => r.id));

  it("over both brands, all 32 flag sets, five people and three languages", () => {
    let checked = 0;
    for (const brand of ["main", "pikkujatti"] as BrandId[]) {
      for (const flags of subsets) {
        for (const person of persons) {
          for (const lang of ["fi", "sv", "en"] as Lang[]) {
            const groups = menuFor(brand, flags, person, lang);
            const ids = groups.flatMap((g) => g.items.map((i) => i.routeId));
            const has = (f: Feature) => flags.includes(f);
            const p = personInput(person);
            const occupationalGroup = !!p.user?.hasOccupationalCare && brand !== "pikkujatti";
            const where = `${brand} ${flags.join(",")} ${person} ${lang}`;

            expect(ids[0], where).toBe("home");
            expect(
              groups.every((g) => g.items.length > 0),
              where,
            ).toBe(true);
            expect(
              ids.every((id) => existing.has(id) && !brands[brand].hiddenPages.includes(id)),
              where,
            ).toBe(true);
            expect(
              groups.some((g) => g.labelKey === "common.menu.occupationalGroup"),
              where,
            ).toBe(occupationalGroup);
            expect(ids.includes("conversations"), where).toBe(
              occupationalGroup && has("customer-messaging-enabled") && has("customer-messaging-allowed"),
            );
            expect(ids.includes("occupationalBooking"), where).toBe(occupationalGroup && has("ohc-appointment-search"));
            expect(ids.includes("sicknessFund"), where).toBe(has("sickness-fund-page") && p.flags.length > 0);
            expect(ids.includes("chatMoved"), where).toBe(has("pikkutsatti"));
            expect(ids.includes("help"), where).toBe(lang === "fi");
            expect(ids.includes("logout"), where).toBe(p.user !== null);
            expect(ids.includes("vaccinations"), where).toBe(p.user !== null);
            expect(ids.includes("certificates"), where).toBe(p.user !== null && brand === "main");
            expect(ids.includes("booking") && ids.includes("invoices"), where).toBe(true);
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(2 * 32 * 5 * 3);
  });

  it("knows every flag the brands use", () => {
    for (const brand of Object.values(brands))
      for (const list of Object.values(brand.features)) for (const f of list) expect(FEATURES).toContain(f);
  });
});

describe("showsMessagesItem", () => {
  const input = (overrides: Partial<MenuInput>): MenuInput => ({
    brandId: "main",
    hiddenPages: [],
    features: MSG,
    lang: "fi",
    user: { hasOccupationalCare: true },
    ...overrides,
  });

  it("is true only where the menu has the messages item, so the unread count is read only then", () => {
    expect(showsMessagesItem(input({}))).toBe(true);
    expect(showsMessagesItem(input({ user: { hasOccupationalCare: false } }))).toBe(false);
    expect(showsMessagesItem(input({ user: null }))).toBe(false);
    expect(showsMessagesItem(input({ brandId: "pikkujatti" }))).toBe(false);
    expect(showsMessagesItem(input({ features: ["customer-messaging-allowed"] }))).toBe(false);
    expect(showsMessagesItem(input({ hiddenPages: ["conversations"] }))).toBe(false);
  });
});

describe("menuLinks, the menu as the browser gets it", () => {
  it("keeps every item's page, text, count and flag, naming the text only where it is not the page's id", () => {
    const groups = menuFor("main", ["customer-messaging-enabled", "customer-messaging-allowed"], "occupational", "fi");
    const links = menuLinks(groups);
    expect(links.map((g) => g.label && MENU_TEXTS + g.label)).toEqual(groups.map((g) => g.labelKey));
    expect(links.flatMap((g) => g.items.map(menuLabelKey))).toEqual(
      groups.flatMap((g) => g.items.map((i) => i.labelKey)),
    );
    expect(links.flatMap((g) => g.items)).toContainEqual({ routeId: "conversations", label: "messages", badge: 2 });
    expect(links.flatMap((g) => g.items)).toContainEqual({ routeId: "logout", mobileOnly: true });
    expect(links.flatMap((g) => g.items)).toContainEqual({ routeId: "laboratory" });
  });
});
