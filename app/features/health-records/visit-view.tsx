import { PractitionerAvatar } from "~/ui/practitioner-avatar";
import type { T } from "~/lib/translate";
import { useHydrated } from "~/ui/hydrated";
import { LocalizedLink } from "~/ui/localized-link";
import type { VisitReport, VisitSummary } from "./visits.server";

/** The visits as a list, newest first: each links to its report. */
export function VisitList({ visits, t }: { visits: VisitSummary[]; t: T }) {
  if (!visits.length) return <p className="card card__empty">{t("visits.list.empty")}</p>;
  return (
    <ul className="card item-list visit-list">
      {visits.map((v) => (
        <li key={v.id}>
          <LocalizedLink to="visit" params={{ visitId: v.id }}>
            <strong>
              <time dateTime={v.dateTime}>{v.when}</time>
            </strong>
          </LocalizedLink>
          {v.specialtyName ? <span>{v.specialtyName}</span> : null}
          {v.practitionerName ? <span className="muted">{v.practitionerName}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * One visit's medical report: who, what and when; the diagnoses and the report's texts only when there are any.
 * The texts are written in Finnish whatever the page's language, so they carry `lang="fi"`.
 */
export function VisitReportView({ visit, t, brandId }: { visit: VisitReport; t: T; brandId: string | undefined }) {
  return (
    <>
      <dl className="summary-list visit__facts">
        <div className="summary-list__row">
          <dt>{t("visits.visit.when")}</dt>
          <dd>
            <time dateTime={visit.dateTime}>{visit.when}</time>
          </dd>
        </div>
        {visit.specialtyName ? (
          <div className="summary-list__row">
            <dt>{t("visits.visit.specialty")}</dt>
            <dd>{visit.specialtyName}</dd>
          </div>
        ) : null}
        {visit.practitioner ? (
          <div className="summary-list__row">
            <dt>{t("visits.visit.practitioner")}</dt>
            <dd className="practitioner">
              <PractitionerAvatar practitioner={visit.practitioner} brandId={brandId} />
              <span>
                {visit.practitioner.name}
                {visit.practitioner.title ? (
                  <>
                    <br />
                    <span className="muted">{visit.practitioner.title}</span>
                  </>
                ) : null}
              </span>
            </dd>
          </div>
        ) : null}
      </dl>

      {visit.diagnoses.length ? (
        <section className="visit__section" aria-labelledby="visit-diagnoses">
          <h2 id="visit-diagnoses">{t("visits.visit.diagnoses")}</h2>
          <ul className="visit__diagnoses" lang="fi">
            {visit.diagnoses.map((d, i) => (
              <li key={i}>
                {/* One text node after the code, so the description reads as one piece. */}
                {d.code ? <span className="visit__code">{d.code}</span> : null}
                {d.code ? ` ${d.description}` : d.description}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {visit.texts.length ? (
        <section className="visit__section" aria-labelledby="visit-report">
          <h2 id="visit-report">{t("visits.visit.report")}</h2>
          {visit.texts.map((text, i) => (
            <div key={i} className="visit__text" lang="fi">
              {text.title ? <h3>{text.title}</h3> : null}
              {text.body ? <p className="visit__body">{text.body}</p> : null}
            </div>
          ))}
        </section>
      ) : null}
    </>
  );
}

/** Print: a button once scripts run; without them, how to print with the browser. Neither is printed. */
export function PrintAction({ t }: { t: T }) {
  const hydrated = useHydrated();
  return hydrated ? (
    <p className="no-print">
      <button type="button" className="button button--secondary" onClick={() => window.print()}>
        {t("visits.visit.print")}
      </button>
    </p>
  ) : (
    <p className="hint no-print">{t("visits.visit.printHint")}</p>
  );
}
