import { describe, expect, it } from "vitest";
import { checkRenewal, valuesOf } from "./renewal-check";
import { ANSWER_MAX_LENGTH, fieldNames, textFieldNames } from "./renewal.schema";

/** A complete answer for prescription 7: not finished (so how much is left), side effects (so which). */
const complete = {
  "why-7": "Lääke loppuu pian",
  "finished-7": "no",
  "remaining-7": "Viikon annos",
  "sideEffects-7": "yes",
  "sideEffectsWhich-7": "Päänsärky",
  otherMedicines: "Ei muita",
};
const without = (name: keyof typeof complete) => {
  const { [name]: _, ...rest } = complete;
  return rest;
};

describe("the renewal send rule", () => {
  it("accepts a form with every question answered", () => {
    const { errors, answers } = checkRenewal([7], complete, true);
    expect(errors).toEqual({});
    expect(answers.prescriptions.get(7)).toEqual({
      why: "Lääke loppuu pian",
      finished: "no",
      remaining: "Viikon annos",
      sideEffects: "yes",
      sideEffectsWhich: "Päänsärky",
    });
    expect(answers.otherMedicines).toBe("Ei muita");
  });

  it("refuses a missing free text, per field", () => {
    for (const name of ["why-7", "remaining-7", "sideEffectsWhich-7", "otherMedicines"] as const)
      expect(checkRenewal([7], without(name), true).errors, name).toEqual({ [name]: "missing" });
  });

  it("counts an empty text as an answer when the page left untouched fields out (JavaScript)", () => {
    const empty = { ...complete, "why-7": "", "remaining-7": "", otherMedicines: "" };
    const { errors, answers } = checkRenewal([7], empty, true);
    expect(errors).toEqual({});
    expect(answers.prescriptions.get(7)?.why).toBe("");
    expect(answers.otherMedicines).toBe("");
  });

  it("counts a blank text as unanswered in a plain form post, which always sends every text field", () => {
    const blank = { ...complete, "why-7": "", "remaining-7": "  \r\n", otherMedicines: "" };
    expect(checkRenewal([7], blank, false).errors).toEqual({
      "why-7": "missing",
      "remaining-7": "missing",
      otherMedicines: "missing",
    });
    expect(checkRenewal([7], complete, false).errors).toEqual({});
  });

  it("needs a choice for each yes/no question, and only yes or no", () => {
    expect(checkRenewal([7], without("finished-7"), true).errors).toEqual({ "finished-7": "missing" });
    expect(checkRenewal([7], without("sideEffects-7"), true).errors).toEqual({ "sideEffects-7": "missing" });
    expect(checkRenewal([7], { ...complete, "finished-7": "maybe" }, true).errors).toEqual({
      "finished-7": "missing",
    });
  });

  it("needs a follow-up only when its answer triggered it", () => {
    // Finished: how much is left is not asked; side effects none: which is not asked.
    const untriggered = { "why-7": "x", "finished-7": "yes", "sideEffects-7": "no", otherMedicines: "y" };
    const { errors, answers } = checkRenewal([7], untriggered, true);
    expect(errors).toEqual({});
    expect(answers.prescriptions.get(7)).toEqual({ why: "x", finished: "yes", sideEffects: "no" });
    // Typed in but not triggered: left out of the answers.
    const typed = checkRenewal([7], { ...untriggered, "remaining-7": "a", "sideEffectsWhich-7": "b" }, true);
    expect(typed.answers.prescriptions.get(7)?.remaining).toBeUndefined();
    expect(typed.answers.prescriptions.get(7)?.sideEffectsWhich).toBeUndefined();
    // Triggered and missing: required.
    expect(checkRenewal([7], { ...untriggered, "finished-7": "no" }, true).errors).toEqual({
      "remaining-7": "missing",
    });
    expect(checkRenewal([7], { ...untriggered, "sideEffects-7": "yes" }, true).errors).toEqual({
      "sideEffectsWhich-7": "missing",
    });
  });

  it("lists the errors of several prescriptions in the page's order", () => {
    const { errors } = checkRenewal([7, 3], { "finished-3": "no", otherMedicines: "" }, true);
    expect(Object.keys(errors)).toEqual([
      "why-7",
      "finished-7",
      "sideEffects-7",
      "why-3",
      "remaining-3",
      "sideEffects-3",
    ]);
  });

  it("refuses an answer that is too long or has characters that cannot be stored", () => {
    expect(checkRenewal([7], { ...complete, "why-7": "x".repeat(ANSWER_MAX_LENGTH) }, true).errors).toEqual({});
    expect(checkRenewal([7], { ...complete, "why-7": "x".repeat(ANSWER_MAX_LENGTH + 1) }, true).errors).toEqual({
      "why-7": "tooLong",
    });
    expect(checkRenewal([7], { ...complete, otherMedicines: "a\u0000b" }, true).errors).toEqual({
      otherMedicines: "invalidCharacters",
    });
  });

  it("reads only the form's own text fields from a post", () => {
    const form = new FormData();
    form.set("why-7", "a");
    form.set("finished-7", "no");
    form.set("why-8", "another prescription's");
    form.append("otherMedicines", new File(["x"], "x.txt"));
    expect(valuesOf(form, [7])).toEqual({ "why-7": "a", "finished-7": "no" });
    expect(fieldNames([7])).toEqual([
      "why-7",
      "finished-7",
      "remaining-7",
      "sideEffects-7",
      "sideEffectsWhich-7",
      "otherMedicines",
    ]);
    expect(textFieldNames([7])).toEqual(["why-7", "remaining-7", "sideEffectsWhich-7", "otherMedicines"]);
  });
});
