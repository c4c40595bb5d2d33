import type { T } from "~/lib/translate";
import { finnishTextLang } from "~/lib/lang";
import { LocalizedLink } from "~/ui/localized-link";
import { useLang } from "~/ui/root-data";
import type { QuestionnaireListItem } from "./questionnaire-view";

/** Questionnaires are out of use while messaging is in maintenance (spec part 2 §2). */
export function OutOfUseNotice({ t }: { t: T }) {
  return (
    <div className="banner banner--warning questionnaires-out-of-use">
      <p className="banner__title">{t("questionnaires.maintenance.title")}</p>
      <div className="banner__content">
        <p>{t("questionnaires.maintenance.body")}</p>
      </div>
    </div>
  );
}

function Items({ items, t, dateKey }: { items: QuestionnaireListItem[]; t: T; dateKey: string }) {
  // The care team names a questionnaire in Finnish whatever the page's language.
  const titleLang = finnishTextLang(useLang());
  return (
    <ul className="card item-list questionnaire-list">
      {items.map((q) => (
        <li key={q.id}>
          <LocalizedLink to="questionnaire" params={{ id: q.id }}>
            <strong lang={titleLang}>{q.title}</strong>
          </LocalizedLink>
          <span className="muted">
            {t(dateKey)} <time dateTime={q.at}>{q.date}</time>
          </span>
          {q.inProgress ? (
            <span className="questionnaire-list__progress">{t("questionnaires.list.inProgress")}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The list's two sections: open tasks (newest first, each a link to its form) and the answered ones. */
export function QuestionnaireList({
  open,
  answered,
  t,
}: {
  open: QuestionnaireListItem[];
  answered: QuestionnaireListItem[];
  t: T;
}) {
  return (
    <>
      <section className="questionnaire-section" aria-labelledby="open-tasks-heading">
        <h2 id="open-tasks-heading">{t("questionnaires.list.openTasks")}</h2>
        {open.length ? (
          <Items items={open} t={t} dateKey="questionnaires.list.received" />
        ) : (
          <p className="card card__empty">{t("questionnaires.list.noOpenTasks")}</p>
        )}
      </section>
      <section className="questionnaire-section" aria-labelledby="answers-heading">
        <h2 id="answers-heading">{t("questionnaires.list.answers")}</h2>
        {answered.length ? (
          <Items items={answered} t={t} dateKey="questionnaires.list.answered" />
        ) : (
          <p className="card card__empty">{t("questionnaires.list.noAnswers")}</p>
        )}
      </section>
    </>
  );
}
