import { describe, expect, it } from "vitest";
import en from "../../../locales/en/prescriptions.json";
import fi from "../../../locales/fi/prescriptions.json";
import sv from "../../../locales/sv/prescriptions.json";
import type { Lang } from "~/lib/lang";
import { translator } from "~/lib/translate";
import {
  derivedTextLine,
  derivedTextParts,
  idSegment,
  lineRuns,
  MAX_RENEWAL_IDS,
  medicineTitle,
  parseIdSegment,
  renewalAllowed,
  type Prescription,
} from "./rules";

const texts = { fi: { prescriptions: fi }, sv: { prescriptions: sv }, en: { prescriptions: en } };
const tr = (lang: Lang) => translator(lang, texts[lang]);

const levaxin: Prescription = {
  id: 1,
  medicineName: "Levaxin",
  strength: "50 µg",
  issuedDate: "2026-01-24",
  isRenewable: true,
  medicineType: "tablet",
  packageUnit: "pcs",
  packageSize: "100",
  packageCount: 2,
  treatmentLength: 6,
  treatmentLengthUnit: "month",
  totalAmount: "200",
  dosageGuide: "1 tabletti aamulla",
  usageGuide: "Kilpirauhasen vajaatoimintaan",
};
const bare: Prescription = {
  ...levaxin,
  strength: null,
  medicineType: null,
  packageUnit: null,
  packageSize: null,
  packageCount: null,
  treatmentLength: null,
  treatmentLengthUnit: null,
  totalAmount: null,
  dosageGuide: null,
  usageGuide: null,
};

describe("the derived text line", () => {
  it("reads type, package, treatment length, total and the guides, in each language", () => {
    const line = (lang: Lang) => derivedTextLine(levaxin, tr(lang), lang);
    expect(line("en")).toBe(
      "Tablet · 2 × 100 pcs · Treatment length 6 months · Total 200 pcs · 1 tabletti aamulla · Kilpirauhasen vajaatoimintaan",
    );
    expect(line("fi")).toBe(
      "Tabletti · 2 × 100 kpl · Hoidon kesto 6 kuukautta · Yhteensä 200 kpl · 1 tabletti aamulla · Kilpirauhasen vajaatoimintaan",
    );
    expect(line("sv")).toBe(
      "Tablett · 2 × 100 st · Behandlingstid 6 månader · Totalt 200 st · 1 tabletti aamulla · Kilpirauhasen vajaatoimintaan",
    );
  });

  it("leaves out what is missing, a single package's count, and says one in the singular", () => {
    expect(derivedTextLine(bare, tr("en"), "en")).toBe("");
    const inhaler: Prescription = {
      ...bare,
      medicineType: "inhaler",
      packageUnit: "doses",
      packageSize: "1",
      packageCount: 1,
      treatmentLength: 1,
      treatmentLengthUnit: "year",
    };
    expect(derivedTextLine(inhaler, tr("en"), "en")).toBe("Inhaler · 1 dose · Treatment length 1 year");
    expect(derivedTextLine(inhaler, tr("fi"), "fi")).toBe("Inhalaatiosumute · 1 annos · Hoidon kesto 1 vuosi");
  });

  it("writes decimals the language's way, and shows unknown codes and a worded total as written", () => {
    const odd: Prescription = {
      ...bare,
      medicineType: "peräpuikko",
      packageUnit: "rasia",
      packageSize: "2.5",
      totalAmount: "kaksi rasiaa",
    };
    expect(derivedTextLine(odd, tr("fi"), "fi")).toBe("peräpuikko · 2,5 rasia · Yhteensä kaksi rasiaa");
    expect(derivedTextLine(odd, tr("en"), "en")).toBe("peräpuikko · 2.5 rasia · Total kaksi rasiaa");
    // The prescriber's own words are marked, so a page in another language can say they are Finnish.
    expect(derivedTextParts({ ...odd, dosageGuide: "1 x 1" }, tr("en"), "en")).toEqual([
      { text: "peräpuikko", prescriberText: true },
      { text: "2.5 rasia" },
      { text: "Total kaksi rasiaa" },
      { text: "1 x 1", prescriberText: true },
    ]);
  });

  it("is written as runs of the page's own words, the prescriber's Finnish marked on a page in another language", () => {
    const parts = derivedTextParts({ ...levaxin, packageSize: null, treatmentLength: null }, tr("en"), "en");
    expect(lineRuns(parts, "en")).toEqual([
      { text: "Tablet · Total 200 pcs · " },
      { text: "1 tabletti aamulla", lang: "fi" },
      { text: " · " },
      { text: "Kilpirauhasen vajaatoimintaan", lang: "fi" },
    ]);
    // A line that starts with the prescriber's words starts with an empty run; in Finnish it is all one run.
    const guides = [{ text: "1 x 1", prescriberText: true as const }, { text: "Total 2" }];
    expect(lineRuns(guides, "sv")).toEqual([{ text: "" }, { text: "1 x 1", lang: "fi" }, { text: " · Total 2" }]);
    expect(lineRuns(guides, "fi")).toEqual([{ text: "1 x 1 · Total 2" }]);
    expect(lineRuns([], "en")).toEqual([]);
  });

  it("titles a medicine with its strength when there is one", () => {
    expect(medicineTitle(levaxin)).toBe("Levaxin 50 µg");
    expect(medicineTitle(bare)).toBe("Levaxin");
  });
});

describe("the renewal page's id segment", () => {
  it("keeps canonical ids in order", () => {
    expect(parseIdSegment("1,2")).toEqual({ ids: [1, 2], invalid: 0 });
    expect(parseIdSegment("12")).toEqual({ ids: [12], invalid: 0 });
  });

  it("counts anything else as left out", () => {
    expect(parseIdSegment("abc")).toEqual({ ids: [], invalid: 1 });
    expect(parseIdSegment("1,abc,-3,01,2.0,3")).toEqual({ ids: [1, 3], invalid: 4 });
    expect(parseIdSegment("99999999999")).toEqual({ ids: [], invalid: 1 });
  });

  it("ignores empty parts and duplicates", () => {
    expect(parseIdSegment("1,,2")).toEqual({ ids: [1, 2], invalid: 0 });
    expect(parseIdSegment(",1,2,")).toEqual({ ids: [1, 2], invalid: 0 });
    expect(parseIdSegment("2,1,2,2")).toEqual({ ids: [2, 1], invalid: 0 });
    expect(parseIdSegment("")).toEqual({ ids: [], invalid: 0 });
    expect(parseIdSegment(undefined)).toEqual({ ids: [], invalid: 0 });
  });

  it("takes at most a request's worth of ids", () => {
    const many = Array.from({ length: MAX_RENEWAL_IDS + 5 }, (_, i) => i + 1).join(",");
    const parsed = parseIdSegment(many);
    expect(parsed.ids).toHaveLength(MAX_RENEWAL_IDS);
    expect(parsed.invalid).toBe(5);
    expect(parseIdSegment(",".repeat(100_000) + "1").ids).toEqual([]);
  });

  it("writes ids back as the segment", () => {
    expect(idSegment([3, 1])).toBe("3,1");
  });
});

describe("who may renew", () => {
  it("needs renewal switched on for the person and messaging out of maintenance", () => {
    expect(renewalAllowed({ prescriptionRenewalEnabled: true }, false)).toBe(true);
    expect(renewalAllowed({ prescriptionRenewalEnabled: false }, false)).toBe(false);
    expect(renewalAllowed({ prescriptionRenewalEnabled: true }, true)).toBe(false);
  });
});
