import {
  ItemValue,
  NumericValidator,
  type MatrixDropdownRowModelBase,
  type Question,
  type QuestionMatrixDropdownModel,
  type QuestionMatrixModel,
  type QuestionMultipleTextModel,
  type QuestionRankingModel,
  type QuestionSelectBase,
  type QuestionTextModel,
} from "survey-core";
import { INVALID_CHARACTERS, isPlainText } from "~/lib/text";
import { partField, type ChoiceView, type PartView, type QuestionBase, type QuestionView } from "./questionnaire-view";
import { partId } from "./form-intents";

/**
 * The SurveyJS questions made of several fields — a matrix (a choice per row), a matrix of lists and text fields
 * (`matrixdropdown`), several texts answered together (`multipletext`) and options put in order (`ranking`) — as
 * plain form fields, each part with a field of its own (`answer:<name>[i]`, `answer:<name>[row][column]`). For
 * each type one place says how its answer is shown (`partsView`), read from a posted form (`readParts`), written as
 * the form would post it (`postParts`, so a call's answers are read exactly as a page's) and which part an error
 * of survey-core's is about (`partError`).
 */

/** The longest text one answer may be; a survey's answers are stored as one JSON string of at most 100 kB. */
export const ANSWER_MAX_LENGTH = 10_000;

/**
 * A posted answer that the survey's rules do not see (text that is not plain, places given twice in a ranking), and
 * what was posted in its fields, so the form shows it again rather than losing it.
 */
export type Problem = {
  name: string;
  key: string;
  kept: [field: string, value: string][];
  /** What the key's text names (a file limit's megabytes). */
  values?: Record<string, string | number>;
};

export const PART_TYPES = new Set(["matrix", "matrixdropdown", "multipletext", "ranking"]);

/** Cell types of a `matrixdropdown` rendered as fields; a matrix with any other is not rendered. */
const CELL_TYPES = new Set(["dropdown", "radiogroup", "boolean", "text", "comment"]);
/** `inputType`s of text fields rendered as such; any other is a plain text field. */
export const INPUT_TYPES = new Set(["number", "email", "date", "tel", "url"]);

export const text = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";

/** A number as people type it ("1,5", "1 200"), or null when it is not one. */
export function parseNumber(raw: string): number | null {
  const s = raw.replace(/[\s\u00a0]/g, "").replace(",", ".");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** A posted text: null when empty or not plain text (`problems` says which), at most ANSWER_MAX_LENGTH long. */
export function postedText(form: FormData, field: string, name: string, problems: Problem[]): string | null {
  const raw = form.get(field);
  if (typeof raw !== "string" || raw.trim() === "") return null;
  if (!isPlainText(raw)) {
    problems.push({ name, key: INVALID_CHARACTERS, kept: [[field, raw.slice(0, ANSWER_MAX_LENGTH)]] });
    return null;
  }
  return raw.slice(0, ANSWER_MAX_LENGTH);
}

/** The posted option's value among `items` (any of them, whatever is shown), or undefined. */
export function itemValue(items: readonly ItemValue[], posted: unknown): unknown {
  if (typeof posted !== "string") return undefined;
  return items.find((c) => String(c.value) === posted)?.value;
}

const inputTypeOf = (type: string): PartView["inputType"] =>
  INPUT_TYPES.has(type) ? (type as PartView["inputType"]) : "text";

/** A typed text as the question keeps it: a number field's number as a number, whatever else as typed. */
const typedValue = (raw: string, inputType: string) => (inputType === "number" ? (parseNumber(raw) ?? raw) : raw);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// ---------------------------------------------------------------------------------------------------------------
// The cells of a matrixdropdown

type Cell = { row: number; column: number; rowName: string; columnName: string; question: Question };

function cellsOf(q: QuestionMatrixDropdownModel): Cell[] {
  return (q.visibleRows as MatrixDropdownRowModelBase[]).flatMap((row, r) =>
    row.cells.map((cell, c) => ({
      row: r,
      column: c,
      rowName: String(row.rowName),
      columnName: cell.column.name,
      question: cell.question,
    })),
  );
}

const cellType = (question: Question) => question.getType();

/** The options of a list cell (a yes/no cell's two answers as options). */
function cellChoices(question: Question): ItemValue[] | null {
  switch (cellType(question)) {
    case "dropdown":
    case "radiogroup":
      return (question as QuestionSelectBase).visibleChoices;
    case "boolean": {
      const b = question as Question & { labelTrue: string; labelFalse: string };
      return [new ItemValue(true, b.labelTrue), new ItemValue(false, b.labelFalse)];
    }
    default:
      return null;
  }
}

/** Whether this portal renders the question: a matrixdropdown only with cells it has fields for, ranking in full. */
export function rendersParts(q: Question): boolean {
  switch (q.getType()) {
    case "matrixdropdown":
      return (q as QuestionMatrixDropdownModel).columns.every((c) =>
        CELL_TYPES.has(c.cellType === "default" ? (q as QuestionMatrixDropdownModel).cellType : c.cellType),
      );
    case "ranking":
      // Choosing which options to rank at all needs dragging between two lists: not rendered.
      return !(q as QuestionRankingModel).selectToRankEnabled;
    default:
      return PART_TYPES.has(q.getType());
  }
}

/** survey-core's number check for a number field that has none (the field is a plain text field). */
export function addNumberCheck(validators: { getType(): string }[], inputType: string) {
  if (inputType === "number" && !validators.some((v) => v.getType() === "numericvalidator"))
    validators.push(new NumericValidator());
}

/** Each multiple-text item and each text cell of the questions that hold them gets the number check it needs. */
export function addPartNumberChecks(q: Question) {
  if (q.getType() === "multipletext")
    for (const item of (q as QuestionMultipleTextModel).items) addNumberCheck(item.validators, item.inputType);
  if (q.getType() === "matrixdropdown")
    for (const column of (q as QuestionMatrixDropdownModel).columns) {
      const template = column.templateQuestion as Question;
      if (template.getType() === "text") addNumberCheck(template.validators, (template as QuestionTextModel).inputType);
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Views

const choiceViews = (items: readonly ItemValue[]): ChoiceView[] =>
  items.map((c) => ({ value: String(c.value), label: c.text }));

/** The question as fields; null for a type that is not made of parts. */
export function partsView(q: Question, base: QuestionBase): QuestionView | null {
  const { name, id } = base;
  switch (q.getType()) {
    case "matrix": {
      const m = q as QuestionMatrixModel;
      const value = isRecord(m.value) ? m.value : {};
      return {
        ...base,
        kind: "matrix",
        columns: choiceViews(m.visibleColumns),
        rows: m.rows.map((row: ItemValue, r: number) => {
          const chosen = value[String(row.value)];
          return {
            label: row.text,
            field: partField(name, r),
            id: partId(id, r, 0),
            value: chosen === undefined || chosen === null ? null : String(chosen as string),
          };
        }),
      };
    }
    case "multipletext": {
      const mt = q as QuestionMultipleTextModel;
      const value = isRecord(mt.value) ? mt.value : {};
      return {
        ...base,
        kind: "multipletext",
        items: mt.items.map((item, i) => ({
          field: partField(name, i),
          id: partId(id, i),
          label: item.fullTitle || item.name,
          value: text(value[item.name]),
          choices: null,
          inputType: inputTypeOf(item.inputType),
          required: item.isRequired,
        })),
      };
    }
    case "matrixdropdown": {
      const md = q as QuestionMatrixDropdownModel;
      const rows = md.visibleRows as MatrixDropdownRowModelBase[];
      return {
        ...base,
        kind: "matrixdropdown",
        rows: rows.map((row, r) => ({
          label: row.text,
          cells: row.cells.map((cell, c) => {
            const choices = cellChoices(cell.question);
            const v: unknown = cell.question.value;
            return {
              field: partField(name, r, c),
              id: partId(id, r, c),
              label: cell.column.fullTitle || cell.column.name,
              value: v === undefined || v === null ? "" : String(v as string),
              choices: choices ? choiceViews(choices) : null,
              inputType: inputTypeOf((cell.question as QuestionTextModel).inputType ?? "text"),
              required: cell.question.isRequired,
            };
          }),
        })),
      };
    }
    case "ranking": {
      const rk = q as QuestionRankingModel;
      const order: unknown[] = Array.isArray(rk.value) ? rk.value : [];
      const choices = rk.visibleChoices;
      const places = choices.map((_, i) => ({ value: String(i + 1), label: String(i + 1) }));
      return {
        ...base,
        kind: "ranking",
        items: choices.map((choice, i) => {
          const place = order.findIndex((v) => String(v) === String(choice.value));
          return {
            field: partField(name, i),
            id: partId(id, i),
            label: choice.text,
            value: place < 0 ? "" : String(place + 1),
            choices: places,
            inputType: "text",
            required: false,
          };
        }),
      };
    }
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Reading a posted form, and writing an answer as the form posts it

/**
 * The question's answer from the posted form, or undefined when nothing of it was given. Only the question's own
 * rows, columns, items and options are taken; texts must be plain (else a problem), numbers are kept as numbers.
 */
export function readParts(q: Question, form: FormData, problems: Problem[], name = q.name): unknown {
  switch (q.getType()) {
    case "matrix": {
      const m = q as QuestionMatrixModel;
      const value: Record<string, unknown> = {};
      m.rows.forEach((row: ItemValue, r: number) => {
        const column = itemValue(m.columns, form.get(partField(name, r)));
        if (column !== undefined) value[String(row.value)] = column;
      });
      return Object.keys(value).length ? value : undefined;
    }
    case "multipletext": {
      const mt = q as QuestionMultipleTextModel;
      const value: Record<string, unknown> = {};
      mt.items.forEach((item, i) => {
        const typed = postedText(form, partField(name, i), name, problems);
        if (typed !== null) value[item.name] = typedValue(typed, item.inputType);
      });
      return Object.keys(value).length ? value : undefined;
    }
    case "matrixdropdown": {
      const value: Record<string, Record<string, unknown>> = {};
      for (const cell of cellsOf(q as QuestionMatrixDropdownModel)) {
        const field = partField(name, cell.row, cell.column);
        const choices = cellChoices(cell.question);
        let v: unknown;
        if (choices) v = itemValue(choices, form.get(field));
        else {
          const typed = postedText(form, field, name, problems);
          if (typed !== null) v = typedValue(typed, (cell.question as QuestionTextModel).inputType);
        }
        if (v !== undefined) (value[cell.rowName] ??= {})[cell.columnName] = v;
      }
      return Object.keys(value).length ? value : undefined;
    }
    case "ranking": {
      const choices = (q as QuestionRankingModel).visibleChoices;
      const posted = choices.map((_, i) => form.get(partField(name, i)));
      const places = posted.map((p) => (typeof p === "string" && /^[1-9]\d{0,2}$/.test(p) ? Number(p) : null));
      if (places.every((p) => p === null)) return undefined;
      // Every option its own place from 1 to n, or the order is not known.
      const complete = places.every((p) => p !== null && p <= choices.length) && new Set(places).size === places.length;
      if (!complete) {
        const kept = places.flatMap((p, i): [string, string][] =>
          p === null ? [] : [[partField(name, i), String(p)]],
        );
        problems.push({ name, key: "questionnaires.form.rankingPlaces", kept });
        return undefined;
      }
      return choices
        .map((choice, i) => ({ value: choice.value as unknown, place: places[i]! }))
        .sort((a, b) => a.place - b.place)
        .map((c) => c.value);
    }
    default:
      return undefined;
  }
}

/** An answer written as the question's form posts it (`add(field, value)`); what does not fit adds nothing. */
export function postParts(q: Question, value: unknown, add: (field: string, value: unknown) => void, name = q.name) {
  switch (q.getType()) {
    case "matrix": {
      if (!isRecord(value)) return;
      (q as QuestionMatrixModel).rows.forEach((row: ItemValue, r: number) =>
        add(partField(name, r), value[String(row.value)]),
      );
      return;
    }
    case "multipletext": {
      if (!isRecord(value)) return;
      (q as QuestionMultipleTextModel).items.forEach((item, i) => add(partField(name, i), value[item.name]));
      return;
    }
    case "matrixdropdown": {
      if (!isRecord(value)) return;
      for (const cell of cellsOf(q as QuestionMatrixDropdownModel)) {
        const row = value[cell.rowName];
        if (isRecord(row)) add(partField(name, cell.row, cell.column), row[cell.columnName]);
      }
      return;
    }
    case "ranking": {
      if (!Array.isArray(value)) return;
      (q as QuestionRankingModel).visibleChoices.forEach((choice, i) => {
        const place = value.findIndex((v) => typeof v !== "object" && String(v) === String(choice.value));
        if (place >= 0) add(partField(name, i), place + 1);
      });
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Errors

/** A part's error: its field's id, its label, and the question of survey-core's that holds the error. */
export type PartError = { id: string; part: string | null; holder: Question };

/**
 * Which part survey-core's error is about, after `hasErrors`: a matrix's own error names its first unanswered row;
 * the items and cells hold their own errors (required, validators). Null when the question has no error.
 */
export function partError(q: Question, id: string): PartError | null {
  switch (q.getType()) {
    case "matrix": {
      if (!q.errors.length) return null;
      const m = q as QuestionMatrixModel;
      const value = isRecord(m.value) ? m.value : {};
      if (q.errors[0].getErrorType() === "required") return { id, part: null, holder: q };
      const r = m.rows.findIndex((row: ItemValue) => value[String(row.value)] === undefined);
      return r < 0 ? { id, part: null, holder: q } : { id: partId(id, r, 0), part: m.rows[r].text, holder: q };
    }
    case "multipletext": {
      if (q.errors.length) return { id, part: null, holder: q };
      const items = (q as QuestionMultipleTextModel).items;
      const i = items.findIndex((item) => item.editor.errors.length > 0);
      return i < 0 ? null : { id: partId(id, i), part: items[i].fullTitle || items[i].name, holder: items[i].editor };
    }
    case "matrixdropdown": {
      if (q.errors.length) return { id, part: null, holder: q };
      const md = q as QuestionMatrixDropdownModel;
      const cell = cellsOf(md).find((c) => c.question.errors.length > 0);
      if (!cell) return null;
      const row = (md.visibleRows as MatrixDropdownRowModelBase[])[cell.row];
      const column = row.cells[cell.column].column;
      return {
        id: partId(id, cell.row, cell.column),
        part: `${row.text}, ${column.fullTitle || column.name}`,
        holder: cell.question,
      };
    }
    default:
      return q.errors.length ? { id, part: null, holder: q } : null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The read-only view

/** An answer of a question made of parts as text: "Headache: Sometimes, Dizziness: Never", "1. Pain, 2. Sleep". */
export function partsDisplay(q: Question): string | null {
  const value: unknown = q.value;
  const labelOf = (items: readonly ItemValue[], v: unknown) =>
    items.find((c) => String(c.value) === String(v as string))?.text ?? text(v);
  const joined = (parts: (string | null)[]) => parts.filter(Boolean).join(", ") || null;
  switch (q.getType()) {
    case "ranking": {
      const choices = (q as QuestionRankingModel).visibleChoices;
      return Array.isArray(value) ? joined(value.map((v, i) => `${i + 1}. ${labelOf(choices, v)}`)) : null;
    }
    case "matrix": {
      const m = q as QuestionMatrixModel;
      if (!isRecord(value)) return null;
      return joined(
        m.rows.map((row: ItemValue) => {
          const v = value[String(row.value)];
          return v === undefined ? null : `${row.text}: ${labelOf(m.columns, v)}`;
        }),
      );
    }
    case "multipletext": {
      if (!isRecord(value)) return null;
      return joined(
        (q as QuestionMultipleTextModel).items.map((item) => {
          const v = text(value[item.name]);
          return v ? `${item.fullTitle || item.name}: ${v}` : null;
        }),
      );
    }
    case "matrixdropdown": {
      const rows = (q as QuestionMatrixDropdownModel).visibleRows as MatrixDropdownRowModelBase[];
      const shown = rows.map((row) => {
        const cells = row.cells.flatMap((cell) => {
          if (cell.question.isEmpty()) return [];
          const choices = cellChoices(cell.question);
          const v: unknown = cell.question.value;
          return [`${cell.column.fullTitle || cell.column.name}: ${choices ? labelOf(choices, v) : text(v)}`];
        });
        return cells.length ? `${row.text}: ${cells.join(", ")}` : null;
      });
      return shown.filter(Boolean).join("; ") || null;
    }
    default:
      return null;
  }
}
