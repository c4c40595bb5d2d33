import { data } from "react-router";
import type { Route } from "./+types/sickness-fund";
import { db } from "~/.server/db/client";
import { featureOn } from "~/.server/features";
import { getLang } from "~/.server/i18n";
import { requireUser } from "~/.server/guards";
import { SicknessFundContentView, SicknessFundTabs } from "~/features/sickness-fund/sickness-fund-view";
import { loadSicknessFundPage } from "~/features/sickness-fund/sickness-fund.server";
import { tabOfSlug } from "~/features/sickness-fund/tabs";
import type { TextsHandle } from "~/lib/text-groups";
import { ErrorView } from "~/ui/lazy-error-view";
import { useT } from "~/ui/i18n";
import { PageTitle } from "~/ui/page-title";
import { useLang } from "~/ui/root-data";

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts); the fund's content is Finnish data. */
export const handle = { i18n: ["sicknessFund"] } satisfies TextsHandle;

/**
 * The sickness fund (spec part 1 §2 "Other pages", §9): intro at the fund's address, the other tabs at
 * `sairauskassa/<tab>`. Only where the brand has the page (feature `sickness-fund-page`) and for a member: the
 * logged-in user's own membership, as in the menu, since the fund is that of the user's employer (acting for a
 * child changes nothing). Anywhere else, and for an unknown tab, the page does not exist.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const tab = tabOfSlug("tab" in params ? params.tab : undefined);
  if (!featureOn(context, "sickness-fund-page") || !session.user.isSicknessFundMember || !tab)
    throw data(null, { status: 404 });

  const page = await loadSicknessFundPage(db(), session.user.id, tab);
  if (page.state === "notMember") throw data(null, { status: 404 });
  if (page.state === "unavailable") return data({ state: "unavailable" as const }, { status: 503 });
  return { state: "ok" as const, tab, content: page.content };
}

export default function SicknessFundPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  if (loaderData.state === "unavailable") return <ErrorView kind="generic" retry />;
  const { tab, content } = loaderData;
  const title = t("sicknessFund.title");
  return (
    <div className="narrow-wide">
      <PageTitle title={t("sicknessFund.pageTitle", { tab: t(`sicknessFund.tabs.${tab}`) })} />
      <h1>{title}</h1>
      {lang !== "fi" ? <p className="notice-text">{t("sicknessFund.finnishOnly")}</p> : null}
      <SicknessFundTabs current={tab} lang={lang} t={t} />
      <SicknessFundContentView content={content} lang={lang} />
    </div>
  );
}
