import { data } from "react-router";
import type { Route } from "./+types/certificate-pdf";
import { logAccess } from "~/.server/access-log";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { certificatePdf } from "~/features/health-records/certificate-pdf.server";
import { certificateFilename, findCertificate } from "~/features/health-records/certificates.server";
import { parseId } from "~/lib/id";
import { requireUser } from "~/.server/guards";

/**
 * GET /{lang}/todistukset/{id}/todistus.pdf (and the Swedish and English paths): the acting person's sick-leave
 * certificate created since 2022 as a PDF download; anyone else's, an older one or a malformed id is 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const person = session.actingPerson;
  const id = parseId(params.id);
  const certificate = id === null ? null : await findCertificate(db(), person.id, id, lang);
  if (!certificate) throw data(null, { status: 404 });
  const pdf = await certificatePdf(certificate, person, requestInfo(context).brand, lang);
  await logAccess({
    actorId: session.user.id,
    subjectId: person.id,
    resource: "certificate-pdf",
    resourceId: String(certificate.id),
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${certificateFilename(certificate.id, lang)}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
