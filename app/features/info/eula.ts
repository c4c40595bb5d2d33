import type { BrandId } from "#brands/index";
import type { Lang } from "~/lib/lang";

/** The language of the end-user licence terms: the page's own, except the children's brand's always in Finnish. */
export function eulaLanguage(brandId: BrandId, lang: Lang): Lang {
  return brandId === "pikkujatti" ? "fi" : lang;
}
