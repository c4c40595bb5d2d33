import { describe, expect, it } from "vitest";
import { PRE_VISIT_FORM } from "~/.server/db/seed/questionnaires";
import { ANSWER_FIELD, COMMENT_FIELD, stepStateOf, type QuestionView } from "./questionnaire-view";
import {
  answeredView,
  completedAnswers,
  fieldIds,
  firstInvalidPage,
  isShownPage,
  mergeAnswers,
  nextPage,
  pageErrors,
  parseAnswers,
  parseNumber,
  previousPage,
  readStep,
  resolvePage,
  savingErrorText,
  stepState,
  stepView,
  surveyOf,
  type Answers,
} from "./survey.server";

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
          { type: "matrix", name: "grid", title: "Grid", columns: ["a"], rows: ["b"] },
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
    // A required question of a type not rendered here blocks nothing.
    expect(pageErrors(surveyOf({ elements: [{ type: "file", name: "f", isRequired: true }] }, "en"), 0)).toEqual([]);
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
    expect(step.problems).toEqual([{ name: "story", key: "common.form.errors.invalidCharacters" }]);
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
