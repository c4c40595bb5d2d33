import type { T } from "~/lib/translate";
import type { AnsweredPageView } from "./questionnaire-view";

/**
 * An answered questionnaire, read-only, under its heading: when it was answered, the questions shown with the
 * answers, and each answer as text. A page is headed by its title, or by its step when the survey has several
 * untitled pages. Shown to few: the questionnaire page loads it when shown.
 */
export function AnsweredQuestionnaire({
  answeredAt,
  answeredDate,
  pages,
  t,
}: {
  answeredAt: string;
  answeredDate: string;
  pages: AnsweredPageView[];
  t: T;
}) {
  return (
    <>
      <p className="lead">
        {t("questionnaires.answered.intro")} <time dateTime={answeredAt}>{answeredDate}</time>.{" "}
        {t("questionnaires.answered.readOnly")}
      </p>
      <AnsweredPages pages={pages} t={t} />
    </>
  );
}

function AnsweredPages({ pages, t }: { pages: AnsweredPageView[]; t: T }) {
  return pages.map((page, i) => {
    const heading =
      page.title ?? (pages.length > 1 ? t("questionnaires.form.step", { step: i + 1, steps: pages.length }) : null);
    const answers = page.items.length ? (
      <dl className="summary-list">
        {page.items.map((item, j) => (
          <div key={j} className="summary-list__row">
            <dt>{item.title}</dt>
            <dd className={item.answer === null ? "muted" : "questionnaire-answers__answer"}>
              {item.answer ?? t("questionnaires.answered.notAnswered")}
            </dd>
          </div>
        ))}
      </dl>
    ) : null;
    return heading ? (
      <section key={i} className="questionnaire-answers" aria-labelledby={`answers-page-${i}`}>
        <h2 id={`answers-page-${i}`}>{heading}</h2>
        {answers}
      </section>
    ) : (
      <div key={i} className="questionnaire-answers">
        {answers}
      </div>
    );
  });
}
