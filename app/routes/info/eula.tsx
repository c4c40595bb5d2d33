import { useMemo } from "react";
import type { Route } from "./+types/eula";
import { requestInfo } from "~/.server/context";
import { getLang } from "~/.server/i18n";
import { eulaContent } from "~/features/info/eula.server";
import { EulaTerms } from "~/features/info/eula-view";
import type { TextsHandle } from "~/lib/text-groups";
import { translator } from "~/lib/translate";
import { useT } from "~/ui/i18n";
import { PageTitle } from "~/ui/page-title";
import { useBrand } from "~/ui/root-data";

export const handle = { i18n: ["info.eula"] } satisfies TextsHandle;

/** The end-user licence terms (spec part 1 §2), for anyone; the children's brand shows them in Finnish. */
export function loader({ context }: Route.LoaderArgs) {
  return eulaContent(requestInfo(context).brand.id, getLang(context));
}

export default function Eula({ loaderData }: Route.ComponentProps) {
  const pageT = useT();
  const brand = useBrand();
  const { contentLang, texts } = loaderData;
  const t = useMemo(() => (texts ? translator(contentLang, texts) : pageT), [contentLang, texts, pageT]);
  const terms = {
    name: brand?.name ?? pageT("common.brandName"),
    businessName: brand?.businessName ?? "",
    homePage: brand?.links.homePage ?? "/",
  };
  return (
    // Marked with its language when it differs from the page's, so that a screen reader reads it right.
    <div className="narrow" lang={texts ? contentLang : undefined}>
      <PageTitle title={t("info.eula.title")} />
      <EulaTerms t={t} brand={terms} />
    </div>
  );
}
