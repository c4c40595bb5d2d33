import type { Brand } from "#brands/index";
import { textsOf } from "~/.server/i18n";
import { newPdf } from "~/.server/pdf";
import type { Lang } from "~/lib/lang";
import type { Certificate } from "./certificates.server";

/**
 * A sick-leave certificate as a PDF in the page's language and brand: real text, tagged with the document's title
 * and language. The diagnosis and the statement are printed as written (in Finnish).
 */
export async function certificatePdf(
  certificate: Certificate,
  patient: { firstName: string; lastName: string; identityCode: string },
  brand: Brand,
  lang: Lang,
): Promise<Buffer> {
  const t = textsOf(lang, brand.id);
  const title = t(`certificates.types.${certificate.type}`);
  const { doc, bytes } = await newPdf(lang, { title, author: brand.businessName, creator: brand.name });

  doc.font("Helvetica-Bold").fontSize(14).text(brand.businessName);
  doc.moveDown(1.5);
  doc.font("Helvetica-Bold").fontSize(18).text(title);
  doc.moveDown(0.75);

  /** A labelled part: the label in bold, the value below it. */
  const part = (label: string, value: string) => {
    doc.font("Helvetica-Bold").fontSize(11).text(label);
    doc.font("Helvetica").fontSize(11).text(value);
    doc.moveDown(0.5);
  };
  part(t("certificates.pdf.patient"), `${patient.firstName} ${patient.lastName}`);
  part(t("certificates.pdf.identityCode"), patient.identityCode);
  part(t("certificates.sickLeave"), certificate.sickLeave);
  const diagnosis = [certificate.diagnosisCode, certificate.diagnosisText].filter(Boolean).join(" ");
  if (diagnosis) part(t("certificates.pdf.diagnosis"), diagnosis);
  if (certificate.statement) part(t("certificates.pdf.statement"), certificate.statement);
  if (certificate.practitionerName)
    part(
      t("certificates.practitioner"),
      [certificate.practitionerName, certificate.practitionerTitle].filter(Boolean).join(", "),
    );
  part(t("certificates.pdf.issued"), certificate.created);
  doc.end();
  return bytes;
}
