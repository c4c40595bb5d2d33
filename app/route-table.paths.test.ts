import { describe, expect, it } from "vitest";
import { routeIdForPath } from "./route-table";
import { routeTable } from "./route-table/pages.server";

describe("routeIdForPath", () => {
  it("finds the page of a localized path in each language", () => {
    expect(routeIdForPath("/fi")).toBe("home");
    expect(routeIdForPath("/fi/kirjaudu")).toBe("login");
    expect(routeIdForPath("/sv/loggain")).toBe("login");
    expect(routeIdForPath("/en/login/")).toBe("login");
    expect(routeIdForPath("/sv/transaktionsbana")).toBe("transactionPath");
    expect(routeIdForPath("/en/hpa/register")).toBe("hpaRegistration");
  });

  it("does not mix languages or match unknown paths", () => {
    expect(routeIdForPath("/fi/login")).toBeNull();
    expect(routeIdForPath("/de/login")).toBeNull();
    expect(routeIdForPath("/fi/kirjaudu/extra")).toBeNull();
    expect(routeIdForPath("/oauth/callback")).toBeNull();
  });
});

describe("the conversation page's :threadId", () => {
  it("is no other page's: the root revalidates the menu's unread count on a page with it (root.tsx)", () => {
    const withThreadId = routeTable.filter((page) => Object.values(page.paths).some((p) => p.includes(":threadId")));
    expect(withThreadId.map((page) => page.id)).toEqual(["conversation"]);
  });
});
