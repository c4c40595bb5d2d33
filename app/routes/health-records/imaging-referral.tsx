import { data } from "react-router";
import type { Route } from "./+types/imaging-referral";
import { logAccess } from "~/.server/access-log";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { findReferral } from "~/features/health-records/referrals.server";
import { ReferralPage } from "~/features/health-records/referral-view";
import { requireUser } from "~/.server/guards";
import { parseId } from "~/lib/id";
import type { TextsHandle } from "~/lib/text-groups";
import { useT } from "~/ui/i18n";
import { PageTitle } from "~/ui/page-title";

export const handle = { i18n: ["imaging", "referrals"] } satisfies TextsHandle;

/** One of the acting person's imaging referrals; another person's, a laboratory referral or a bad id is not found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const id = parseId(params.id);
  const referral = id === null ? null : await findReferral(db(), session.actingPerson.id, "imaging", id, now(), lang);
  if (!referral) throw data(null, { status: 404 });
  await logAccess({
    actorId: session.user.id,
    subjectId: session.actingPerson.id,
    resource: "imaging-referral",
    resourceId: String(referral.id),
  });
  return { referral, imagingCentresUrl: requestInfo(context).brand.imagingCentresUrl };
}

export default function ImagingReferral({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { referral, imagingCentresUrl } = loaderData;
  const kind = t("imaging.referral.kind");
  return (
    <>
      <PageTitle title={`${referral.title} – ${kind}`} />
      <ReferralPage referral={referral} kind={kind} back={{ to: "imaging", label: t("imaging.back") }}>
        <li>
          <a href={imagingCentresUrl}>{t("imaging.referral.findCentre")}</a>
        </li>
      </ReferralPage>
    </>
  );
}
