import { Link } from "react-router";
import type { Route } from "./+types/data-access";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { accessLogPage, type AccessActor } from "~/features/my-information/data-access.server";
import { pageNumber } from "~/lib/id";
import { requireUser } from "~/.server/guards";
import { formatDateTime } from "~/lib/format";
import { href } from "~/route-table";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { useLang } from "~/ui/root-data";
import type { TextsHandle } from "~/lib/text-groups";

export const handle = { i18n: ["myInformation.dataAccess"] } satisfies TextsHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireUser(context, request, getLang(context));
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  return accessLogPage(db(), session, page);
}

export default function DataAccess({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { page, pages, entries } = loaderData;
  const who = (a: AccessActor) =>
    a.kind === "guardian"
      ? t("myInformation.dataAccess.actors.guardian", { name: a.name })
      : a.kind === "person"
        ? a.name
        : t(`myInformation.dataAccess.actors.${a.kind}`);
  const pageHref = (n: number) => href("dataAccessLog", lang, {}, n > 1 ? { page: String(n) } : undefined);
  const title = t("myInformation.dataAccess.title");
  return (
    <div className="narrow-wide">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">{t("myInformation.dataAccess.intro")}</p>
      {entries.length === 0 ? (
        <p>{t("myInformation.dataAccess.empty")}</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">{t("myInformation.dataAccess.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("myInformation.dataAccess.when")}</th>
              <th scope="col">{t("myInformation.dataAccess.who")}</th>
              <th scope="col">{t("myInformation.dataAccess.what")}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{formatDateTime(new Date(e.at), lang)}</td>
                <td>{who(e.actor)}</td>
                <td>{`${t(`myInformation.dataAccess.actions.${e.action}`)}: ${t(`myInformation.dataAccess.resources.${e.resource}`)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 ? (
        <nav className="pagination" aria-label={t("myInformation.dataAccess.pagination.label")}>
          {page > 1 ? (
            <Link to={pageHref(page - 1)} rel="prev">
              {t("myInformation.dataAccess.pagination.previous")}
            </Link>
          ) : null}
          <span aria-current="page">{t("myInformation.dataAccess.pagination.status", { page, pages })}</span>
          {page < pages ? (
            <Link to={pageHref(page + 1)} rel="next">
              {t("myInformation.dataAccess.pagination.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
      <p>
        <LocalizedLink to="myInformation">{t("myInformation.dataAccess.back")}</LocalizedLink>
      </p>
    </div>
  );
}
