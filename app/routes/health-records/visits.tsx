import type { Route } from "./+types/visits";
import { logAccess } from "~/.server/access-log";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { VisitList } from "~/features/health-records/visit-view";
import { listVisits } from "~/features/health-records/visits.server";
import { requireUser } from "~/.server/guards";
import type { TextsHandle } from "~/lib/text-groups";
import { useT } from "~/ui/i18n";
import { PageTitle } from "~/ui/page-title";

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["visits.list"] } satisfies TextsHandle;

/** The acting person's visits (spec part 2 §2 "Visits"): medical reports released to patients, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const visits = await listVisits(db(), session.actingPerson.id, lang);
  await logAccess({ actorId: session.user.id, subjectId: session.actingPerson.id, resource: "visits" });
  return { visits };
}

export default function Visits({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const title = t("visits.list.title");
  return (
    <div className="narrow-wide">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">{t("visits.list.intro")}</p>
      <VisitList visits={loaderData.visits} t={t} />
    </div>
  );
}
