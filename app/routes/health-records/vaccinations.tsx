import { data } from "react-router";
import type { Route } from "./+types/vaccinations";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { pageNumber } from "~/lib/id";
import { loadVaccinationsPage } from "~/features/health-records/vaccinations.server";
import { VaccinationCard } from "~/features/health-records/vaccinations-view";
import { requireUser } from "~/.server/guards";
import type { TextsHandle } from "~/lib/text-groups";
import { href } from "~/route-table";
import { useT } from "~/ui/i18n";
import { PageTitle } from "~/ui/page-title";
import { Pager } from "~/ui/pager";
import { useLang } from "~/ui/root-data";

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["vaccinations.list", "vaccinations.pagination"] } satisfies TextsHandle;

/**
 * The acting person's vaccinations, newest first, 25 a page (spec part 1 §2, §9). `?page=` that is not a whole
 * number from 1 up shows the first page; a page after the last one is not found.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  const list = await loadVaccinationsPage(db(), session, page, lang);
  if (!list) throw data(null, { status: 404 });
  const acting = session.actingPerson.id !== session.user.id ? session.actingPerson : null;
  return { ...list, actingName: acting ? `${acting.firstName} ${acting.lastName}` : null };
}

export default function Vaccinations({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { page, pages, items, actingName } = loaderData;
  const title = t("vaccinations.list.title");
  const pageHref = (n: number) => href("vaccinations", lang, {}, n > 1 ? { page: String(n) } : undefined);
  return (
    <div className="narrow-wide">
      <PageTitle title={pages > 1 ? t("vaccinations.list.titleWithPage", { page, pages }) : title} />
      <h1>{title}</h1>
      {actingName ? <p>{t("vaccinations.list.actingFor", { name: actingName })}</p> : null}
      {items.length === 0 ? (
        <p>{t("vaccinations.list.empty")}</p>
      ) : (
        <>
          <p className="lead">{t("vaccinations.list.intro")}</p>
          <ul className="vaccination-list" aria-label={t("vaccinations.list.caption")}>
            {items.map((item) => (
              <VaccinationCard key={item.id} item={item} t={t} />
            ))}
          </ul>
        </>
      )}
      <Pager page={page} pages={pages} pageHref={pageHref} texts="vaccinations.pagination" />
    </div>
  );
}
