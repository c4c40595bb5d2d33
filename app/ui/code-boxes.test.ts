import { describe, expect, it } from "vitest";
import { clearBox, initialBoxes, typeInto, type BoxesState } from "./code-boxes";

/** Types characters one at a time from `start`, following the focus as the boxes do; returns each step's submit. */
function typeSlowly(state: BoxesState, start: number, text: string) {
  const submits: boolean[] = [];
  let focus = start;
  for (const ch of text) {
    const r = typeInto(state, focus, ch)!;
    state = r.state;
    focus = r.focus;
    submits.push(r.submit);
  }
  return { state, submits };
}

describe("code boxes", () => {
  it("submits at the fourth typed character, upper-cased", () => {
    const { state, submits } = typeSlowly(initialBoxes("", true), 0, "123a");
    expect(submits).toEqual([false, false, false, true]);
    expect(state.chars.join("")).toBe("123A");
  });

  it("does not submit when typing over a kept code fills the boxes", () => {
    // After a wrong answer the code stays in the boxes; the first corrected character must not send it.
    const { state, submits } = typeSlowly(initialBoxes("000A", true), 0, "9");
    expect(submits).toEqual([false]);
    expect(state.chars.join("")).toBe("900A");
    // Typing on to the fourth character completes a fresh entry.
    expect(typeSlowly(state, 1, "08B").submits).toEqual([false, false, true]);
  });

  it("does not submit when only the last box of a kept code is retyped", () => {
    expect(typeSlowly(initialBoxes("123B", true), 3, "A").submits).toEqual([false]);
  });

  it("needs a fresh entry again after each send", () => {
    const sent = typeSlowly(initialBoxes("", true), 0, "1234");
    expect(sent.submits.at(-1)).toBe(true);
    expect(typeSlowly(sent.state, 0, "5").submits).toEqual([false]);
  });

  it("submits a pasted whole code, refuses letters outside the last box and goes back on clearing", () => {
    expect(typeInto(initialBoxes("000A", true), 0, "123 a")).toMatchObject({
      submit: true,
      state: { chars: ["1", "2", "3", "A"] },
    });
    expect(typeInto(initialBoxes("", true), 0, "A")).toBeNull();
    expect(typeInto(initialBoxes("", true), 3, "Z")).toBeNull();
    const cleared = clearBox(typeSlowly(initialBoxes("", true), 0, "12").state, 1);
    expect(cleared).toMatchObject({ chars: ["1", "", "", ""], fresh: [true, false, false, false] });
  });

  it("takes digits only in every box of an SMS code", () => {
    expect(typeInto(initialBoxes(), 3, "A")).toBeNull();
    expect(typeInto(initialBoxes(), 0, "12a4")).toBeNull();
    const { state, submits } = typeSlowly(initialBoxes(), 0, "0427");
    expect(submits).toEqual([false, false, false, true]);
    expect(state.chars.join("")).toBe("0427");
  });
});
