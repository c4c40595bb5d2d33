import { describe, expect, it } from "vitest";
import { reportParts } from "./visits.server";

describe("reportParts", () => {
  it("keeps diagnoses with a code or a description, and texts with a title or a body", () => {
    const parts = reportParts(
      [
        { code: "J06.9", description: "Ylähengitystieinfektio" },
        { description: "Alaselän kipu" },
        { code: " ", description: " " },
      ],
      [
        { title: "Tulosyy", body: "Kurkkukipu.\nEi kuumetta." },
        { title: "", body: "" },
        { title: "Hoito-ohjeet", body: "" },
      ],
    );
    expect(parts.diagnoses).toEqual([
      { code: "J06.9", description: "Ylähengitystieinfektio" },
      { code: null, description: "Alaselän kipu" },
    ]);
    // Line breaks of a body stay as written.
    expect(parts.texts).toEqual([
      { title: "Tulosyy", body: "Kurkkukipu.\nEi kuumetta." },
      { title: "Hoito-ohjeet", body: "" },
    ]);
  });

  it("gives empty lists for an empty report", () => {
    expect(reportParts([], [])).toEqual({ diagnoses: [], texts: [] });
  });
});
