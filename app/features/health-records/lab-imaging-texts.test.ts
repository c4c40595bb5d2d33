import { describe, expect, it } from "vitest";
import enLab from "../../../locales/en/laboratory.json";
import enRef from "../../../locales/en/referrals.json";
import fiLab from "../../../locales/fi/laboratory.json";
import fiRef from "../../../locales/fi/referrals.json";
import svLab from "../../../locales/sv/laboratory.json";
import svRef from "../../../locales/sv/referrals.json";
import type { Lang } from "~/lib/lang";
import { translator } from "~/lib/translate";
import { assessmentText, packageSummary, shortResult } from "./lab-result-view";
import type { LabEntry, LabTest } from "./laboratory.server";
import { validityHintText, validityText } from "./referral-view";

const texts = {
  fi: { laboratory: fiLab, referrals: fiRef },
  sv: { laboratory: svLab, referrals: svRef },
  en: { laboratory: enLab, referrals: enRef },
};
const tr = (lang: Lang) => translator(lang, texts[lang]);

const test = (over: Partial<LabTest> = {}): LabTest => ({
  id: 1,
  name: "Hemoglobiini",
  status: "ready",
  isReady: true,
  result: "112",
  isNumeric: true,
  unit: "g/l",
  range: "117–155",
  position: "below",
  additionalResult: null,
  description: null,
  ...over,
});

describe("validity in words", () => {
  it("says how soon a referral runs out, with plural weeks", () => {
    const t = tr("en");
    expect(validityHintText({ kind: "today" }, t)).toBe("Expires today");
    expect(validityHintText({ kind: "tomorrow", weekday: "Saturday" }, t)).toBe("Expires tomorrow, Saturday");
    expect(validityHintText({ kind: "weeks", weeks: 1 }, t)).toBe("Expires in about 1 week");
    expect(validityHintText({ kind: "weeks", weeks: 3 }, t)).toBe("Expires in about 3 weeks");
    expect(validityHintText({ kind: "date", date: "25 November 2026" }, t)).toBe("Expires on 25 November 2026");
    expect(validityHintText({ kind: "weeks", weeks: 2 }, tr("sv"))).toBe("Går ut om ungefär 2 veckor");
    expect(validityHintText({ kind: "weeks", weeks: 1 }, tr("sv"))).toBe("Går ut om ungefär 1 vecka");
    expect(validityHintText({ kind: "today" }, tr("fi"))).toBe("Vanhenee tänään");
  });

  it("says whether the referral is valid", () => {
    expect(validityText({ status: "valid", validUntil: "15.12.2026" }, tr("fi"))).toBe("Voimassa 15.12.2026 asti");
    expect(validityText({ status: "expired", validUntil: "10.11.2026" }, tr("en"))).toBe("Not valid");
  });
});

describe("a result in words", () => {
  it("names the position against the range in each language", () => {
    expect(assessmentText("below", "117–155", tr("en"))).toBe("below the reference range 117–155");
    expect(assessmentText("within", "3,4–8,2", tr("sv"))).toBe("inom referensintervallet 3,4–8,2");
    expect(assessmentText("above", "3,5–5,1", tr("fi"))).toBe("viitevälin 3,5–5,1 yläpuolella");
    expect(assessmentText(null, "1–2", tr("en"))).toBeNull();
    expect(assessmentText("within", null, tr("en"))).toBeNull();
  });

  it("sums a test up in one line", () => {
    const t = tr("en");
    expect(shortResult(test(), t)).toBe("112 g/l, below the reference range 117–155");
    expect(shortResult(test({ result: "< 3", range: null, position: null }), t)).toBe("< 3 g/l");
    expect(shortResult(test({ result: "Negatiivinen", isNumeric: false, position: null }), t)).toBe("Negatiivinen");
    expect(shortResult(test({ status: "sampled", isReady: false, result: null }), t)).toBe("Result pending");
    expect(shortResult(test({ status: "referral", isReady: false, result: null }), t)).toBe("Sample not taken yet");
    expect(shortResult(test({ status: "referral", isReady: false, result: null }), tr("fi"))).toBe(
      "Näytettä ei ole vielä otettu",
    );
  });

  it("sums a package up by its tests", () => {
    const entry = (pending: number, outside: number, count: number): Extract<LabEntry, { kind: "package" }> => ({
      kind: "package",
      code: "B-PVK",
      name: "Perusverenkuva",
      tests: Array.from({ length: count }, (_, i) => test({ id: i })),
      pending,
      outside,
    });
    expect(packageSummary(entry(0, 0, 3), tr("en"))).toBe("3 tests");
    expect(packageSummary(entry(1, 1, 3), tr("en"))).toBe("3 tests, 1 outside the reference range, 1 pending");
    expect(packageSummary(entry(2, 0, 1), tr("sv"))).toBe("1 analys, 2 inte klara");
    expect(packageSummary(entry(0, 2, 4), tr("fi"))).toBe("4 tutkimusta, 2 viitevälin ulkopuolella");
  });
});
