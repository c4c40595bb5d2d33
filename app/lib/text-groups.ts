import type { TextTree } from "./translate";

/**
 * Texts per route. Each page's route module declares the texts it renders in its `handle`, as remix-i18next
 * reads them:
 *
 *     export const handle = { i18n: ["booking", "appointments.details"] } satisfies TextsHandle;
 *
 * An entry is a namespace (`booking`) or a dotted part of one (`appointments.details`). The layout's texts
 * (`common`) come with every page. The server renders with exactly these texts, and the browser loads each
 * group as immutable JSON (`/texts/<version>/<lang>-<brand>/<group>.json`) that it and any CDN cache; no page
 * carries its texts in its HTML. A key outside the declared groups is reported (see `onMissingText`), and the
 * text crawl test fails on it.
 */
export type TextsHandle = { i18n: readonly string[] };

/** The layout's texts: header, menu, footer, error views, notices, the session warning, the cookie banner. */
export const LAYOUT_TEXTS = ["common"] as const;

/** A group name: namespace or dotted path of word characters. */
export const TEXT_GROUP = /^[A-Za-z][\w-]*(?:\.[\w-]+)*$/;

function declared(handle: unknown): readonly string[] {
  if (!handle || typeof handle !== "object" || !("i18n" in handle)) return [];
  const groups = (handle as { i18n: unknown }).i18n;
  return Array.isArray(groups) ? groups.filter((g): g is string => typeof g === "string") : [];
}

/**
 * The text groups of a page: the layout's, those its matched routes declare, and the flash message's key
 * (a notice from the page before the redirect). Sorted and without groups inside another one.
 */
export function textGroupsOf(matches: readonly { handle?: unknown }[], flashKey?: string | null): string[] {
  const all = new Set<string>(LAYOUT_TEXTS);
  for (const m of matches) for (const g of declared(m.handle)) all.add(g);
  if (flashKey && TEXT_GROUP.test(flashKey)) all.add(flashKey);
  const sorted = [...all].sort();
  return sorted.filter((g) => !sorted.some((other) => g !== other && g.startsWith(`${other}.`)));
}

/** Where the browser loads the pages' path words from (`app/route-table`; immutable like the texts). */
export function pathsUrl(version: string): string {
  return `/texts/${version}/paths.json`;
}

/** Where the browser loads a text group from (immutable: the version changes with any text). */
export function textsUrl(version: string, lang: string, brandId: string, group: string): string {
  return `/texts/${version}/${lang}-${brandId}/${group}.json`;
}

/** The trees merged deeply, later ones over earlier ones; none of them is changed. */
export function mergeTexts(trees: readonly TextTree[]): TextTree {
  const out: TextTree = {};
  for (const tree of trees) mergeInto(out, tree);
  return out;
}
function mergeInto(target: TextTree, source: TextTree) {
  for (const [k, v] of Object.entries(source)) {
    const prev = target[k];
    if (typeof v === "object") {
      const next: TextTree = typeof prev === "object" ? { ...prev } : {};
      mergeInto(next, v);
      target[k] = next;
    } else target[k] = v;
  }
}

/** The part of `tree` at the dotted `group`, nested under its path (`{ appointments: { door: … } }`); null if absent. */
export function pickTexts(tree: TextTree, group: string): TextTree | null {
  const keys = group.split(".");
  let value: string | TextTree | undefined = tree;
  for (const k of keys) value = typeof value === "object" ? value[k] : undefined;
  if (value === undefined) return null;
  let nested: string | TextTree = value;
  for (const k of [...keys].reverse()) nested = { [k]: nested };
  return nested as TextTree;
}
