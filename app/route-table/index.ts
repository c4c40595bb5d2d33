import { LANGS, type Lang } from "../lib/lang";
import type { RouteId } from "./pages.server";

export type { RouteId };

/**
 * Links to the pages of the route table (`pages.server.ts`, the one table of pages and their localized paths).
 * The browser gets only the path words, as the immutable `/texts/<version>/paths.json` it loads with the page's
 * texts, never the table's code: the server sets them from the table, the browser from that file, before anything
 * renders (entry.client.tsx).
 */

/** Each page's path in fi, sv and en (the order of LANGS), without the /{lang} prefix. */
export type RoutePaths = Record<string, readonly [string, string, string]>;

let paths: RoutePaths | null = null;

export function setRoutePaths(next: RoutePaths): void {
  paths = next;
  compiled = null;
}

function pathsOf(id: string): readonly [string, string, string] | undefined {
  if (!paths) throw new Error("The route paths are not loaded");
  return paths[id];
}

/** Whether page `id` is in the route table. */
export function hasPage(id: string): boolean {
  return !!pathsOf(id);
}

/** `/{lang}/{localized path}` with `:params` filled in and an optional query. */
export function href(
  id: RouteId,
  lang: Lang,
  params: Record<string, string | number> = {},
  query?: Record<string, string | undefined> | URLSearchParams,
): string {
  const known = pathsOf(id);
  if (!known) throw new Error(`href(${id}): no such page`);
  let path = known[LANGS.indexOf(lang)];
  path = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`href(${id}): missing param ${name}`);
    return encodeURIComponent(String(value));
  });
  let url = path ? `/${lang}/${path}` : `/${lang}`;
  const search = new URLSearchParams();
  if (query instanceof URLSearchParams) query.forEach((v, k) => search.append(k, v));
  else if (query) for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, v);
  const qs = search.toString();
  if (qs) url += `?${qs}`;
  return url;
}

/** Route ids look like `login.fi`; this splits them back into the table id and the language. */
export function parseRouteMatchId(matchId: string): { id: RouteId; lang: Lang } | null {
  const dot = matchId.lastIndexOf(".");
  if (dot < 0) return null;
  const id = matchId.slice(0, dot);
  const lang = matchId.slice(dot + 1);
  if (!pathsOf(id) || (lang !== "fi" && lang !== "sv" && lang !== "en")) return null;
  return { id: id as RouteId, lang };
}

/**
 * The same page in another language: params carry over, the slug is translated.
 * Used by the language switch and the hreflang alternates.
 */
export function translatePath(
  matchId: string,
  params: Record<string, string | undefined>,
  toLang: Lang,
  search = "",
): string {
  const parsed = parseRouteMatchId(matchId);
  if (!parsed) return `/${toLang}`;
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && k !== "lang") clean[k] = v;
  return href(parsed.id, toLang, clean) + search;
}

// Every request asks (the brand's hidden pages, the texts of a flash): the patterns are compiled once.
let compiled: Record<Lang, { id: RouteId; re: RegExp }[]> | null = null;
function patterns(lang: Lang) {
  if (!paths) throw new Error("The route paths are not loaded");
  const all = Object.entries(paths);
  compiled ??= Object.fromEntries(
    LANGS.map((l, i) => [
      l,
      all.map(([id, words]) => ({
        id: id as RouteId,
        re: new RegExp(
          `^${words[i]
            .split("/")
            .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
            .join("/")}$`,
        ),
      })),
    ]),
  ) as Record<Lang, { id: RouteId; re: RegExp }[]>;
  return compiled[lang];
}

/** Whether a path like `/fi/pay/123` is page `id` (one pattern tested, not the whole table). */
export function isRoutePath(pathname: string, id: RouteId): boolean {
  const [, lang, ...rest] = pathname.replace(/\/+$/, "").split("/");
  if (lang !== "fi" && lang !== "sv" && lang !== "en") return false;
  return !!patterns(lang)
    .find((p) => p.id === id)
    ?.re.test(rest.join("/"));
}

/** The table id of a path like `/sv/loggain` (params match any one segment), or null. */
export function routeIdForPath(pathname: string): RouteId | null {
  const [, lang, ...rest] = pathname.replace(/\/+$/, "").split("/");
  if (lang !== "fi" && lang !== "sv" && lang !== "en") return null;
  const segments = rest.join("/");
  return patterns(lang).find((p) => p.re.test(segments))?.id ?? null;
}
