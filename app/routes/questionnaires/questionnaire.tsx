import type { ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/questionnaire";
import { questionnaireAction, questionnaireLoader } from "./pages.server";
import { QuestionnaireForm } from "~/features/questionnaires/questionnaire-form";
import { AnsweredQuestionnaire as AnsweredOnServer } from "~/features/questionnaires/answered-questionnaire";
import { ListLink } from "~/features/questionnaires/list-link";
import { QuestionnaireClosed as ClosedOnServer } from "~/features/questionnaires/questionnaire-closed";
import type { TextsHandle } from "~/lib/text-groups";
import { ErrorSummary } from "~/ui/form";
import { useT } from "~/ui/i18n";
import { lazyPart } from "~/ui/lazy-part";
import { NotificationBanner } from "~/ui/notifications";
import { PageTitle } from "~/ui/page-title";
import { useLang } from "~/ui/root-data";
import { finnishTextLang } from "~/lib/lang";

// An answered questionnaire's answers, shown to few (the page's heading stays here: focus moves to it after Send):
// loaded when shown.
const AnsweredQuestionnaire = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? AnsweredOnServer : null, () =>
  import("~/features/questionnaires/answered-questionnaire").then((m) => m.AnsweredQuestionnaire),
);

// Maintenance's notice or not found's text, rarer still (the heading stays here too): loaded when shown.
const QuestionnaireClosed = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? ClosedOnServer : null, () =>
  import("~/features/questionnaires/questionnaire-closed").then((m) => m.QuestionnaireClosed),
);

export const handle = { i18n: ["questionnaires"] } satisfies TextsHandle;

/**
 * One questionnaire (spec part 2 §2, §4): out of use in maintenance; not found (a malformed, unknown or another
 * person's id: 404 with the spec's message); answered: read-only with the saved answers; otherwise the form, one
 * step (survey page) at a time, from where the draft left off.
 */
export function loader(args: Route.LoaderArgs) {
  return questionnaireLoader(args);
}

/** Next, Previous and Send (every step kept as a draft), and the browser's background save. */
export function action(args: Route.ActionArgs) {
  return questionnaireAction(args);
}

/**
 * The background save answers only what the step shows: the page's data stays. Any other post reloads it, also
 * after errors (Send may go back to an earlier step that has them).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  if (formData?.get("intent") === "save") return false;
  return formData ? true : defaultShouldRevalidate;
};

export default function Questionnaire({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  // The care team names a questionnaire in Finnish whatever the page's language.
  const titleLang = finnishTextLang(useLang());
  if (loaderData.state === "maintenance" || loaderData.state === "notFound") {
    const maintenance = loaderData.state === "maintenance";
    const heading = maintenance ? t("questionnaires.common.questionnaire") : t("questionnaires.notFound.title");
    return (
      <div className="narrow">
        <PageTitle title={heading} />
        <h1>{heading}</h1>
        <QuestionnaireClosed maintenance={maintenance} t={t} />
        <ListLink t={t} button />
      </div>
    );
  }
  if (loaderData.state === "answered") {
    return (
      <div className="narrow-wide questionnaire">
        <PageTitle title={loaderData.title} />
        <h1 lang={titleLang}>{loaderData.title}</h1>
        <AnsweredQuestionnaire
          answeredAt={loaderData.answeredAt}
          answeredDate={loaderData.answeredDate}
          pages={loaderData.pages}
          t={t}
        />
        <ListLink t={t} />
      </div>
    );
  }
  const { form } = loaderData;
  // Errors of another step than the one shown are stale (the page was reloaded meanwhile).
  const errors = actionData?.pageIndex === form.pageIndex ? (actionData.errors ?? []) : [];
  const step = t("questionnaires.form.step", { step: form.step, steps: form.steps });
  return (
    <div className="narrow questionnaire">
      <PageTitle title={`${loaderData.title} – ${step}`} hasErrors={errors.length > 0} />
      <ErrorSummary errors={errors} fieldOrder={form.fieldOrder} />
      <h1 lang={titleLang}>{loaderData.title}</h1>
      {form.step === 1 && loaderData.description ? <p className="lead">{loaderData.description}</p> : null}
      <p className="hint">{t("questionnaires.form.draftNote")}</p>
      {actionData?.failure === "save" ? (
        <NotificationBanner type="error">
          <p>{actionData.failureText}</p>
        </NotificationBanner>
      ) : null}
      {actionData?.notice === "moreQuestions" && actionData.pageIndex === form.pageIndex ? (
        <NotificationBanner type="info">
          <p>{t("questionnaires.form.moreQuestions")}</p>
        </NotificationBanner>
      ) : null}
      <QuestionnaireForm
        key={`${form.pageIndex} ${form.panelLayout}`}
        form={form}
        errors={errors}
        kept={actionData?.pageIndex === form.pageIndex ? actionData.kept : undefined}
      />
      <ListLink t={t} />
    </div>
  );
}
