import type { BrandId } from "#brands/index";
import { resources } from "~/.server/i18n";
import type { Lang } from "~/lib/lang";
import { pickTexts } from "~/lib/text-groups";
import type { TextTree } from "~/lib/translate";
import { eulaLanguage } from "./eula";

/**
 * The terms' language and, when it is not the page's, their texts in that language: the browser has only the
 * page language's text files, so the other language's terms come with the page's data (this page only).
 */
export function eulaContent(brandId: BrandId, lang: Lang): { contentLang: Lang; texts: TextTree | null } {
  const contentLang = eulaLanguage(brandId, lang);
  if (contentLang === lang) return { contentLang, texts: null };
  return { contentLang, texts: pickTexts(resources[contentLang][brandId], "info.eula") };
}
