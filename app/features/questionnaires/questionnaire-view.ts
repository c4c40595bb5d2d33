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

export type QuestionBase = {
  /** The question's name in the survey (the key of its answer). */
  name: string;
  /** The id of the field (or the first option), the error summary's link target. */
  id: string;
  title: string;
  description: string | null;
  required: boolean;
  /** Whether the question is shown with the answers so far (SurveyJS `visibleIf`). */
  visible: boolean;
  /** Whether it may be answered with the answers so far (SurveyJS `enableIf`, `readOnly`). */
  enabled: boolean;
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
  /** A matrix: one choice of the columns per row (a fieldset of radios per row). */
  | (QuestionBase & { kind: "matrix"; columns: ChoiceView[]; rows: MatrixRowView[] })
  /** Several labelled text fields answered together (SurveyJS `multipletext`). */
  | (QuestionBase & { kind: "multipletext"; items: PartView[] })
  /** A matrix of fields: a fieldset per row, a labelled list or text field per column (`matrixdropdown`). */
  | (QuestionBase & { kind: "matrixdropdown"; rows: { label: string; cells: PartView[] }[] })
  /** The options put in order: each option's place chosen from 1 to the number of options (`ranking`). */
  | (QuestionBase & { kind: "ranking"; items: PartView[] })
  /**
   * Panels of the same questions, as many as the customer adds (`paneldynamic`): each panel's questions are named
   * `<name>[i].<question>`, the form says how many it shows (`countField`), and its buttons add and remove panels.
   */
  | (QuestionBase & {
      kind: "paneldynamic";
      countField: string;
      panels: { title: string; elements: QuestionView[] }[];
      canAdd: boolean;
      canRemove: boolean;
      addLabel: string;
      removeLabel: string;
      /** The add button's id: the error summary's link while there are no panels. */
      addId: string;
    })
  /**
   * Files attached to the answer (SurveyJS `file`): those attached so far, each with a Remove button, and a file
   * field (`field`) for more, posted with the step.
   */
  | (QuestionBase & {
      kind: "file";
      field: string;
      files: { id: string; name: string }[];
      multiple: boolean;
      /** The file field's `accept`: the question's own types, else the kinds of files a message takes. */
      accept: string;
      /** How large the step's files may be together, in megabytes (for the hint). */
      maxMegabytes: number;
    })
  /** A signature (SurveyJS `signaturepad`) given by typing one's name: the name typed so far. */
  | (QuestionBase & { kind: "signature"; value: string; maxLength: number })
  /** A question type this portal does not render: named, not answerable. */
  | (QuestionBase & { kind: "unsupported"; type: string });

/** A row of a matrix: its label, its radios' field and the first radio's id, the chosen column's value. */
export type MatrixRowView = { label: string; field: string; id: string; value: string | null };

/**
 * One field of a question made of several: its form field and id, its label, and a list's options (null: a text
 * field, of `inputType`).
 */
export type PartView = {
  field: string;
  id: string;
  label: string;
  value: string;
  choices: ChoiceView[] | null;
  inputType: "text" | "number" | "email" | "date" | "tel" | "url";
  required: boolean;
};

/** The form field of a part of a question (a matrix row, a cell, an item): `answer:<name>[i]`, `answer:<name>[i][j]`. */
export const partField = (name: string, ...indices: number[]) =>
  ANSWER_FIELD + name + indices.map((i) => `[${i}]`).join("");

/** The hidden field that says how many panels of a dynamic panel the form shows. */
export const panelCountField = (name: string) => `panels:${name}`;

/** The name of a question in a dynamic panel's panel: `kids[0].name`. */
export const panelQuestionName = (panelName: string, index: number, question: string) =>
  `${panelName}[${index}].${question}`;

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

/**
 * A step as the form shows it (step-form.server.ts): what the step shows now, its fields in order (for the error
 * summary), its dynamic panels and how many panels each has (the form is drawn anew when they change), and whether
 * the form posts files.
 */
export type FormView = StepView & { state: StepState; fieldOrder: string[]; panelLayout: string; multipart: boolean };

/** An answered questionnaire, read-only: each page's shown questions with the answer as text (null: none). */
export type AnsweredPageView = { title: string | null; items: { title: string; answer: string | null }[] };

/** Which of the step's questions and panels are shown, and which questions are required, with the answers so far. */
export type StepState = { visible: string[]; required: string[]; disabled: string[] };

/** A field error: survey-core's own message in the page's language, or an i18n key of the portal's. */
export type QuestionError = {
  name: string;
  id: string;
  title: string;
  message?: string;
  key?: string;
  /** What the key's text names. */
  values?: Record<string, string | number>;
  /** survey-core's error type (`required`, `numeric`…), for a call's validation details. */
  rule?: string;
  /** The part of a question made of several that the error is about (a matrix row, an item): its label. */
  part?: string;
};

/** A field error as the page shows it: at its question (`text`) and in the error summary (`message`). */
export type ErrorView = { name: string; id: string; text: string; message: string };

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
  | { state: "form"; id: number; title: string; description: string | null; form: FormView };

/** The answer to a post that is not a redirect. */
export type QuestionnaireActionData = {
  /** The step the errors belong to. */
  pageIndex?: number;
  errors?: ErrorView[];
  /** What was posted in fields whose answer was refused before survey-core saw it, by field, to show it again. */
  kept?: Record<string, string>;
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
  const disabled: string[] = [];
  const walk = (list: readonly ElementView[]) => {
    for (const e of list) {
      if (e.visible) visible.push(e.name);
      if (e.kind === "panel") walk(e.elements);
      else {
        if (e.required) required.push(e.name);
        if (!e.enabled) disabled.push(e.name);
        if (e.kind === "paneldynamic") for (const panel of e.panels) walk(panel.elements);
      }
    }
  };
  walk(elements);
  return { visible, required, disabled };
}
