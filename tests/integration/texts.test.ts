/**
 * Texts per route: every page, in every language and brand, anonymous and as demo people in different
 * situations, renders only keys of the texts its route declares (`handle.i18n`, app/lib/text-groups.ts). A page
 * added without declaring its texts, or a component that starts using another namespace, fails here: it would
 * show raw keys once the browser has only the declared texts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_COOKIE, newCsrfCookieValue } from "~/.server/csrf";
import { onMissingText } from "~/lib/translate";
import { appRoutes } from "./request-handler";
import { handle } from "./request-handler";
import { findIds, type Ids } from "./route-ids";
import { ORIGIN, boundCsrfToken, cookiePair, login, useTestDatabase, type DemoKey } from "./test-db";

const t = useTestDatabase();

// Olli (myInfoAdult) has a Kela card, so My information shows its images.
const PEOPLE: (DemoKey | null)[] = [
  null,
  "patient",
  "guardian",
  "senior",
  "employee",
  "newCustomer",
  "myInfoTeen",
  "myInfoAdult",
];
/** Pages whose query shows another part of them. */
const VARIANTS: Record<string, string[]> = { myInformation: ["?tab=guardians", "?tab=consent"] };
const HOSTS = [new URL(ORIGIN).host, `pikkujatti.${new URL(ORIGIN).host}`];

function fill(path: string, ids: Ids): string {
  return (
    "/" +
    path.replace(/:(\w+)/g, (_, name: string) =>
      name === "token" ? ids.token : name === "date" ? "2026-11-23" : String(ids.own),
    )
  );
}

describe("texts per route", () => {
  const missing = new Map<string, Set<string>>();
  let current = "";
  let ids: Ids;
  beforeAll(async () => {
    ids = await findIds(t);
    onMissingText((key) => {
      if (!missing.has(current)) missing.set(current, new Set());
      missing.get(current)!.add(key);
    });
  });
  afterAll(() => onMissingText(null));

  it("every page renders only the texts it declares", { timeout: 120_000 }, async () => {
    const pages = appRoutes.filter((r) => r.isPage);
    expect(pages.length).toBeGreaterThan(40);
    let rendered = 0;
    for (const person of PEOPLE) {
      const session = person ? cookiePair(await login(t.person(person))) : null;
      const csrf = newCsrfCookieValue();
      for (const host of HOSTS) {
        for (const route of pages) {
          const path = fill(route.path, ids);
          const cookie = [`${CSRF_COOKIE()}=${csrf}`, session].filter(Boolean).join("; ");
          for (const query of ["", ...(VARIANTS[route.id.split(".")[0]] ?? [])]) {
            current = `${path}${query} (${person ?? "anonymous"}, ${host})`;
            const res = await handle(new Request(`http://${host}${path}${query}`, { headers: { Cookie: cookie } }));
            expect(res.status, current).toBeLessThan(500);
            await res.text();
            rendered++;
          }
          // A form sent empty: the page with its error messages.
          if (route.hasAction && session) {
            current = `POST ${path} (${person}, ${host})`;
            const post = await handle(
              new Request(`http://${host}${path}`, {
                method: "POST",
                headers: {
                  Cookie: cookie,
                  "Content-Type": "application/x-www-form-urlencoded",
                  "X-CSRF-Token": boundCsrfToken(csrf, session),
                },
                body: "",
              }),
            );
            expect(post.status, current).toBeLessThan(500);
            await post.text();
          }
        }
      }
    }
    expect(rendered).toBeGreaterThan(500);
    expect(Object.fromEntries([...missing].map(([page, keys]) => [page, [...keys]]))).toEqual({});
  });
});
