import type { Route } from "./+types/laboratory";
import { logAccess } from "~/.server/access-log";
import { now } from "~/.server/clock";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { labResultDays } from "~/features/health-records/laboratory.server";
import { listReferrals } from "~/features/health-records/referrals.server";
import { ReferralsSection } from "~/features/health-records/referral-view";
import { requireUser } from "~/.server/guards";
import type { TextsHandle } from "~/lib/text-groups";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";

export const handle = { i18n: ["laboratory", "referrals"] } satisfies TextsHandle;

/** The acting person's laboratory referrals and the days with results (spec part 2 §2 "Laboratory"). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const personId = session.actingPerson.id;
  const [referrals, days] = await Promise.all([
    listReferrals(db(), personId, "laboratory", now(), lang),
    labResultDays(db(), personId, lang),
  ]);
  await logAccess({ actorId: session.user.id, subjectId: personId, resource: "laboratory" });
  return { referrals, days };
}

export default function Laboratory({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { referrals, days } = loaderData;
  const title = t("laboratory.title");
  return (
    <div className="narrow-wide health-records">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <ReferralsSection referrals={referrals} page="labReferral" />
      <section className="card health-section" aria-labelledby="results-heading">
        <h2 id="results-heading" className="card__title">
          {t("laboratory.results.heading")}
        </h2>
        {days.length === 0 ? (
          <p className="card__empty">{t("laboratory.results.empty")}</p>
        ) : (
          <ul className="item-list">
            {days.map((d) => (
              <li key={d.date} data-date={d.date}>
                <LocalizedLink to="labResult" params={{ date: d.date }}>
                  {t("laboratory.results.link", { date: d.dateText })}
                </LocalizedLink>
                <span>
                  {d.readiness === "ready" ? t("laboratory.results.ready") : t("laboratory.results.pending")}
                  {", "}
                  {t("laboratory.results.tests", { count: d.testCount })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
