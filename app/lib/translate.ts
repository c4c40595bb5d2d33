import type { Lang } from "./lang";

/**
 * The translate function, on the server and in the browser alike. Texts are nested JSON
 * (`locales/<lang>/<namespace>.json`); a key reads `<namespace>.<path>`, e.g. `session.login.heading`. It does
 * what the texts use and nothing more: `{{name}}` interpolation, plurals by `count` (`key_one`, `key_other`, by
 * the language's plural rules) and `defaultValue`. A few hundred bytes instead of i18next in every page's scripts.
 */
export type TextTree = { [key: string]: string | TextTree };
export type TOptions = { count?: number; defaultValue?: string; [name: string]: unknown };
export type T = (key: string, options?: TOptions) => string;

/** The text at a dotted key, or undefined. */
export function lookup(tree: TextTree, key: string): string | undefined {
  let node: string | TextTree | undefined = tree;
  let start = 0;
  while (node !== undefined && typeof node === "object") {
    const dot = key.indexOf(".", start);
    node = node[dot === -1 ? key.slice(start) : key.slice(start, dot)];
    if (dot === -1) return typeof node === "string" ? node : undefined;
    start = dot + 1;
  }
  return undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralOf(lang: Lang, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(count);
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * Called with a key that is not among the texts a page declared (and so would show as the key). Development
 * and the tests set it to make such a page fail; in production the key is shown and nothing else happens.
 */
let missingText: ((key: string) => void) | null = null;
export function onMissingText(handler: ((key: string) => void) | null) {
  missingText = handler;
}

export function translator(lang: Lang, tree: TextTree): T {
  return (key, options) => {
    let text: string | undefined;
    if (typeof options?.count === "number") {
      text = lookup(tree, `${key}_${pluralOf(lang, options.count)}`) ?? lookup(tree, `${key}_other`);
    }
    text ??= lookup(tree, key);
    if (text === undefined) {
      if (options?.defaultValue !== undefined) return options.defaultValue;
      missingText?.(key);
      return key;
    }
    if (!options || !text.includes("{{")) return text;
    return text.replace(PLACEHOLDER, (whole, name: string) => {
      const value = options[name];
      return value === undefined || value === null ? whole : String(value);
    });
  };
}
