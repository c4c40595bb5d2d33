import { data } from "react-router";
import type { Route } from "./+types/imaging-result";
import { logAccess } from "~/.server/access-log";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { imagingResultsOn } from "~/features/health-records/imaging.server";
import { dayText } from "~/features/health-records/referrals.server";
import { isCalendarDay } from "~/features/health-records/rules";
import { requireUser } from "~/.server/guards";
import type { TextsHandle } from "~/lib/text-groups";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";

export const handle = { i18n: ["imaging"] } satisfies TextsHandle;

/**
 * The acting person's imaging results of one day (spec part 2 §2 "Imaging"). A malformed date or a day without
 * results: not found. While the results' source is at fault the page says so (spec part 2 §8), with 503.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const results = isCalendarDay(params.date)
    ? await imagingResultsOn(db(), session.actingPerson.id, params.date, lang)
    : [];
  if (results === "unavailable")
    return data({ state: "unavailable" as const, dateText: dayText(params.date, lang) }, { status: 503 });
  if (results.length === 0) throw data(null, { status: 404 });
  await logAccess({
    actorId: session.user.id,
    subjectId: session.actingPerson.id,
    resource: "imaging-result",
    resourceId: params.date,
  });
  return { state: "ok" as const, dateText: results[0]!.dateText, results };
}

export default function ImagingResult({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.state === "unavailable")
    return (
      <div className="narrow-wide imaging-result">
        <PageTitle title={t("imaging.result.title", { date: loaderData.dateText })} />
        <h1>{t("imaging.result.title", { date: loaderData.dateText })}</h1>
        <p>{t("imaging.results.unavailable")}</p>
        <p>
          <LocalizedLink to="imaging">{t("imaging.back")}</LocalizedLink>
        </p>
      </div>
    );
  const { dateText, results } = loaderData;
  const title = t("imaging.result.title", { date: dateText });
  return (
    <div className="narrow-wide imaging-result">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {results.map((r) => (
        <section key={r.id} className="card imaging-result__item" aria-labelledby={`imaging-result-${r.id}`}>
          <h2 id={`imaging-result-${r.id}`} className="card__title">
            {r.examinationName}
          </h2>
          <dl className="summary-list">
            <div className="summary-list__row">
              <dt>{t("imaging.result.date")}</dt>
              <dd>{r.dateText}</dd>
            </div>
          </dl>
          <h3>{t("imaging.result.statement")}</h3>
          <p className="imaging-result__statement">{r.statementText ?? t("imaging.result.noStatement")}</p>
        </section>
      ))}
      <p>
        <LocalizedLink to="imaging">{t("imaging.back")}</LocalizedLink>
      </p>
    </div>
  );
}
