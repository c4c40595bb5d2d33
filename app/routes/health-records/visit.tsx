import { data } from "react-router";
import type { Route } from "./+types/visit";
import { logAccess } from "~/.server/access-log";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { PrintAction, VisitReportView } from "~/features/health-records/visit-view";
import { findVisit } from "~/features/health-records/visits.server";
import { parseId } from "~/lib/id";
import { requireUser } from "~/.server/guards";
import type { TextsHandle } from "~/lib/text-groups";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";
import { useBrand } from "~/ui/root-data";

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["visits.visit"] } satisfies TextsHandle;

/**
 * One visit's medical report (spec part 2 §2 "Visits", §3 "Visit page state"). A malformed id, someone else's visit
 * or one released to professionals only is answered 404 with the page's own "Visit was not found".
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const person = session.actingPerson;
  const visitId = parseId(params.visitId);
  const visit = visitId === null ? null : await findVisit(db(), person.id, visitId, lang);
  if (!visit) return data({ found: false as const }, { status: 404 });
  await logAccess({ actorId: session.user.id, subjectId: person.id, resource: "visit", resourceId: String(visit.id) });
  return {
    found: true as const,
    visit,
    // Printed on paper only, so a printed report says whose it is.
    fullName: `${person.firstName} ${person.lastName}`,
    identityCode: person.identityCode,
  };
}

function AllVisitsLink({ label }: { label: string }) {
  return (
    <p className="no-print">
      <LocalizedLink to="visits">{label}</LocalizedLink>
    </p>
  );
}

export default function Visit({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const brand = useBrand();
  if (!loaderData.found) {
    const heading = t("visits.visit.notFound");
    return (
      <div className="narrow-wide">
        <PageTitle title={heading} />
        <h1>{heading}</h1>
        <p>{t("visits.visit.notFoundBody")}</p>
        <AllVisitsLink label={t("visits.visit.allVisits")} />
      </div>
    );
  }
  const { visit, fullName, identityCode } = loaderData;
  const title = t("visits.visit.title", { date: visit.when });
  return (
    <div className="narrow-wide visit">
      <PageTitle title={title} />
      <div className="print-only visit__patient">
        <p>
          <strong>{`${t("visits.visit.patient")}:`}</strong>
          {` ${fullName}`}
          <br />
          <strong>{`${t("visits.visit.identityCode")}:`}</strong>
          {` ${identityCode}`}
        </p>
      </div>
      <h1>{title}</h1>
      <VisitReportView visit={visit} t={t} brandId={brand?.id} />
      <PrintAction t={t} />
      <AllVisitsLink label={t("visits.visit.allVisits")} />
    </div>
  );
}
