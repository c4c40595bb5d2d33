/** The portal's user-interface languages, in the order they are offered. */
export const LANGS = ["fi", "sv", "en"] as const;

export type Lang = (typeof LANGS)[number];

/** Finnish is the default when the user has not chosen a language. */
export const DEFAULT_LANG = "fi" satisfies Lang;

export function isLang(x: unknown): x is Lang {
  return typeof x === "string" && (LANGS as readonly string[]).includes(x);
}

/**
 * The `lang` of a text that is in Finnish whatever the page's language (lab test names, a care team's titles): "fi"
 * on a Swedish or English page, so a screen reader reads it as Finnish, and nothing on a Finnish page.
 */
export function finnishTextLang(pageLang: Lang): "fi" | undefined {
  return pageLang === "fi" ? undefined : "fi";
}
