import { describe, expect, it } from "vitest";
import { assessResult, groupLabDays, groupLabEntries, toLabTest, type LabResultRow } from "./laboratory.server";

const row = (over: Partial<LabResultRow> & { id: number }): LabResultRow => ({
  code: `T${over.id}`,
  displayName: `Test ${over.id}`,
  status: "ready",
  resultText: null,
  resultNumber: null,
  unit: null,
  referenceMin: null,
  referenceMax: null,
  prefix: null,
  additionalResult: null,
  description: null,
  packageCode: null,
  packageName: null,
  ...over,
});

describe("assessResult", () => {
  it("places a plain number against its range", () => {
    expect(assessResult(null, 112, 117, 155)).toBe("below");
    expect(assessResult(null, 117, 117, 155)).toBe("within");
    expect(assessResult(null, 5.4, 3.5, 5.1)).toBe("above");
    expect(assessResult(null, 5, null, null)).toBeNull();
  });

  it("with a comparison, says only what the comparison settles", () => {
    // "< 3" against "≤ 10": whatever it is, it is within.
    expect(assessResult("<", 3, null, 10)).toBe("within");
    expect(assessResult("<", 3, 5, 10)).toBe("below");
    expect(assessResult("<", 5, 5, 10)).toBe("below");
    expect(assessResult("<=", 5, 5, 10)).toBeNull();
    expect(assessResult("<", 6, 5, 10)).toBeNull();
    expect(assessResult("<", 12, null, 10)).toBeNull();
    expect(assessResult(">", 12, null, 10)).toBe("above");
    expect(assessResult("≥", 0.5, 0.5, null)).toBe("within");
    expect(assessResult(">", 10, 5, 10)).toBe("above");
    expect(assessResult(">", 7, 5, 10)).toBeNull();
    expect(assessResult(" < ", 2, 5, null)).toBe("below");
  });
});

describe("toLabTest", () => {
  it("writes the number with its prefix the language's way, with the range and its position", () => {
    const crp = row({ id: 1, prefix: "<", resultNumber: "3", unit: "mg/l", referenceMax: "10" });
    expect(toLabTest(crp, "fi")).toMatchObject({ result: "< 3", isNumeric: true, range: "≤ 10", position: "within" });
    const k = row({ id: 2, resultNumber: "5.4", referenceMin: "3.5", referenceMax: "5.1", additionalResult: " x " });
    expect(toLabTest(k, "fi")).toMatchObject({
      result: "5,4",
      range: "3,5–5,1",
      position: "above",
      additionalResult: "x",
    });
    expect(toLabTest(k, "en")).toMatchObject({ result: "5.4", range: "3.5–5.1" });
  });

  it("keeps a text result as it is, without a unit or an assessment", () => {
    const test = toLabTest(row({ id: 3, resultText: "Negatiivinen", unit: "" }), "en");
    expect(test).toMatchObject({ result: "Negatiivinen", isNumeric: false, unit: null, position: null });
  });

  it("shows nothing of a pending test's result, and says whether the sample has been taken", () => {
    const sampled = toLabTest(row({ id: 4, status: "sampled", resultNumber: "1", additionalResult: "early" }), "en");
    expect(sampled).toMatchObject({
      status: "sampled",
      isReady: false,
      result: null,
      position: null,
      additionalResult: null,
    });
    const ordered = toLabTest(row({ id: 9, status: "referral", resultText: "early" }), "en");
    expect(ordered).toMatchObject({ status: "referral", isReady: false, result: null });
  });
});

describe("groupLabEntries", () => {
  it("gathers a package's tests where its first test stands, with the counts for its summary", () => {
    const rows = [
      row({ id: 5, packageCode: "P", packageName: "Paketti", resultNumber: "1", referenceMin: "2" }),
      row({ id: 2 }),
      row({ id: 6, packageCode: "P", packageName: "Paketti", status: "sampled" }),
      row({ id: 8, packageCode: "Q", packageName: null }),
      row({ id: 7, packageCode: "P", packageName: "Paketti", resultNumber: "3", referenceMin: "2" }),
    ];
    const entries = groupLabEntries(rows, "en");
    expect(entries.map((e) => (e.kind === "test" ? e.test.id : e.code))).toEqual([2, "P", "Q"]);
    const p = entries[1];
    expect(p).toMatchObject({ kind: "package", name: "Paketti", pending: 1, outside: 1 });
    if (p?.kind === "package") expect(p.tests.map((t) => t.id)).toEqual([5, 6, 7]);
    // Without a name the package is called by its code.
    expect(entries[2]).toMatchObject({ kind: "package", name: "Q", pending: 0, outside: 0 });
  });
});

describe("groupLabDays", () => {
  it("gives each day, newest first, its readiness over all of its tests and their number", () => {
    const days = groupLabDays(
      [
        { sampledOn: "2025-11-20", status: "ready" },
        { sampledOn: "2026-11-16", status: "ready" },
        { sampledOn: "2026-11-16", status: "referral" },
        { sampledOn: "2026-10-11", status: "ready" },
      ],
      "fi",
    );
    expect(days).toEqual([
      { date: "2026-11-16", dateText: "16.11.2026", readiness: "pending", testCount: 2 },
      { date: "2026-10-11", dateText: "11.10.2026", readiness: "ready", testCount: 1 },
      { date: "2025-11-20", dateText: "20.11.2025", readiness: "ready", testCount: 1 },
    ]);
    expect(groupLabDays([], "en")).toEqual([]);
  });
});
