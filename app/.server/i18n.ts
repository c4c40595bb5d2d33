import { BOOKING_NAMESPACES, DOOR_TEXTS, type TextSet } from "~/lib/text-namespaces";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import type { RouterContextProvider } from "react-router";
import type { BrandId } from "#brands/index";
import { DEFAULT_LANG, LANGS, isLang, type Lang } from "~/lib/lang";
import { i18nFor } from "~/ui/i18n";
import { requestInfo } from "./context";

/**
 * Texts: `locales/<lang>/<namespace>.json`, with `brands/<brand>/locales/<lang>/<namespace>.json` merged over them.
 * Each brand is an i18next namespace, so one instance serves both brands. Keys read `<namespace>.<key>`,
 * e.g. `session.login.heading`.
 */
type Tree = { [key: string]: string | Tree };
const base = import.meta.glob<Tree>("/locales/*/*.json", { eager: true, import: "default" });
const overrides = import.meta.glob<Tree>("/brands/*/locales/*/*.json", { eager: true, import: "default" });

function merge(a: Tree, b: Tree): Tree {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    out[k] = typeof v === "object" && typeof prev === "object" ? merge(prev, v) : v;
  }
  return out;
}

function build(): Record<Lang, Record<BrandId, Tree>> {
  const result = {} as Record<Lang, Record<BrandId, Tree>>;
  for (const lang of LANGS) {
    let common: Tree = {};
    for (const [file, tree] of Object.entries(base)) {
      const [, , l, name] = file.split("/");
      if (l === lang) common = merge(common, { [name.replace(/\.json$/, "")]: tree });
    }
    const perBrand = {} as Record<BrandId, Tree>;
    for (const brand of ["main", "pikkujatti"] as BrandId[]) {
      let tree = common;
      for (const [file, o] of Object.entries(overrides)) {
        const [, , b, , l, name] = file.split("/");
        if (b === brand && l === lang) tree = merge(tree, { [name.replace(/\.json$/, "")]: o });
      }
      perBrand[brand] = tree;
    }
    result[lang] = perBrand;
  }
  return result;
}

export const resources = build();

const trimmed = new Map<string, Tree>();

/** The subtree of `tree` at the dotted `paths` (e.g. `account.consent`). */
function pick(tree: Tree, paths: readonly string[]): Tree {
  let out: Tree = {};
  for (const path of paths) {
    const keys = path.split(".");
    let value: string | Tree | undefined = tree;
    for (const k of keys) value = typeof value === "object" ? value[k] : undefined;
    if (value === undefined) continue;
    let nested: string | Tree = value;
    for (const k of [...keys].reverse()) nested = { [k]: nested };
    out = merge(out, nested as Tree);
  }
  return out;
}

/**
 * The texts a page sends to the browser (see `textSetFor`). The objects are built once, so the browser-side
 * i18n instances stay cached by identity.
 */
export function pageResources(lang: Lang, brandId: BrandId, set: TextSet): Tree {
  if (set === "all") return resources[lang][brandId];
  const key = `${set}:${lang}:${brandId}`;
  let tree = trimmed.get(key);
  if (!tree) {
    const full = resources[lang][brandId];
    tree =
      set === "door"
        ? pick(full, DOOR_TEXTS)
        : (Object.fromEntries(
            Object.entries(full).filter(([ns]) => !(BOOKING_NAMESPACES as readonly string[]).includes(ns)),
          ) as Tree);
    trimmed.set(key, tree);
  }
  return tree;
}

/** The language of a request: the first path segment, else a `lang` query parameter, else Finnish. */
export function langOfRequest(request: Request): Lang {
  const url = new URL(request.url);
  const first = url.pathname.split("/")[1];
  if (isLang(first)) return first;
  const q = url.searchParams.get("lang");
  return isLang(q) ? q : DEFAULT_LANG;
}

// The middleware detects the language of each request. Texts are not loaded into its per-request instance:
// the shared instances of `i18nFor` serve rendering and `serverT` alike (creating one per request was a
// tenth of a page's server time).
export const [i18nextMiddleware, getLocale] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGS],
    fallbackLanguage: DEFAULT_LANG,
    order: ["custom"],
    findLocale: async (request) => langOfRequest(request),
  },
  i18next: { supportedLngs: [...LANGS], fallbackLng: DEFAULT_LANG, initAsync: false },
});

export function getLang(context: Readonly<RouterContextProvider>): Lang {
  const l = getLocale(context);
  return isLang(l) ? l : DEFAULT_LANG;
}

/** A translate function for loaders and actions, in the request's language and brand. */
export function serverT(context: Readonly<RouterContextProvider>) {
  const lang = getLang(context);
  const brandId = requestInfo(context).brand.id;
  return i18nFor(lang, brandId, resources[lang][brandId]).t;
}
