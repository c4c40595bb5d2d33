import type { Route } from "./+types/imaging";
import { logAccess } from "~/.server/access-log";
import { now } from "~/.server/clock";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { imagingResultDays } from "~/features/health-records/imaging.server";
import { listReferrals } from "~/features/health-records/referrals.server";
import { ReferralsSection } from "~/features/health-records/referral-view";
import { requireUser } from "~/.server/guards";
import type { TextsHandle } from "~/lib/text-groups";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";

export const handle = { i18n: ["imaging", "referrals"] } satisfies TextsHandle;

/**
 * The acting person's imaging referrals and the days with imaging results (spec part 2 §2 "Imaging"). When the
 * results' source is at fault only that section says so; the page itself still answers.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const personId = session.actingPerson.id;
  const [referrals, results] = await Promise.all([
    listReferrals(db(), personId, "imaging", now(), lang),
    imagingResultDays(db(), personId, lang),
  ]);
  await logAccess({ actorId: session.user.id, subjectId: personId, resource: "imaging" });
  return { referrals, results };
}

export default function Imaging({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { referrals, results } = loaderData;
  const title = t("imaging.title");
  return (
    <div className="narrow-wide health-records">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <ReferralsSection referrals={referrals} page="imagingReferral" />
      <section className="card health-section" aria-labelledby="results-heading">
        <h2 id="results-heading" className="card__title">
          {t("imaging.results.heading")}
        </h2>
        {results.state === "unavailable" ? (
          <p className="card__empty">{t("imaging.results.unavailable")}</p>
        ) : results.days.length === 0 ? (
          <p className="card__empty">{t("imaging.results.empty")}</p>
        ) : (
          <ul className="item-list">
            {results.days.map((d) => (
              <li key={d.date} data-date={d.date}>
                <LocalizedLink to="imagingResult" params={{ date: d.date }}>
                  {t("imaging.results.link", { date: d.dateText })}
                </LocalizedLink>
                <span>{d.examinations.join(", ")}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
