import { describe, expect, it } from "vitest";
import { PRE_VISIT_FORM } from "~/.server/db/seed/questionnaires";
import { fileIdOf, signatureImage, signedName, type FileAnswer } from "./answer-values.server";
import { ANSWER_FIELD, COMMENT_FIELD, stepStateOf, type QuestionView } from "./questionnaire-view";
import { answeredView, parseAnswers } from "./survey-answered.server";
import { checkAnswers, completedAnswers, firstInvalidPage, pageErrors, savingErrorText } from "./survey-check.server";
import { changePanels } from "./survey-panels.server";
import { parseNumber } from "./survey-parts.server";
import { keepDisabledAnswers, mergeAnswers, readStep } from "./survey-read.server";
import {
  isShownPage,
  nextPage,
  previousPage,
  resolvePage,
  stepFileQuestions,
  stepState,
  stepView,
} from "./survey-steps.server";
import { fieldIds, surveyOf, type Answers } from "./survey.server";

/** One page with one required question of each rendered type. */
const EVERY_TYPE = {
  pages: [
    {
      name: "all",
      elements: [
        { type: "text", name: "name", title: "Name", isRequired: true },
        { type: "comment", name: "story", title: "Story", isRequired: true },
        { type: "radiogroup", name: "colour", title: "Colour", isRequired: true, choices: ["red", "blue"] },
        { type: "checkbox", name: "pets", title: "Pets", isRequired: true, choices: ["cat", "dog"] },
        { type: "boolean", name: "happy", title: "Happy?", isRequired: true },
        { type: "dropdown", name: "city", title: "City", isRequired: true, choices: ["Espoo", "Vantaa"] },
        { type: "rating", name: "stars", title: "Stars", isRequired: true, rateMax: 5 },
      ],
    },
  ],
};

const formOf = (fields: Record<string, string | string[]>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  return form;
};
const a = (name: string) => ANSWER_FIELD + name;
const errorsOf = (answers: Answers, lang: "fi" | "sv" | "en" = "en", definition: object = EVERY_TYPE, page = 0) =>
  Object.fromEntries(
    pageErrors(surveyOf(definition as Record<string, unknown>, lang, answers), page).map((e) => [e.name, e.message]),
  );

describe("validation by survey-core", () => {
  it("requires an answer to each rendered type, in the page's language", () => {
    const required = {
      name: "Response required.",
      story: "Response required.",
      colour: "Response required.",
      pets: "Response required.",
      happy: "Response required.",
      city: "Response required.",
      stars: "Response required.",
    };
    expect(errorsOf({})).toEqual(required);
    expect(errorsOf({}, "fi")).toEqual(
      Object.fromEntries(Object.keys(required).map((k) => [k, "Vastaa kysymykseen, kiitos."])),
    );
    expect(errorsOf({}, "sv").name).toBe("Frågan är obligatorisk.");
    // Each answered one is fine; `false` answers a yes/no question.
    expect(
      errorsOf({ name: "Maija", story: "x", colour: "red", pets: ["cat"], happy: false, city: "Espoo", stars: 3 }),
    ).toEqual({});
    expect(Object.keys(errorsOf({ name: "Maija", pets: [] }))).not.toContain("name");
    expect(Object.keys(errorsOf({ name: "Maija", pets: [] }))).toContain("pets");
  });

  it("runs the definition's validators, and checks that a number field holds a number", () => {
    const basics = (answers: Answers, lang: "fi" | "en" = "en") => errorsOf(answers, lang, PRE_VISIT_FORM, 0);
    expect(basics({ height: 170, smoking: "never" })).toEqual({});
    expect(basics({ height: 20, smoking: "never" }).height).toMatch(/50.*250/);
    expect(basics({ height: 300, smoking: "never" }, "fi").height).toMatch(/50.*250/);
    // The number itself is named, not survey-core's placeholder word ("arvo", "value").
    expect(basics({ height: 300, smoking: "never" }, "fi").height).toBe(
      "Luvun '300' tulee olla vähintään 50 ja korkeintaan 250.",
    );
    expect(basics({ height: 20, smoking: "never" }).height).not.toMatch(/'value'/);
    expect(basics({ height: 20, smoking: "never" }).height).toContain("'20'");
    expect(basics({ height: "abc", smoking: "never" })).toEqual({ height: "The value should be numeric." });
    expect(basics({ height: "abc", smoking: "never" }, "fi")).toEqual({ height: "Arvon tulee olla numeerinen." });
    // Weight is optional, but when given it must be within range.
    expect(Object.keys(basics({ height: 170, smoking: "never", weight: 1 }))).toEqual(["weight"]);
  });

  it("does not require a question that visibleIf hides, and requires it once shown", () => {
    expect(errorsOf({ height: 170, smoking: "never" }, "en", PRE_VISIT_FORM, 0)).toEqual({});
    expect(errorsOf({ height: 170, smoking: "yes" }, "en", PRE_VISIT_FORM, 0)).toEqual({
      cigarettesPerDay: "Response required.",
    });
    const model = surveyOf(PRE_VISIT_FORM, "en", { smoking: "never" });
    expect(stepState(model, 0).visible).not.toContain("cigarettesPerDay");
    model.setValue("smoking", "yes");
    expect(stepState(model, 0)).toMatchObject({ visible: expect.arrayContaining(["cigarettesPerDay"]) });
    expect(stepState(model, 0).required).toEqual(["height", "smoking", "cigarettesPerDay"]);
  });

  it("requires a question by requiredIf only when its condition holds", () => {
    const health = { conditions: ["asthma"], medication: false, generalHealth: 4 };
    expect(errorsOf(health, "en", PRE_VISIT_FORM, 1)).toEqual({});
    expect(errorsOf({ ...health, conditions: ["allergy"] }, "en", PRE_VISIT_FORM, 1)).toEqual({
      allergies: "Response required.",
    });
    expect(errorsOf({ ...health, conditions: ["allergy"], allergies: "Siitepöly" }, "en", PRE_VISIT_FORM, 1)).toEqual(
      {},
    );
    // visibleIf on a yes/no answer: the medicines only when medication is yes.
    expect(errorsOf({ ...health, medication: true }, "en", PRE_VISIT_FORM, 1)).toEqual({
      medicines: "Response required.",
    });
  });

  it("finds the first page with errors for sending", () => {
    const model = surveyOf(PRE_VISIT_FORM, "en", { height: 170, smoking: "yes", cigarettesPerDay: 5 });
    expect(firstInvalidPage(model)?.pageIndex).toBe(1);
    model.setValue("cigarettesPerDay", undefined);
    expect(firstInvalidPage(model)).toMatchObject({
      pageIndex: 0,
      errors: [{ name: "cigarettesPerDay", id: "q-cigarettesPerDay", title: "How many cigarettes a day?" }],
    });
    model.data = { height: 170, smoking: "never", conditions: ["none"], medication: false, generalHealth: 2 };
    expect(firstInvalidPage(model)).toBeNull();
  });

  it("has survey-core's data-saving error in each language", () => {
    expect(savingErrorText(surveyOf(EVERY_TYPE, "en"))).toBe("An error occurred and we could not save the results.");
    expect(savingErrorText(surveyOf(EVERY_TYPE, "fi"))).toBe(
      "Tapahtui virhe, emmekä voineet tallentaa kyselyn tietoja.",
    );
    expect(savingErrorText(surveyOf(EVERY_TYPE, "sv"))).toBe("Ett fel inträffade och vi kunde inte spara resultaten.");
  });
});

describe("steps", () => {
  const PAGED = {
    pages: [
      { name: "one", elements: [{ type: "boolean", name: "more" }] },
      { name: "two", visibleIf: "{more} = true", elements: [{ type: "text", name: "detail" }] },
      { name: "three", elements: [{ type: "comment", name: "end" }] },
    ],
  };

  it("moves between the pages shown with the answers, skipping hidden ones", () => {
    const model = surveyOf(PAGED, "en", { more: false });
    expect(nextPage(model, 0)).toBe(2);
    expect(previousPage(model, 2)).toBe(0);
    expect(nextPage(model, 2)).toBeNull();
    expect(previousPage(model, 0)).toBeNull();
    expect(isShownPage(model, 1)).toBe(false);
    expect(resolvePage(model, 1)).toBe(2);
    expect(resolvePage(model, 99)).toBe(2);
    expect(stepView(model, 2)).toMatchObject({ step: 2, steps: 2, isFirst: false, isLast: true });
    model.setValue("more", true);
    expect(nextPage(model, 0)).toBe(1);
    expect(stepView(model, 2)).toMatchObject({ step: 3, steps: 3 });
    expect(stepView(model, 0)).toMatchObject({ step: 1, isFirst: true, isLast: false });
  });

  it("renders a step's questions as plain fields in the page's language", () => {
    const model = surveyOf(PRE_VISIT_FORM, "fi", { smoking: "yes", height: 180 });
    const step = stepView(model, 0);
    expect(step).toMatchObject({ pageIndex: 0, step: 1, steps: 2, title: "Perustiedot" });
    const byName = Object.fromEntries(step.elements.map((e) => [e.name, e])) as Record<string, QuestionView>;
    expect(byName.height).toMatchObject({
      kind: "text",
      inputType: "number",
      id: "q-height",
      title: "Pituus (cm)",
      value: "180",
      required: true,
      visible: true,
    });
    expect(byName.smoking).toMatchObject({ kind: "radios", type: "radiogroup", value: "yes" });
    expect(byName.cigarettesPerDay).toMatchObject({ visible: true, required: true });
    expect(byName.alcohol).toMatchObject({ kind: "select", placeholder: "Valitse...", value: null });
    expect(stepStateOf(step.elements)).toEqual(stepState(model, 0));

    const health = stepView(surveyOf(PRE_VISIT_FORM, "sv", { medication: true, generalHealth: 5 }), 1);
    const h = Object.fromEntries(health.elements.map((e) => [e.name, e])) as Record<string, QuestionView>;
    expect(h.medication).toMatchObject({
      kind: "radios",
      type: "boolean",
      choices: [
        { value: "true", label: "Ja" },
        { value: "false", label: "Nej" },
      ],
      value: "true",
    });
    expect(h.generalHealth).toMatchObject({ kind: "radios", type: "rating", value: "5" });
    if (h.generalHealth.kind !== "radios") throw new Error("rating");
    expect(h.generalHealth.choices.map((c) => c.label)).toEqual(["1 – Dåligt", "2", "3", "4", "5 – Utmärkt"]);
    expect(h.conditions).toMatchObject({ kind: "checkboxes", description: "Välj alla som stämmer.", values: [] });
    if (h.conditions.kind !== "checkboxes") throw new Error("checkbox");
    expect(h.conditions.choices.at(-1)).toEqual({ value: "none", label: "Ingen av dessa" });
    expect(h.medicines).toMatchObject({ kind: "comment", visible: true });
  });

  it("names a type it does not render, leaves out static ones, and gives every question a unique id", () => {
    const model = surveyOf(
      {
        elements: [
          { type: "html", name: "intro", html: "<p>Hei</p>" },
          { type: "matrixdynamic", name: "grid", title: "Rows", columns: [{ name: "c" }] },
          { type: "text", name: "a b" },
          { type: "text", name: "a-b" },
          { type: "panel", name: "box", title: "Box", elements: [{ type: "comment", name: "inside" }] },
        ],
      },
      "en",
    );
    const step = stepView(model, 0);
    expect(step.elements.map((e) => [e.kind, e.name])).toEqual([
      ["unsupported", "grid"],
      ["text", "a b"],
      ["text", "a-b"],
      ["panel", "box"],
    ]);
    expect([...fieldIds(model).values()]).toEqual(["q-intro", "q-grid", "q-a-b", "q-a-b-2", "q-inside"]);
    // A required question of a type not rendered here is never skipped: it is an error of its own, so the
    // questionnaire cannot be sent without it; an optional one blocks nothing.
    const grid = { type: "matrixdynamic", name: "f", columns: [{ name: "c" }], rowCount: 0 };
    expect(pageErrors(surveyOf({ elements: [{ ...grid, isRequired: true }] }, "en"), 0)).toEqual([
      { name: "f", id: "q-f", title: "f", key: "questionnaires.form.unsupportedRequired", rule: "unsupported" },
    ]);
    expect(pageErrors(surveyOf({ elements: [grid] }, "en"), 0)).toEqual([]);
    const required = checkAnswers({ elements: [{ ...grid, isRequired: true }] }, "en", {});
    expect(required).toMatchObject({ ok: false, problems: [{ question: "f", rule: "unsupported" }] });
  });
});

describe("reading a step", () => {
  it("takes each type's answer as survey-core stores it", () => {
    const step = readStep(
      EVERY_TYPE,
      0,
      formOf({
        [a("name")]: "Maija",
        [a("story")]: "Rivi 1\nRivi 2",
        [a("colour")]: "blue",
        [a("pets")]: ["dog", "cat", "dog", "cow"],
        [a("happy")]: "false",
        [a("city")]: "Vantaa",
        [a("stars")]: "4",
      }),
    );
    expect(step.answers).toEqual({
      name: "Maija",
      story: "Rivi 1\nRivi 2",
      colour: "blue",
      pets: ["dog", "cat"],
      happy: false,
      city: "Vantaa",
      stars: 4,
    });
    expect(step.keys).toEqual(["name", "story", "colour", "pets", "happy", "city", "stars"]);
    expect(step.problems).toEqual([]);
  });

  it("ignores options the question does not have and empty fields, and refuses text that is not plain", () => {
    const step = readStep(
      EVERY_TYPE,
      0,
      formOf({ [a("name")]: "  ", [a("colour")]: "green", [a("stars")]: "9", [a("story")]: "a\u0000b" }),
    );
    expect(step.answers).toEqual({});
    // What was typed is kept, to be shown again and put right.
    expect(step.problems).toEqual([
      { name: "story", key: "common.form.errors.invalidCharacters", kept: [[a("story"), "a\u0000b"]] },
    ]);
  });

  it("takes numbers as people type them, and keeps what is not a number for the validator to name", () => {
    const form = (height: string) => readStep(PRE_VISIT_FORM, 0, formOf({ [a("height")]: height })).answers.height;
    expect(form("172")).toBe(172);
    expect(form("72,5")).toBe(72.5);
    expect(form("1 200")).toBe(1200);
    expect(form("pitkä")).toBe("pitkä");
    expect(parseNumber("-3")).toBe(-3);
    expect(parseNumber("1e3")).toBeNull();
  });

  it("keeps the text of Other, and lets None exclude the other options", () => {
    const definition = {
      elements: [
        { type: "radiogroup", name: "how", choices: ["a"], showOtherItem: true },
        { type: "checkbox", name: "which", choices: ["x", "y"], showNoneItem: true, showOtherItem: true },
      ],
    };
    const step = readStep(
      definition,
      0,
      formOf({
        [a("how")]: "other",
        [COMMENT_FIELD + "how"]: "Puhelimitse",
        [a("which")]: ["x", "none"],
        [COMMENT_FIELD + "which"]: "not chosen, not kept",
      }),
    );
    expect(step.answers).toEqual({ how: "other", "how-Comment": "Puhelimitse", which: ["none"] });
    expect(step.keys).toEqual(["how", "how-Comment", "which", "which-Comment"]);
  });
});

describe("drafts and sending", () => {
  it("merges a step into the draft: the step's keys replaced, answers taken back removed, others kept", () => {
    const draft = { height: 170, smoking: "yes", cigarettesPerDay: 5, conditions: ["asthma"] };
    const step = readStep(PRE_VISIT_FORM, 1, formOf({ [a("medication")]: "true", [a("medicines")]: "Ventoline" }));
    expect(mergeAnswers(draft, step)).toEqual({
      height: 170,
      smoking: "yes",
      cigarettesPerDay: 5,
      medication: true,
      medicines: "Ventoline",
    });
    const again = readStep(PRE_VISIT_FORM, 0, formOf({ [a("height")]: "171", [a("smoking")]: "never" }));
    expect(mergeAnswers(draft, again)).toEqual({ height: 171, smoking: "never", conditions: ["asthma"] });
  });

  it("sends the answers as a JSON string, without those of questions no longer shown", () => {
    const model = surveyOf(PRE_VISIT_FORM, "en", {
      height: 170,
      smoking: "never",
      cigarettesPerDay: 5,
      conditions: ["none"],
      medication: false,
      medicines: "left from before",
      generalHealth: 3,
    });
    const json = completedAnswers(model);
    expect(typeof json).toBe("string");
    expect(JSON.parse(json)).toEqual({
      height: 170,
      smoking: "never",
      conditions: ["none"],
      medication: false,
      generalHealth: 3,
    });
  });

  it("shows saved answers read-only as text, and reads only JSON objects back", () => {
    const answers = parseAnswers(
      JSON.stringify({ height: 170, smoking: "quit", conditions: ["asthma", "allergy"], medication: true }),
    );
    const pages = answeredView(surveyOf(PRE_VISIT_FORM, "fi", answers));
    expect(pages.map((p) => p.title)).toEqual(["Perustiedot", "Terveydentila"]);
    expect(pages[0].items).toEqual([
      { title: "Pituus (cm)", answer: "170" },
      { title: "Paino (kg)", answer: null },
      { title: "Tupakoitko?", answer: "Olen lopettanut" },
      { title: "Kuinka usein juot alkoholia?", answer: null },
    ]);
    expect(pages[1].items.slice(0, 4)).toEqual([
      { title: "Onko sinulla jokin näistä sairauksista?", answer: "Astma, Allergia" },
      { title: "Mille olet allerginen?", answer: null },
      { title: "Käytätkö säännöllisesti lääkkeitä?", answer: "Kyllä" },
      { title: "Mitä lääkkeitä käytät?", answer: null },
    ]);
    for (const bad of [null, "", "[1]", "{broken", "12"]) expect(parseAnswers(bad)).toEqual({});
  });
});

/** One page with a question of each type made of several fields. */
const PARTS = {
  pages: [
    {
      name: "parts",
      elements: [
        {
          type: "matrix",
          name: "symptoms",
          title: "Symptoms",
          isRequired: true,
          isAllRowRequired: true,
          columns: [
            { value: 0, text: "Never" },
            { value: 1, text: "Often" },
          ],
          rows: [
            { value: "headache", text: "Headache" },
            { value: "dizziness", text: "Dizziness" },
          ],
        },
        {
          type: "multipletext",
          name: "size",
          title: "Measurements",
          items: [
            { name: "height", title: "Height", inputType: "number", isRequired: true },
            { name: "weight", title: "Weight", inputType: "number", validators: [{ type: "numeric", maxValue: 300 }] },
          ],
        },
        {
          type: "matrixdropdown",
          name: "medicines",
          title: "Medicines",
          columns: [
            { name: "name", title: "Medicine", cellType: "text", isRequired: true },
            { name: "tablets", title: "Tablets", choices: [1, 2] },
          ],
          rows: [
            { value: "am", text: "Morning" },
            { value: "pm", text: "Evening" },
          ],
        },
        { type: "ranking", name: "topics", title: "Topics", isRequired: true, choices: ["sleep", "food", "work"] },
        { type: "tagbox", name: "allergies", title: "Allergies", isRequired: true, choices: ["pollen", "nuts"] },
      ],
    },
  ],
};

const FULL = {
  symptoms: { headache: 1, dizziness: 0 },
  size: { height: 180, weight: 80 },
  medicines: { am: { name: "Panadol", tablets: 2 }, pm: { name: "Burana" } },
  topics: ["work", "sleep", "food"],
  allergies: ["nuts"],
};

describe("questions made of several fields", () => {
  it("renders each part as a field of its own, with the answers so far", () => {
    const step = stepView(surveyOf(PARTS, "en", FULL), 0);
    const [matrix, size, medicines, topics, allergies] = step.elements;
    expect(matrix).toMatchObject({
      kind: "matrix",
      columns: [
        { value: "0", label: "Never" },
        { value: "1", label: "Often" },
      ],
      rows: [
        { label: "Headache", field: "answer:symptoms[0]", id: "q-symptoms", value: "1" },
        { label: "Dizziness", field: "answer:symptoms[1]", id: "q-symptoms-2-1", value: "0" },
      ],
    });
    expect(size).toMatchObject({
      kind: "multipletext",
      items: [
        { field: "answer:size[0]", id: "q-size", label: "Height", value: "180", inputType: "number", required: true },
        { field: "answer:size[1]", id: "q-size-2", label: "Weight", value: "80", required: false },
      ],
    });
    if (medicines.kind !== "matrixdropdown") throw new Error("matrixdropdown");
    expect(
      medicines.rows.map((r) => [r.label, r.cells.map((c) => [c.id, c.label, c.value, c.choices?.length ?? 0])]),
    ).toEqual([
      [
        "Morning",
        [
          ["q-medicines", "Medicine", "Panadol", 0],
          ["q-medicines-1-2", "Tablets", "2", 2],
        ],
      ],
      [
        "Evening",
        [
          ["q-medicines-2-1", "Medicine", "Burana", 0],
          ["q-medicines-2-2", "Tablets", "", 2],
        ],
      ],
    ]);
    // Each option's place, from 1 to 3.
    if (topics.kind !== "ranking") throw new Error("ranking");
    expect(topics.items.map((i) => [i.label, i.value])).toEqual([
      ["sleep", "2"],
      ["food", "3"],
      ["work", "1"],
    ]);
    expect(topics.items[0].choices?.map((c) => c.value)).toEqual(["1", "2", "3"]);
    // A tag box is a set of check boxes.
    expect(allergies).toMatchObject({ kind: "checkboxes", values: ["nuts"] });
  });

  it("reads each part from its own field, taking only the question's rows, columns and options", () => {
    const step = readStep(
      PARTS,
      0,
      formOf({
        "answer:symptoms[0]": "1",
        "answer:symptoms[1]": "7", // not a column
        "answer:symptoms[5]": "0", // not a row
        "answer:size[0]": "1,80e", // kept as typed, for the validator to name
        "answer:size[1]": "80,5",
        "answer:medicines[0][0]": "Panadol",
        "answer:medicines[0][1]": "2",
        "answer:medicines[1][1]": "9", // not an option
        "answer:topics[0]": "2",
        "answer:topics[1]": "3",
        "answer:topics[2]": "1",
        [a("allergies")]: ["nuts", "cats"],
      }),
    );
    expect(step.problems).toEqual([]);
    expect(step.answers).toEqual({
      symptoms: { headache: 1 },
      size: { height: "1,80e", weight: 80.5 },
      medicines: { am: { name: "Panadol", tablets: 2 } },
      topics: ["work", "sleep", "food"],
      allergies: ["nuts"],
    });
    expect(step.keys).toEqual(["symptoms", "size", "medicines", "topics", "allergies"]);
  });

  it("refuses a ranking with a place given twice or missing, and text that is not plain", () => {
    const twice = readStep(
      PARTS,
      0,
      formOf({ "answer:topics[0]": "1", "answer:topics[1]": "1", "answer:topics[2]": "2" }),
    );
    // The places posted are kept, so the form shows them again to be put right.
    expect(twice.problems).toEqual([
      {
        name: "topics",
        key: "questionnaires.form.rankingPlaces",
        kept: [
          ["answer:topics[0]", "1"],
          ["answer:topics[1]", "1"],
          ["answer:topics[2]", "2"],
        ],
      },
    ]);
    expect(twice.answers.topics).toBeUndefined();
    const missing = readStep(PARTS, 0, formOf({ "answer:topics[0]": "1", "answer:topics[1]": "2" }));
    expect(missing.problems).toMatchObject([{ name: "topics", key: "questionnaires.form.rankingPlaces" }]);
    const outOfRange = readStep(
      PARTS,
      0,
      formOf({ "answer:topics[0]": "1", "answer:topics[1]": "2", "answer:topics[2]": "4" }),
    );
    expect(outOfRange.problems).toHaveLength(1);
    // No places at all is no answer (the required check says so).
    expect(readStep(PARTS, 0, formOf({})).problems).toEqual([]);
    const control = readStep(PARTS, 0, formOf({ "answer:medicines[0][0]": "Pana\u0000dol" }));
    expect(control.problems.map((p) => p.name)).toEqual(["medicines"]);
  });

  it("names the part of each error and links to its field", () => {
    const errors = pageErrors(
      surveyOf(PARTS, "en", { symptoms: { headache: 1 }, size: { weight: 400 }, medicines: { pm: { tablets: 1 } } }),
      0,
    );
    expect(errors.map((e) => [e.name, e.id, e.part ?? null, e.message, e.rule])).toEqual([
      [
        "symptoms",
        "q-symptoms-2-1",
        "Dizziness",
        "Response required: answer questions in all rows.",
        "requiredinallrowserror",
      ],
      ["size", "q-size", "Height", "Response required.", "required"],
      // A required column is required in every row (survey-core's rule): the first such cell is the morning's.
      ["medicines", "q-medicines", "Morning, Medicine", "Response required.", "required"],
      ["topics", "q-topics", null, "Response required.", "required"],
      ["allergies", "q-allergies", null, "Response required.", "required"],
    ]);
    // A number out of its range is named by the number, not by the placeholder word.
    const range = pageErrors(surveyOf(PARTS, "fi", { ...FULL, size: { height: 180, weight: 400 } }), 0);
    expect(range).toEqual([
      expect.objectContaining({
        name: "size",
        id: "q-size-2",
        part: "Weight",
        message: expect.stringContaining("'400'"),
      }),
    ]);
    expect(pageErrors(surveyOf(PARTS, "en", FULL), 0)).toEqual([]);
  });

  it("takes a call's answers exactly as the page's: the same parts, options and rules", () => {
    // The key order of a matrix's rows does not matter.
    expect(checkAnswers(PARTS, "en", { ...FULL, symptoms: { dizziness: 0, headache: 1 } })).toMatchObject({ ok: true });
    const refused = (answers: Answers) => {
      const result = checkAnswers(PARTS, "en", answers);
      return result.ok ? [] : result.problems.map((p) => `${p.question}:${p.rule}`);
    };
    expect(refused({ ...FULL, symptoms: { headache: 5, dizziness: 0 } })).toEqual(["symptoms:value"]);
    expect(refused({ ...FULL, symptoms: { headache: 1, dizziness: 0, nausea: 1 } })).toEqual(["symptoms:value"]);
    expect(refused({ ...FULL, size: "180" })).toEqual(["size:value"]);
    expect(refused({ ...FULL, medicines: { am: { name: "Panadol", tablets: 7 } } })).toEqual(["medicines:value"]);
    expect(refused({ ...FULL, topics: ["work", "sleep"] })).toEqual(["topics:value"]);
    expect(refused({ ...FULL, topics: ["work", "work", "food"] })).toEqual(["topics:value"]);
    // Required parts are required of a call too.
    expect(refused({ ...FULL, symptoms: { headache: 1 } })).toEqual(["symptoms:requiredinallrowserror"]);
    expect(refused({ ...FULL, size: { weight: 80 } })).toEqual(["size:required"]);
  });

  it("shows the saved answers as text, in the question's own order", () => {
    const [page] = answeredView(surveyOf(PARTS, "en", { ...FULL, symptoms: { dizziness: 0, headache: 1 } }));
    expect(page.items.map((i) => [i.title, i.answer])).toEqual([
      ["Symptoms", "Headache: Often, Dizziness: Never"],
      ["Measurements", "Height: 180, Weight: 80"],
      ["Medicines", "Morning: Medicine: Panadol, Tablets: 2; Evening: Medicine: Burana"],
      ["Topics", "1. work, 2. sleep, 3. food"],
      ["Allergies", "nuts"],
    ]);
  });
});

describe("a question enabled by other answers (enableIf)", () => {
  const ENABLE = {
    elements: [
      { type: "boolean", name: "smokes", title: "Do you smoke?" },
      { type: "text", name: "packs", title: "Packs a day", inputType: "number", enableIf: "{smokes} = true" },
      { type: "matrix", name: "grid", title: "Grid", columns: ["a"], rows: ["b"], enableIf: "{smokes} = true" },
    ],
  };

  it("is shown disabled until the answer enables it, in the view and in the browser's state", () => {
    const off = surveyOf(ENABLE, "en", { smokes: false });
    expect(stepView(off, 0).elements.map((e) => [e.name, e.kind === "panel" || e.enabled])).toEqual([
      ["smokes", true],
      ["packs", false],
      ["grid", false],
    ]);
    expect(stepState(off, 0).disabled).toEqual(["packs", "grid"]);
    expect(stepState(surveyOf(ENABLE, "en", { smokes: true }), 0).disabled).toEqual([]);
  });

  it("keeps what a disabled question held, whatever is posted for it", () => {
    const previous = { smokes: true, packs: 2 };
    const model = surveyOf(ENABLE, "en", previous);
    const posted = readStep(ENABLE, 0, formOf({ [a("smokes")]: "false", [a("packs")]: "5" }));
    expect(keepDisabledAnswers(model, 0, previous, mergeAnswers(previous, posted))).toEqual({
      smokes: false,
      packs: 2,
    });
    // Enabled by the same post: what was posted is taken.
    const enabled = readStep(ENABLE, 0, formOf({ [a("smokes")]: "true", [a("packs")]: "5" }));
    expect(keepDisabledAnswers(model, 0, {}, mergeAnswers({}, enabled))).toEqual({ smokes: true, packs: 5 });
  });

  it("takes no answer to a disabled question in a call", () => {
    expect(checkAnswers(ENABLE, "en", { smokes: false, packs: 5 })).toMatchObject({
      ok: false,
      problems: [{ question: "packs", rule: "disabled" }],
    });
    expect(checkAnswers(ENABLE, "en", { smokes: true, packs: 5 })).toMatchObject({ ok: true });
  });
});

describe("a dynamic panel", () => {
  const KIDS = {
    elements: [
      {
        type: "paneldynamic",
        name: "kids",
        title: "Children",
        templateTitle: "Child {panelIndex}",
        panelCount: 1,
        minPanelCount: 1,
        maxPanelCount: 3,
        templateElements: [
          { type: "text", name: "name", title: "Name", isRequired: true },
          {
            type: "text",
            name: "age",
            title: "Age",
            inputType: "number",
            validators: [{ type: "numeric", maxValue: 17 }],
          },
          { type: "radiogroup", name: "school", title: "School", choices: ["yes", "no"] },
        ],
      },
    ],
  };
  const kidsForm = (count: string, fields: Record<string, string>) =>
    formOf({ "panels:kids": count, ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [a(k), v])) });

  it("renders a panel per answer, each question named and identified by its panel", () => {
    const step = stepView(surveyOf(KIDS, "en", { kids: [{ name: "Aino", age: 6 }, { name: "Eetu" }] }), 0);
    const [kids] = step.elements;
    if (kids.kind !== "paneldynamic") throw new Error("paneldynamic");
    expect(kids).toMatchObject({ countField: "panels:kids", canAdd: true, canRemove: true, addId: "q-kids-add" });
    expect(
      kids.panels.map((p) => [p.title, p.elements.map((e) => [e.name, e.id, "value" in e ? e.value : null])]),
    ).toEqual([
      [
        "Child 1",
        [
          ["kids[0].name", "q-kids-1-name", "Aino"],
          ["kids[0].age", "q-kids-1-age", "6"],
          ["kids[0].school", "q-kids-1-school", null],
        ],
      ],
      [
        "Child 2",
        [
          ["kids[1].name", "q-kids-2-name", "Eetu"],
          ["kids[1].age", "q-kids-2-age", ""],
          ["kids[1].school", "q-kids-2-school", null],
        ],
      ],
    ]);
    expect(stepState(surveyOf(KIDS, "en", { kids: [{}, {}] }), 0).required).toEqual(["kids[0].name", "kids[1].name"]);
  });

  it("reads as many panels as the form shows, within the panel's limits, each by the rules of its questions", () => {
    const step = readStep(
      KIDS,
      0,
      kidsForm("2", { "kids[0].name": "Aino", "kids[0].age": "6", "kids[1].school": "maybe" }),
    );
    expect(step.answers).toEqual({ kids: [{ name: "Aino", age: 6 }, {}] });
    expect(step.keys).toEqual(["kids"]);
    // At most maxPanelCount, at least minPanelCount, whatever is posted.
    expect(readStep(KIDS, 0, kidsForm("50", {})).answers.kids).toHaveLength(3);
    expect(readStep(KIDS, 0, kidsForm("0", {})).answers.kids).toHaveLength(1);
    const control = readStep(KIDS, 0, kidsForm("1", { "kids[0].name": "A\u0000" }));
    expect(control.problems.map((p) => p.name)).toEqual(["kids[0].name"]);
  });

  it("reports each panel's errors at their fields, named by panel", () => {
    const model = surveyOf(KIDS, "en", { kids: [{ name: "Aino", age: 30 }, {}] });
    expect(pageErrors(model, 0).map((e) => [e.name, e.id, e.title, e.rule])).toEqual([
      ["kids[0].age", "q-kids-1-age", "Child 1, Age", "numeric"],
      ["kids[1].name", "q-kids-2-name", "Child 2, Name", "required"],
    ]);
  });

  it("adds and removes panels within the limits, and says where to go next", () => {
    const model = surveyOf(KIDS, "en");
    const two = changePanels(model, 0, { kids: [{ name: "Aino" }] }, { add: true, name: "kids" });
    expect(two).toEqual({ answers: { kids: [{ name: "Aino" }, {}] }, focus: "q-kids-2-name" });
    const three = changePanels(model, 0, two!.answers, { add: true, name: "kids" });
    expect(changePanels(model, 0, three!.answers, { add: true, name: "kids" })).toBeNull();
    const removed = changePanels(
      model,
      0,
      { kids: [{ name: "Aino" }, { name: "Eetu" }] },
      { add: false, name: "kids", index: 0 },
    );
    expect(removed).toEqual({ answers: { kids: [{ name: "Eetu" }] }, focus: "q-kids-1-name" });
    // Not below minPanelCount, not a panel it does not have, not another question.
    expect(changePanels(model, 0, { kids: [{ name: "Eetu" }] }, { add: false, name: "kids", index: 0 })).toBeNull();
    expect(changePanels(model, 0, { kids: [{}, {}] }, { add: false, name: "kids", index: 5 })).toBeNull();
    expect(changePanels(model, 0, {}, { add: true, name: "nope" })).toBeNull();
  });

  it("takes a call's panels as the page's, and shows them as text", () => {
    expect(checkAnswers(KIDS, "en", { kids: [{ name: "Aino", age: 6 }] })).toMatchObject({ ok: true });
    const refused = (answers: Answers) => {
      const result = checkAnswers(KIDS, "en", answers);
      return result.ok ? [] : result.problems.map((p) => `${p.question}:${p.rule}`);
    };
    expect(refused({ kids: [{ name: "Aino", school: "maybe" }] })).toEqual(["kids:value"]);
    expect(refused({ kids: [{ name: "Aino", secret: 1 }] })).toEqual(["kids:value"]);
    // Four panels where three at most are taken: refused at once.
    expect(refused({ kids: [{}, {}, {}, {}] })).toEqual(["kids:value"]);
    expect(refused({ kids: "Aino" })).toEqual(["kids:value", "kids[0].name:required"]);
    // Thousands of panels are refused without making a survey of each.
    const started = Date.now();
    expect(refused({ kids: Array.from({ length: 5_000 }, () => ({ name: "x" })) })[0]).toBe("kids:value");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(refused({ kids: [{ age: 30 }] })).toEqual(["kids[0].name:required", "kids[0].age:numeric"]);
    const [page] = answeredView(
      surveyOf(KIDS, "en", {
        kids: [
          { name: "Aino", age: 6 },
          { name: "Eetu", school: "yes" },
        ],
      }),
    );
    expect(page.items).toEqual([
      { title: "Children", answer: "Child 1: Name: Aino, Age: 6; Child 2: Name: Eetu, School: yes" },
    ]);
  });
});

describe("files and signatures", () => {
  const definition = {
    elements: [
      { type: "file", name: "results", title: "Results", allowMultiple: true, acceptedTypes: ".pdf" },
      { type: "file", name: "photo", title: "Photo", maxSize: 1000 },
      { type: "signaturepad", name: "signature", title: "Signature", isRequired: true },
    ],
  };
  const file = (id: string, name: string): FileAnswer => ({
    name,
    type: "application/pdf",
    content: `stored-file:${id}`,
  });
  const a = file("11111111-1111-4111-8111-111111111111", "a.pdf");
  const b = file("22222222-2222-4222-8222-222222222222", "b.pdf");
  const c = file("33333333-3333-4333-8333-333333333333", "c.pdf");

  it("takes only the invitation's files, one for a single-file question (the one posted last), and a typed name", () => {
    const form = new FormData();
    for (const id of [fileIdOf(a)!, fileIdOf(b)!, "44444444-4444-4444-8444-444444444444", fileIdOf(a)!])
      form.append(`${ANSWER_FIELD}results`, id);
    form.append(`${ANSWER_FIELD}photo`, fileIdOf(a)!);
    form.append(`${ANSWER_FIELD}photo`, fileIdOf(c)!);
    form.append(`${ANSWER_FIELD}signature`, "  Maija \n Meikäläinen ");
    const step = readStep(definition, 0, form, [a, b, c]);
    expect(step.answers).toEqual({
      results: [a, b],
      photo: [c],
      signature: signatureImage("Maija Meikäläinen"),
    });
    expect(step.keys).toEqual(["results", "photo", "signature"]);
  });

  it("shows the files attached and the name signed, and the rules the page checks", () => {
    const model = surveyOf(definition, "en", { results: [a], signature: signatureImage("Maija <M> & co") });
    const view = Object.fromEntries(stepView(model, 0).elements.map((e) => [e.name, e]));
    expect(view.results).toMatchObject({
      kind: "file",
      field: "file:results",
      files: [{ id: fileIdOf(a), name: "a.pdf" }],
      multiple: true,
      accept: ".pdf",
    });
    expect(view.photo).toMatchObject({ kind: "file", multiple: false, accept: expect.stringContaining(".png") });
    expect(view.signature).toMatchObject({ kind: "signature", value: "Maija <M> & co" });
    expect(stepFileQuestions(model, 0)).toEqual([
      { name: "results", multiple: true, maxBytes: null, accept: ".pdf" },
      { name: "photo", multiple: false, maxBytes: 1000, accept: null },
    ]);
    expect(answeredView(model)[0].items.map((i) => i.answer)).toEqual(["a.pdf", null, "Maija <M> & co"]);
  });

  it("refuses, in a call, a signature the portal did not make and files the invitation does not have", () => {
    const signed = signatureImage("Maija");
    expect(checkAnswers(definition, "en", { signature: signed, results: [a] }, [a])).toMatchObject({ ok: true });
    expect(checkAnswers(definition, "en", {}, [a])).toMatchObject({
      ok: false,
      problems: [{ question: "signature", rule: "required" }],
    });
    const tampered = signed.slice(0, -4) + "AAAA";
    for (const signature of [tampered, "data:image/png;base64,iVBORw0KGgo=", "Maija", 42])
      expect(checkAnswers(definition, "en", { signature }, [a]), String(signature)).toMatchObject({
        ok: false,
        problems: [{ question: "signature", rule: "value" }],
      });
    for (const results of [[b], [{ ...a, type: "text/html" }], a, [a, a], "a.pdf"])
      expect(
        checkAnswers(definition, "en", { signature: signed, results }, [a]),
        JSON.stringify(results),
      ).toMatchObject({ ok: false, problems: [{ question: "results", rule: "value" }] });
    expect(signedName(signed)).toBe("Maija");
    expect(signedName(tampered)).toBeNull();
  });
});
