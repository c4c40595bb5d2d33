import type { Route } from "./+types/certificates";
import { logAccess } from "~/.server/access-log";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { CertificateList } from "~/features/health-records/certificate-view";
import { listCertificates } from "~/features/health-records/certificates.server";
import { requireUser } from "~/.server/guards";
import type { TextsHandle } from "~/lib/text-groups";
import { useT } from "~/ui/i18n";
import { PageTitle } from "~/ui/page-title";
import { useLang } from "~/ui/root-data";

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["certificates"] } satisfies TextsHandle;

/**
 * The acting person's sick-leave certificates created since 1.1.2022, newest first, each with its PDF (spec part 1
 * §2 "Certificates"). The children's brand has no such page (its `hiddenPages`, answered 404 by the middleware).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const certificates = await listCertificates(db(), session.actingPerson.id, lang);
  await logAccess({ actorId: session.user.id, subjectId: session.actingPerson.id, resource: "certificates" });
  return { certificates };
}

export default function Certificates({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const title = t("certificates.title");
  return (
    <div className="narrow-wide">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">{t("certificates.intro")}</p>
      <CertificateList certificates={loaderData.certificates} t={t} lang={lang} />
    </div>
  );
}
