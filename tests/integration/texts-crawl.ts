/**
 * Texts per route: every page, in every language and brand, anonymous and as demo people in different
 * situations, renders only keys of the texts its route declares (`handle.i18n`, app/lib/text-groups.ts). A page
 * added without declaring its texts, or a component that starts using another namespace, fails here: it would
 * show raw keys once the browser has only the declared texts. Every page also has a title of its own.
 *
 * The crawl renders well over a thousand pages, so the visitors are shared out between a few test files
 * (texts-*.test.ts) that run side by side, each with its own database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_COOKIE, newCsrfCookieValue } from "~/.server/csrf";
import { onMissingText } from "~/lib/translate";
import { appRoutes } from "./request-handler";
import { handle } from "./request-handler";
import { findIds, type Ids } from "./route-ids";
import { ORIGIN, boundCsrfToken, cookiePair, login, useTestDatabase, type DemoKey } from "./test-db";

/** A demo person, or null for an anonymous visitor. */
export type Visitor = DemoKey | null;

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

export function describeTextsPerRoute(people: Visitor[]) {
  const t = useTestDatabase();
  /** Per visitor and host, each `<title>` and the route modules that answered with it. */
  const titles = new Map<string, Set<string>>();
  const pagesSeen = new Map<string, number>();
  function noteTitle(html: string, route: { file: string }, visitor: string) {
    pagesSeen.set(visitor, (pagesSeen.get(visitor) ?? 0) + 1);
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
    if (!title) return;
    const key = `${visitor} "${title}"`;
    if (!titles.has(key)) titles.set(key, new Set());
    titles.get(key)!.add(route.file);
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

    // One test per visitor, each with its own time: together they render well over a thousand pages.
    for (const person of people)
      it(
        `every page renders only the texts it declares, as ${person ?? "an anonymous visitor"}`,
        { timeout: 240_000 },
        async () => {
          const pages = appRoutes.filter((r) => r.isPage);
          expect(pages.length).toBeGreaterThan(40);
          const visitor = person ?? "anonymous";
          missing.clear();
          let rendered = 0;
          const session = person ? cookiePair(await login(t.person(person))) : null;
          const csrf = newCsrfCookieValue();
          for (const host of HOSTS) {
            for (const route of pages) {
              const path = fill(route.path, ids);
              const cookie = [`${CSRF_COOKIE()}=${csrf}`, session].filter(Boolean).join("; ");
              for (const query of ["", ...(VARIANTS[route.id.split(".")[0]] ?? [])]) {
                current = `${path}${query} (${visitor}, ${host})`;
                const res = await handle(new Request(`http://${host}${path}${query}`, { headers: { Cookie: cookie } }));
                expect(res.status, current).toBeLessThan(500);
                const html = await res.text();
                if (res.status === 200 && !query) noteTitle(html, route, `${host} ${visitor}`);
                rendered++;
              }
              // A form sent empty: the page with its error messages.
              // (Not the logout page's: it would end the session, and every page after it would only redirect.)
              if (route.hasAction && session && !route.id.startsWith("logout.")) {
                current = `POST ${path} (${visitor}, ${host})`;
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
          expect(rendered).toBeGreaterThan(100);
          expect(Object.fromEntries([...missing].map(([page, keys]) => [page, [...keys]]))).toEqual({});
          // The session lasted the whole crawl: its person saw the pages, not the login page's redirect.
          if (person) expect(pagesSeen.get(`${HOSTS[0]} ${visitor}`)).toBeGreaterThan(60);
        },
      );

    it("gives every page a title that names that page", () => {
      // A screen-reader user (and a browser's history) tells pages apart by their titles.
      // 65–90 titles per visitor and host (Pikkujätti has fewer pages; anonymous visitors reach fewer).
      expect(titles.size).toBeGreaterThan(people.length * HOSTS.length * 60);
      const shared = [...titles]
        .filter(([, files]) => files.size > 1)
        .map(([title, files]) => `${title}: ${[...files]}`);
      expect(shared).toEqual([]);
    });
  });
}
