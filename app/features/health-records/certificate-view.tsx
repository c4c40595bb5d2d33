import type { Lang } from "~/lib/lang";
import type { T } from "~/lib/translate";
import { href } from "~/route-table";
import type { CertificateSummary } from "./certificates.server";

/** The certificates, newest first: each as a card with its sick leave, practitioner and PDF download. */
export function CertificateList({ certificates, t, lang }: { certificates: CertificateSummary[]; t: T; lang: Lang }) {
  if (!certificates.length) return <p className="card card__empty">{t("certificates.empty")}</p>;
  return (
    <ul className="certificate-list">
      {certificates.map((c) => {
        const type = t(`certificates.types.${c.type}`);
        return (
          <li key={c.id} className="card">
            <h2 className="card__title">{type}</h2>
            <dl className="summary-list">
              <div className="summary-list__row">
                <dt>{t("certificates.created")}</dt>
                <dd>{c.created}</dd>
              </div>
              <div className="summary-list__row">
                <dt>{t("certificates.sickLeave")}</dt>
                <dd>{c.sickLeave}</dd>
              </div>
              {c.practitionerName ? (
                <div className="summary-list__row">
                  <dt>{t("certificates.practitioner")}</dt>
                  <dd>{c.practitionerName}</dd>
                </div>
              ) : null}
            </dl>
            <p className="certificate__download">
              {/* A file, not a page: a plain link, so the browser downloads it. */}
              <a href={href("certificatePdf", lang, { id: c.id })}>
                {t("certificates.download", { type, date: c.created })}
              </a>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
