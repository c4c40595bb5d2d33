import type { ReactNode } from "react";
import { finnishTextLang, type Lang } from "~/lib/lang";
import type { T } from "~/lib/translate";
import { useT } from "~/ui/i18n";
import { useLang } from "~/ui/root-data";
import type { LabEntry, LabTest } from "./laboratory.server";
import type { RangePosition } from "./rules";

// One day's laboratory results (spec part 2 §2 "Laboratory"): each single test and package opens with
// <details>/<summary>, which works without JavaScript, and a table of every test follows for reading by headers.
// Where a result lies against its range is always said in words, never by colour alone. The names of tests and
// packages, and the laboratory's own texts, come from the laboratory in Finnish whatever the page's language, so
// on a Swedish or English page they carry `lang="fi"` (a screen reader then reads them as Finnish).

/** "below the reference range 117–155", "within …", "above …"; null when there is nothing to compare with. */
export function assessmentText(position: RangePosition | null, range: string | null, t: T): string | null {
  if (!position || !range) return null;
  return t(`laboratory.result.assessment.${position}`, { range });
}

function capitalised(text: string, lang: Lang): string {
  return text.charAt(0).toLocaleUpperCase(lang) + text.slice(1);
}

/** What stands for the result of a test that is not ready: whether its sample has been taken yet. */
export function pendingText(test: LabTest, t: T): string {
  return t(test.status === "referral" ? "laboratory.result.awaitingSample" : "laboratory.result.pending");
}

/**
 * A test's result in one line, for its summary: "112 g/l, below the reference range 117–155", "Result pending" or
 * "Sample not taken yet".
 */
export function shortResult(test: LabTest, t: T): string {
  if (!test.isReady) return pendingText(test, t);
  const value = [test.result, test.isNumeric ? test.unit : null].filter(Boolean).join(" ");
  const assessment = assessmentText(test.position, test.range, t);
  return [value, assessment].filter(Boolean).join(", ");
}

/** A package's summary line: "3 tests, 1 outside the reference range, 1 pending". */
export function packageSummary(entry: Extract<LabEntry, { kind: "package" }>, t: T): string {
  return [
    t("laboratory.result.packageTests", { count: entry.tests.length }),
    entry.outside ? t("laboratory.result.packageOutside", { count: entry.outside }) : null,
    entry.pending ? t("laboratory.result.packagePending", { count: entry.pending }) : null,
  ]
    .filter(Boolean)
    .join(", ");
}

function Row({ label, lang, children }: { label: string; lang?: "fi"; children: ReactNode }) {
  return (
    <div className="summary-list__row">
      <dt>{label}</dt>
      <dd lang={lang}>{children}</dd>
    </div>
  );
}

function TestDetails({ test }: { test: LabTest }) {
  const t = useT();
  const lang = useLang();
  const assessment = assessmentText(test.position, test.range, t);
  const outside = test.position === "below" || test.position === "above";
  return (
    <details className="lab-test" data-test={test.id}>
      <summary>
        <span className="lab-test__name" lang={finnishTextLang(lang)}>
          {test.name}
        </span>{" "}
        <span className="lab-test__short">{shortResult(test, t)}</span>
      </summary>
      <dl className="summary-list">
        <Row label={t("laboratory.result.fields.result")}>
          {test.isReady ? (test.result ?? "–") : pendingText(test, t)}
        </Row>
        {test.isReady && test.isNumeric && test.unit ? (
          <Row label={t("laboratory.result.fields.unit")}>{test.unit}</Row>
        ) : null}
        {test.range ? <Row label={t("laboratory.result.fields.range")}>{test.range}</Row> : null}
        {assessment ? (
          <Row label={t("laboratory.result.fields.assessment")}>
            {outside ? <strong>{capitalised(assessment, lang)}</strong> : capitalised(assessment, lang)}
          </Row>
        ) : null}
        {test.additionalResult ? (
          <Row label={t("laboratory.result.fields.additionalResult")} lang={finnishTextLang(lang)}>
            {test.additionalResult}
          </Row>
        ) : null}
        {test.description ? (
          <Row label={t("laboratory.result.fields.description")} lang={finnishTextLang(lang)}>
            {test.description}
          </Row>
        ) : null}
      </dl>
    </details>
  );
}

/** The day's single tests and packages, each opening to its details. */
export function LabEntries({ entries }: { entries: LabEntry[] }) {
  const t = useT();
  const lang = useLang();
  return (
    <ul className="lab-entries">
      {entries.map((entry) =>
        entry.kind === "test" ? (
          <li key={`test-${entry.test.id}`}>
            <TestDetails test={entry.test} />
          </li>
        ) : (
          <li key={`package-${entry.code}`}>
            <details className="lab-package" data-package={entry.code}>
              <summary>
                <span className="lab-test__name" lang={finnishTextLang(lang)}>
                  {entry.name}
                </span>{" "}
                <span className="lab-test__short">{packageSummary(entry, t)}</span>
              </summary>
              <ul className="lab-entries lab-entries--nested">
                {entry.tests.map((test) => (
                  <li key={test.id}>
                    <TestDetails test={test} />
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ),
      )}
    </ul>
  );
}

/** Every test of the day in one table: a screen reader reads each cell with its test and column. */
export function LabTable({ entries, caption }: { entries: LabEntry[]; caption: string }) {
  const t = useT();
  const lang = useLang();
  const rows = entries.flatMap((e): { test: LabTest; packageName: string | null }[] =>
    e.kind === "test" ? [{ test: e.test, packageName: null }] : e.tests.map((test) => ({ test, packageName: e.name })),
  );
  return (
    // Focusable, so the table can be scrolled sideways from the keyboard on a narrow screen (WCAG 2.1.1).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable
    <div className="table-scroll" role="region" aria-labelledby="lab-table-caption" tabIndex={0}>
      <table className="table lab-table">
        <caption id="lab-table-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("laboratory.result.columns.test")}</th>
            <th scope="col">{t("laboratory.result.columns.result")}</th>
            <th scope="col">{t("laboratory.result.columns.unit")}</th>
            <th scope="col">{t("laboratory.result.columns.range")}</th>
            <th scope="col">{t("laboratory.result.columns.assessment")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ test, packageName }) => {
            const assessment = assessmentText(test.position, test.range, t);
            return (
              <tr key={test.id}>
                <th scope="row" lang={finnishTextLang(lang)}>
                  {test.name}
                  {packageName ? <span className="muted"> ({packageName})</span> : null}
                </th>
                <td>{test.isReady ? (test.result ?? "–") : pendingText(test, t)}</td>
                <td>{test.isReady && test.isNumeric ? test.unit : null}</td>
                <td>{test.range}</td>
                <td>{assessment ? capitalised(assessment, lang) : null}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
