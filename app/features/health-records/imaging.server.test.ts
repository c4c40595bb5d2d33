import { describe, expect, it } from "vitest";
import { groupImagingDays } from "./imaging.server";

describe("groupImagingDays", () => {
  it("gathers the examinations of each day, newest day first", () => {
    const days = groupImagingDays(
      [
        { imagingDate: "2025-10-16", examinationName: "Nilkan röntgen" },
        { imagingDate: "2026-08-22", examinationName: "Keuhkojen röntgen" },
        { imagingDate: "2025-10-16", examinationName: "Nilkan ultraääni" },
      ],
      "en",
    );
    expect(days).toEqual([
      { date: "2026-08-22", dateText: "22 August 2026", examinations: ["Keuhkojen röntgen"] },
      { date: "2025-10-16", dateText: "16 October 2025", examinations: ["Nilkan röntgen", "Nilkan ultraääni"] },
    ]);
  });
});
