import { describe, expect, it } from "vitest";
import { requestContext } from "~/.server/context";
import { brands } from "#brands/index";
import { sessionMiddleware } from "~/.server/middleware";
import { routeTable } from "~/route-table/pages.server";
import { makeContext, makeRequest, runMiddleware, useTestDatabase } from "./test-db";

useTestDatabase({ seed: false });

/** A page listed in a brand's `hiddenPages` answers 404 in that brand, in every language, and only there. */
async function statusOf(path: string, hiddenPages: string[]) {
  const request = makeRequest(path);
  const context = await makeContext(request, { session: false });
  const info = context.get(requestContext);
  context.set(requestContext, { ...info, brand: { ...info.brand, hiddenPages } });
  try {
    const { nextCalled } = await runMiddleware(sessionMiddleware, request, context);
    return nextCalled ? 200 : 0;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? -1;
  }
}

describe("pages per brand", () => {
  it("lists as hidden only pages of the route table", () => {
    const ids = new Set<string>(routeTable.map((r) => r.id));
    for (const brand of Object.values(brands))
      expect(
        brand.hiddenPages.filter((id) => !ids.has(id)),
        brand.id,
      ).toEqual([]);
    expect(brands.pikkujatti.hiddenPages).toContain("questionnaire");
  });

  it("hides a page the brand does not have", async () => {
    expect(await statusOf("/fi/rekisterointi", ["registration"])).toBe(404);
    expect(await statusOf("/sv/registrering", ["registration"])).toBe(404);
    expect(await statusOf("/en/registration/", ["registration"])).toBe(404);
  });

  it("serves the other pages, and the page in a brand that has it", async () => {
    expect(await statusOf("/fi/kirjaudu", ["registration"])).toBe(200);
    expect(await statusOf("/fi/rekisterointi", [])).toBe(200);
  });
});
