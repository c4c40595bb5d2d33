/**
 * What the questionnaire pages show, as plain data: the server builds it from the SurveyJS definition with
 * survey-core (survey.server.ts), the components render it. Nothing here needs survey-core, so the browser never
 * loads it.
 */

/** The prefix of a question's form field (`answer:<question name>`) and of its "other" text (`comment:<name>`). */
export const ANSWER_FIELD = "answer:";
export const COMMENT_FIELD = "comment:";

/** One option of a choice question: what the form posts, and its label in the page's language. */
export type ChoiceView = { value: string; label: string };

/** The "Other (describe)" option's text field, when the question has one. */
export type OtherView = { value: string; comment: string };

type QuestionBase = {
  /** The question's name in the survey (the key of its answer). */
  name: string;
  /** The id of the field (or the first option), the error summary's link target. */
  id: string;
  title: string;
  description: string | null;
  required: boolean;
  /** Whether the question is shown with the answers so far (SurveyJS `visibleIf`). */
  visible: boolean;
};

export type QuestionView =
  | (QuestionBase & {
      kind: "text";
      inputType: "text" | "number" | "email" | "date" | "tel" | "url";
      value: string;
      maxLength: number | null;
      placeholder: string | null;
    })
  | (QuestionBase & { kind: "comment"; value: string; rows: number; maxLength: number | null })
  | (QuestionBase & {
      kind: "radios";
      type: "radiogroup" | "boolean" | "rating";
      choices: ChoiceView[];
      value: string | null;
      other: OtherView | null;
    })
  | (QuestionBase & { kind: "checkboxes"; choices: ChoiceView[]; values: string[]; other: OtherView | null })
  | (QuestionBase & {
      kind: "select";
      choices: ChoiceView[];
      value: string | null;
      placeholder: string;
      other: OtherView | null;
    })
  /** A question type this portal does not render (a matrix, a file upload…): named, not answerable. */
  | (QuestionBase & { kind: "unsupported"; type: string });

export type PanelView = {
  kind: "panel";
  name: string;
  title: string | null;
  description: string | null;
  visible: boolean;
  elements: ElementView[];
};

export type ElementView = QuestionView | PanelView;

/** One step of the form: a page of the survey. */
export type StepView = {
  /** The survey page's index among all its pages (what the form posts back). */
  pageIndex: number;
  /** 1-based, among the pages shown with the answers so far. */
  step: number;
  steps: number;
  title: string | null;
  description: string | null;
  elements: ElementView[];
  isFirst: boolean;
  isLast: boolean;
};

/** An answered questionnaire, read-only: each page's shown questions with the answer as text (null: none). */
export type AnsweredPageView = { title: string | null; items: { title: string; answer: string | null }[] };

/** Which of the step's questions and panels are shown, and which questions are required, with the answers so far. */
export type StepState = { visible: string[]; required: string[] };

/** A field error: survey-core's own message in the page's language, or an i18n key of the portal's. */
export type QuestionError = {
  name: string;
  id: string;
  title: string;
  message?: string;
  key?: string;
  /** survey-core's error type (`required`, `numeric`…), for a call's validation details. */
  rule?: string;
};

export type QuestionnaireListItem = {
  id: number;
  title: string;
  /** ISO time, and the date as the language writes it. */
  at: string;
  date: string;
  /** An open one with answers saved so far. */
  inProgress: boolean;
};

export type QuestionnaireListPage =
  { state: "maintenance" } | { state: "ok"; open: QuestionnaireListItem[]; answered: QuestionnaireListItem[] };

export type QuestionnairePage =
  | { state: "maintenance" }
  | { state: "notFound" }
  | {
      state: "answered";
      id: number;
      title: string;
      answeredAt: string;
      answeredDate: string;
      pages: AnsweredPageView[];
    }
  | { state: "form"; id: number; title: string; description: string | null; form: StepView };

/** The answer to a post that is not a redirect. */
export type QuestionnaireActionData = {
  /** The step the errors belong to. */
  pageIndex?: number;
  errors?: QuestionError[];
  /** Answers made more questions appear on this step: shown now, nothing was checked or moved. */
  notice?: "moreQuestions";
  failure?: "maintenance" | "save" | "notFound";
  /** survey-core's data-saving error in the page's language. */
  failureText?: string;
  /** The answer to the browser's autosave: what the step shows now. */
  state?: StepState;
};

/** All question and panel names of a step that are shown, and the required ones. */
export function stepStateOf(elements: readonly ElementView[]): StepState {
  const visible: string[] = [];
  const required: string[] = [];
  const walk = (list: readonly ElementView[]) => {
    for (const e of list) {
      if (e.visible) visible.push(e.name);
      if (e.kind === "panel") walk(e.elements);
      else if (e.required) required.push(e.name);
    }
  };
  walk(elements);
  return { visible, required };
}
