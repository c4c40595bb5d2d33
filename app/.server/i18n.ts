import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import { RemixI18Next } from "remix-i18next/server";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { brands, type BrandId } from "#brands/index";
import { DEFAULT_LANG, LANGS, isLang, type Lang } from "~/lib/lang";
import { TEXT_GROUP, mergeTexts, pickTexts } from "~/lib/text-groups";
import { translator, type T, type TextTree } from "~/lib/translate";
import type { TextSource } from "~/ui/i18n";
import { routePaths } from "~/route-table/pages.server";
import { requestInfo } from "./context";

/**
 * Texts: `locales/<lang>/<namespace>.json`, with `brands/<brand>/locales/<lang>/<namespace>.json` merged over them.
 * Keys read `<namespace>.<key>`, e.g. `session.login.heading`. Pages render with the groups their routes declare
 * (`app/lib/text-groups.ts`); loaders and actions translate with all of them (`serverT`).
 */
const base = import.meta.glob<TextTree>("/locales/*/*.json", { eager: true, import: "default" });
const overrides = import.meta.glob<TextTree>("/brands/*/locales/*/*.json", { eager: true, import: "default" });

function build(): Record<Lang, Record<BrandId, TextTree>> {
  const result = {} as Record<Lang, Record<BrandId, TextTree>>;
  for (const lang of LANGS) {
    const common: TextTree[] = [];
    for (const [file, tree] of Object.entries(base)) {
      const [, , l, name] = file.split("/");
      if (l === lang) common.push({ [name.replace(/\.json$/, "")]: tree });
    }
    const perBrand = {} as Record<BrandId, TextTree>;
    for (const brand of Object.keys(brands) as BrandId[]) {
      const layers = [...common];
      for (const [file, o] of Object.entries(overrides)) {
        const [, , b, , l, name] = file.split("/");
        if (b === brand && l === lang) layers.push({ [name.replace(/\.json$/, "")]: o });
      }
      perBrand[brand] = mergeTexts(layers);
    }
    result[lang] = perBrand;
  }
  return result;
}

export const resources = build();

const pathsJson = JSON.stringify(routePaths);

/** Changes whenever any text or path word changes, so their files can be cached for good. */
export const TEXTS_VERSION = createHash("sha256")
  .update(JSON.stringify(resources))
  .update(pathsJson)
  .digest("hex")
  .slice(0, 12);

// Both caches are bounded by the texts themselves: groups are existing paths, sets are the pages' declarations
// (and a flash key), so an attacker asking for made-up groups gets 404s, not memory.
const groupFiles = new Map<string, { json: string; tree: TextTree } | null>();

function groupFile(lang: Lang, brandId: BrandId, group: string) {
  const key = `${lang}-${brandId}/${group}`;
  let file = groupFiles.get(key);
  if (file === undefined) {
    const tree = TEXT_GROUP.test(group) ? pickTexts(resources[lang][brandId], group) : null;
    file = tree ? { json: JSON.stringify(tree), tree } : null;
    if (groupFiles.size < 5000) groupFiles.set(key, file);
  }
  return file;
}

const pageTranslators = new Map<string, T>();

/** The server's texts for a page: exactly its declared groups, so a key it did not declare shows up. */
export const serverTextSource: TextSource = ({ lang, brandId, groups }) => {
  const key = `${lang}-${brandId}/${groups.join(",")}`;
  let t = pageTranslators.get(key);
  if (!t) {
    const trees = groups.flatMap((g): TextTree[] => {
      const f = groupFile(lang, brandId, g);
      return f ? [f.tree] : [];
    });
    t = translator(lang, mergeTexts(trees));
    if (pageTranslators.size < 2000) pageTranslators.set(key, t);
  }
  return t;
};

/**
 * `GET /texts/<version>/<lang>-<brand>/<group>.json`: one text group as JSON, and `GET /texts/<version>/paths.json`:
 * the path words of every page (the browser's links, `app/route-table`). The current version is immutable; an older
 * one (a page loaded before a deploy) gets today's files, uncached.
 */
export const serveTexts: RequestHandler = (req, res, next) => {
  const paths = /^\/texts\/(\w+)\/paths\.json$/.exec(req.path);
  const match = paths ? null : /^\/texts\/(\w+)\/(\w+)-(\w+)\/([\w.-]+)\.json$/.exec(req.path);
  if (!match && !paths) return next();
  const version = (paths ?? match)![1];
  let json: string | undefined;
  if (paths) json = pathsJson;
  else {
    const [, , lang, brandId, group] = match!;
    json = isLang(lang) && brandId in brands ? groupFile(lang, brandId as BrandId, group)?.json : undefined;
  }
  if (!json) return res.status(404).type("text/plain").send("Not Found");
  res.setHeader(
    "Cache-Control",
    version === TEXTS_VERSION ? "public, max-age=31536000, immutable" : "no-cache, max-age=0",
  );
  res.type("application/json").send(json);
};

/** The language of a request: the first path segment, else a `lang` query parameter, else Finnish. */
export function langOfRequest(request: Request): Lang {
  const url = new URL(request.url);
  const first = url.pathname.split("/")[1];
  if (isLang(first)) return first;
  const q = url.searchParams.get("lang");
  return isLang(q) ? q : DEFAULT_LANG;
}

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGS],
    fallbackLanguage: DEFAULT_LANG,
    order: ["custom"],
    findLocale: async (request) => langOfRequest(request),
  },
});

const langContext = createContext<Lang>(DEFAULT_LANG);

/** Detects each request's language once. (No i18next instance per request: rendering uses the shared texts.) */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const l = await detector.getLocale(request);
  context.set(langContext, isLang(l) ? l : DEFAULT_LANG);
  return next();
};

export function getLang(context: Readonly<RouterContextProvider>): Lang {
  return context.get(langContext);
}

const fullTranslators = new Map<string, T>();

/** A translate function for loaders and actions, in the request's language and brand, with every text. */
export function serverT(context: Readonly<RouterContextProvider>): T {
  return textsOf(getLang(context), requestInfo(context).brand.id);
}

export function textsOf(lang: Lang, brandId: BrandId): T {
  const key = `${lang}-${brandId}`;
  let t = fullTranslators.get(key);
  if (!t) fullTranslators.set(key, (t = translator(lang, resources[lang][brandId])));
  return t;
}
