import { createContext, use, useContext, useMemo, type ReactNode } from "react";
import { useMatches } from "react-router";
import type { BrandId } from "#brands/index";
import type { Lang } from "~/lib/lang";
import { textGroupsOf } from "~/lib/text-groups";
import { translator, type T, type TextTree } from "~/lib/translate";

/**
 * Where a page's texts come from: on the server the texts in memory, in the browser the static text files
 * (`texts.client.ts`), which may still be on their way (a promise) when a navigation needs a new group.
 */
export type TextSource = (page: {
  lang: Lang;
  brandId: BrandId;
  version: string;
  groups: readonly string[];
}) => T | Promise<T>;

const SourceContext = createContext<TextSource | null>(null);
const TContext = createContext<T>((key) => key);

export function TextSourceProvider({ source, children }: { source: TextSource; children: ReactNode }) {
  return <SourceContext value={source}>{children}</SourceContext>;
}

/**
 * The texts of the page being shown: the layout's, the matched routes' declared groups and the flash
 * message's. The server and the browser compute the same groups, so hydration renders the same words; a client
 * navigation to a page with new groups waits for their files inside the navigation's transition.
 */
export function PageTexts({
  lang,
  brandId,
  version,
  flashKey,
  children,
}: {
  lang: Lang;
  brandId: BrandId;
  version: string;
  flashKey: string | null;
  children: ReactNode;
}) {
  const source = useContext(SourceContext);
  const matches = useMatches();
  const groups = textGroupsOf(matches, flashKey);
  if (!source) throw new Error("PageTexts needs a TextSourceProvider");
  const result = source({ lang, brandId, version, groups });
  const t = result instanceof Promise ? use(result) : result;
  return <TContext value={t}>{children}</TContext>;
}

/** Given texts, for components rendered on their own (tests). */
export function I18nProvider({ lang, resources, children }: { lang: Lang; resources: TextTree; children: ReactNode }) {
  const t = useMemo(() => translator(lang, resources), [lang, resources]);
  return <TContext value={t}>{children}</TContext>;
}

/** The translate function of the current page. */
export function useT(): T {
  return useContext(TContext);
}
