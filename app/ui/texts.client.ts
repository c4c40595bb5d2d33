import { mergeTexts, textsUrl } from "~/lib/text-groups";
import { setRoutePaths, type RoutePaths } from "~/route-table";
import { translator, type T, type TextTree } from "~/lib/translate";
import type { TextSource } from "./i18n";

/**
 * The browser's texts: each group's file is fetched once (the page preloads its own) and kept for the visit;
 * the translate function of each set of groups is built once.
 */
const files = new Map<string, TextTree | Promise<TextTree>>();
const translators = new Map<string, T | Promise<T>>();

function fetchTexts(url: string): TextTree | Promise<TextTree> {
  let file = files.get(url);
  if (!file) {
    const pending = fetch(url, { credentials: "same-origin" }).then((res) => {
      if (!res.ok) throw new Error(`texts ${url}: ${res.status}`);
      return res.json() as Promise<TextTree>;
    });
    pending.then(
      (tree) => files.set(url, tree),
      () => files.delete(url), // a later navigation tries again
    );
    files.set(url, (file = pending));
  }
  return file;
}

/** Loads the text files and the pages' path words the page preloads: hydration needs both. */
export function loadPreloadedTexts(): Promise<unknown> {
  const links = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"][href^="/texts/"]');
  return Promise.all(
    [...links].map((l) => {
      const url = l.getAttribute("href")!;
      if (!url.endsWith("/paths.json")) return fetchTexts(url);
      return fetch(url, { credentials: "same-origin" }).then(async (res) => {
        if (!res.ok) throw new Error(`paths ${url}: ${res.status}`);
        setRoutePaths((await res.json()) as RoutePaths);
      });
    }),
  );
}

export const browserTextSource: TextSource = ({ lang, brandId, version, groups }) => {
  const key = `${version}/${lang}-${brandId}/${groups.join(",")}`;
  const cached = translators.get(key);
  if (cached) return cached;
  const trees = groups.map((g) => fetchTexts(textsUrl(version, lang, brandId, g)));
  const build = (loaded: TextTree[]) => {
    const t = translator(lang, mergeTexts(loaded));
    translators.set(key, t);
    return t;
  };
  if (trees.every((tree) => !(tree instanceof Promise))) return build(trees as TextTree[]);
  // A text file that cannot be loaded (a deploy in between, a dropped connection) is not worth an error page:
  // the server renders the page whole, as without JavaScript. Until then the current page stays.
  const pending = Promise.all(trees).then(build, () => {
    translators.delete(key);
    window.location.reload();
    return new Promise<T>(() => {});
  });
  translators.set(key, pending);
  return pending;
};
