import { data } from "react-router";
import type { Route } from "./+types/lab-result";
import { logAccess } from "~/.server/access-log";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { labResultDay } from "~/features/health-records/laboratory.server";
import { LabEntries, LabTable } from "~/features/health-records/lab-result-view";
import { isCalendarDay } from "~/features/health-records/rules";
import { requireUser } from "~/.server/guards";
import type { TextsHandle } from "~/lib/text-groups";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";

export const handle = { i18n: ["laboratory"] } satisfies TextsHandle;

/** The acting person's laboratory results of one day; a malformed date, or no results that day, is not found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const day = isCalendarDay(params.date) ? await labResultDay(db(), session.actingPerson.id, params.date, lang) : null;
  if (!day) throw data(null, { status: 404 });
  await logAccess({
    actorId: session.user.id,
    subjectId: session.actingPerson.id,
    resource: "lab-result",
    resourceId: day.date,
  });
  return { day };
}

export default function LabResult({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { day } = loaderData;
  const title = t("laboratory.result.title", { date: day.dateText });
  return (
    <div className="narrow-wide lab-result">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">
        {day.readiness === "ready" ? t("laboratory.result.ready") : t("laboratory.result.notReady")}
      </p>
      <section aria-labelledby="lab-tests-heading">
        <h2 id="lab-tests-heading">{t("laboratory.result.testsHeading")}</h2>
        <p className="hint">{t("laboratory.result.testsHint")}</p>
        <LabEntries entries={day.entries} />
      </section>
      <section aria-labelledby="lab-table-heading">
        <h2 id="lab-table-heading">{t("laboratory.result.tableHeading")}</h2>
        <LabTable entries={day.entries} caption={t("laboratory.result.caption", { date: day.dateText })} />
      </section>
      <p>
        <LocalizedLink to="laboratory">{t("laboratory.back")}</LocalizedLink>
      </p>
    </div>
  );
}
