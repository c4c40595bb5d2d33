import { describe, expect, it } from "vitest";
import { NBSP } from "~/lib/format";
import compensationJson from "./compensation.json";
import contentJson from "./content.json";
import { buildTabContent, fundEuros, fundPercent } from "./fund-content";
import {
  compensationFileSchema,
  contentFileSchema,
  parseDataFile,
  type CompensationFile,
} from "./sickness-fund.schema";
import { SICKNESS_FUND_TABS, tabHref, tabOfSlug, type ContentBlock } from "./tabs";

const FILE = "compensation.json";
const figures = () => structuredClone(compensationJson) as CompensationFile;
const content = () => contentFileSchema.parse(structuredClone(contentJson));
const spaced = (s: string) => s.replaceAll(NBSP, " ");

function tableOf(file: CompensationFile) {
  const block = buildTabContent("compensation", file, content()).blocks.find((b) => b.type === "compensationTable");
  if (block?.type !== "compensationTable") throw new Error("no compensation table");
  return block.rows.map((r) => [r.service, r.deductible, r.maxCompensation, r.maxVisits].map(spaced));
}

/** The mistakes the schema finds in the shipped file changed by `change`. */
function mistakes(change: (file: Record<string, any>) => void): string {
  const file = structuredClone(compensationJson) as Record<string, any>;
  change(file);
  const result = compensationFileSchema.safeParse(file);
  return result.success ? "" : JSON.stringify(result.error.issues);
}

describe("the sickness fund's figures file (compensation.json)", () => {
  it("is valid as shipped, and holds the spec's figures (part 1 §9)", () => {
    const file = parseDataFile(compensationFileSchema, FILE, compensationJson);
    expect(file.services).toEqual([
      { service: "Sairaanhoitajan vastaanotto", deductibleEuros: 5 },
      { service: "Yleislääkärin vastaanotto", deductibleEuros: 15, maxVisitsPerCalendarYear: 12 },
      {
        service: "Erikoislääkärin vastaanotto",
        deductiblePercent: 50,
        maxCompensationEurosPerVisit: 200,
        maxVisitsPerYear: 2,
      },
      {
        service: "Toimenpiteet",
        deductiblePercent: 50,
        deductibleBasis: "laitososuudesta",
        maxCompensationEurosPerVisit: 300,
      },
      { service: "Laboratorio- ja kuvantamistutkimukset", deductiblePercent: 50 },
      { service: "Lyhytpsykoterapia", deductiblePercent: 0, maxTimesPerCarePeriod: 10 },
      { service: "Fysioterapia", deductiblePercent: 50, maxCompensationEurosPerCalendarYear: 500 },
    ]);
    expect(file.serviceHours).toEqual([
      {
        channel: "Puhelinpalvelu",
        hours: [
          { days: "arkisin", from: "7", to: "21" },
          { days: "viikonloppuisin ja pyhäpäivinä", from: "9", to: "18" },
        ],
      },
      {
        channel: "Chat",
        hours: [
          { days: "arkisin", from: "8", to: "20" },
          { days: "viikonloppuisin", from: "10", to: "16" },
        ],
      },
    ]);
    expect(file.messageReplyWorkingDays).toBe(1);
    // The file explains itself to whoever edits it.
    expect(file._help?.join(" ")).toContain("deductibleEuros");
  });

  it("refuses the mistakes an editor could make, naming the place", () => {
    expect(mistakes(() => {})).toBe("");
    // Both deductibles, or none.
    expect(mistakes((f) => (f.services[0].deductiblePercent = 10))).toContain("täsmälleen yksi omavastuu");
    expect(mistakes((f) => delete f.services[0].deductibleEuros)).toContain("täsmälleen yksi omavastuu");
    // A misspelt key is not silently ignored.
    expect(mistakes((f) => (f.services[1].maxVisitsPerCalenderYear = 12))).toContain("maxVisitsPerCalenderYear");
    expect(mistakes((f) => (f.services[0].deductibleEuros = -5))).toContain('"services",0,"deductibleEuros"');
    expect(mistakes((f) => (f.services[0].deductibleEuros = "5"))).toContain("deductibleEuros");
    expect(mistakes((f) => (f.services[2].deductiblePercent = 150))).toContain("deductiblePercent");
    expect(mistakes((f) => (f.services[1].maxVisitsPerCalendarYear = 12.5))).toContain("maxVisitsPerCalendarYear");
    expect(mistakes((f) => (f.services[0].deductibleBasis = "laitososuudesta"))).toContain("deductibleBasis");
    expect(mistakes((f) => (f.services[0].service = " "))).toContain("service");
    expect(mistakes((f) => (f.serviceHours[0].hours[0].from = "7:00"))).toContain("Kellonaika");
    expect(mistakes((f) => (f.serviceHours[0].hours[0].to = "6"))).toContain("from on oltava ennen to");
    expect(mistakes((f) => (f.messageReplyWorkingDays = 0))).toContain("messageReplyWorkingDays");
    expect(mistakes((f) => (f.services = []))).toContain("services");
  });

  it("accepts what an editor may change: cents, half hours, other limits", () => {
    expect(
      mistakes((f) => {
        f.services[0].deductibleEuros = 7.5;
        f.serviceHours[1].hours[0] = { days: "arkisin", from: "7.30", to: "20.45" };
        f.services[4].maxVisitsPerCalendarYear = 3;
      }),
    ).toBe("");
  });

  it("names the file and each mistake when it is not valid", () => {
    const broken = { ...figures(), messageReplyWorkingDays: "one" };
    expect(() => parseDataFile(compensationFileSchema, FILE, broken)).toThrow(
      /^compensation\.json ei kelpaa \(is not valid\):\n[\s\S]*messageReplyWorkingDays/,
    );
  });
});

describe("the sickness fund's texts file (content.json)", () => {
  it("is valid as shipped, with all four tabs", () => {
    const file = parseDataFile(contentFileSchema, "content.json", contentJson);
    expect(Object.keys(file.tabs)).toEqual(SICKNESS_FUND_TABS.map((t) => t.id));
    const types = file.tabs.compensation.blocks.map((b) => b.type);
    expect(types).toContain("compensationTable");
    expect(types).toContain("serviceHours");
  });

  it("refuses a figure written into the prose, an unknown block and a missing tab", () => {
    const withFigure = content();
    withFigure.tabs.intro.blocks[0] = { type: "paragraph", text: "Omavastuu on {{deductible}}." };
    expect(contentFileSchema.safeParse(withFigure).error?.message).toContain("{{replyTime}}");
    const unknownBlock = structuredClone(contentJson) as Record<string, any>;
    unknownBlock.tabs.faq.blocks.push({ type: "video", url: "x" });
    expect(contentFileSchema.safeParse(unknownBlock).success).toBe(false);
    const noFaq = structuredClone(contentJson) as Record<string, any>;
    delete noFaq.tabs.faq;
    expect(contentFileSchema.safeParse(noFaq).success).toBe(false);
  });
});

describe("the fund's figures written the Finnish way", () => {
  it("writes euros without cents when whole, with a no-break space before the sign", () => {
    expect(fundEuros(15)).toBe(`15${NBSP}€`);
    expect(fundEuros(5)).toBe(`5${NBSP}€`);
    expect(fundEuros(7.5)).toBe(`7,50${NBSP}€`);
    expect(fundEuros(1500)).toBe(`1${NBSP}500${NBSP}€`);
    expect(fundEuros(0)).toBe(`0${NBSP}€`);
  });

  it("writes percentages with a no-break space", () => {
    expect(fundPercent(50)).toBe(`50${NBSP}%`);
    expect(fundPercent(0)).toBe(`0${NBSP}%`);
    expect(fundPercent(12.5)).toBe(`12,5${NBSP}%`);
  });
});

describe("a tab's content", () => {
  it("turns the figures into the table's rows", () => {
    expect(tableOf(figures())).toEqual([
      ["Sairaanhoitajan vastaanotto", "5 €", "–", "–"],
      ["Yleislääkärin vastaanotto", "15 €", "–", "12 käyntiä kalenterivuodessa"],
      ["Erikoislääkärin vastaanotto", "50 %", "200 € / käynti", "2 käyntiä vuodessa"],
      ["Toimenpiteet", "50 % laitososuudesta", "300 € / käynti", "–"],
      ["Laboratorio- ja kuvantamistutkimukset", "50 %", "–", "–"],
      ["Lyhytpsykoterapia", "0 %", "–", "10 kertaa hoitojaksossa"],
      ["Fysioterapia", "50 %", "500 € / kalenterivuosi", "–"],
    ]);
  });

  it("follows a changed figure, in the singular where it is one, and lists several limits", () => {
    const file = figures();
    file.services[1].maxVisitsPerCalendarYear = 1;
    file.services[5].maxTimesPerCarePeriod = 1;
    file.services[2].maxVisitsPerYear = 1;
    file.services[6].maxCompensationEurosPerVisit = 40;
    file.services[0].deductibleEuros = 7.5;
    const rows = tableOf(file);
    expect(rows[0][1]).toBe("7,50 €");
    expect(rows[1][3]).toBe("1 käynti kalenterivuodessa");
    expect(rows[2][3]).toBe("1 käynti vuodessa");
    expect(rows[5][3]).toBe("1 kerta hoitojaksossa");
    expect(rows[6][2]).toBe("40 € / käynti, 500 € / kalenterivuosi");
  });

  it("writes the service hours and the reply time into the texts", () => {
    const compensation = buildTabContent("compensation", figures(), content());
    const hours = compensation.blocks.find((b) => b.type === "serviceHours");
    expect(hours).toEqual({
      type: "serviceHours",
      channels: [
        { channel: "Puhelinpalvelu", hours: ["arkisin klo 7–21", "viikonloppuisin ja pyhäpäivinä klo 9–18"] },
        { channel: "Chat", hours: ["arkisin klo 8–20", "viikonloppuisin klo 10–16"] },
      ],
    });

    const text = (blocks: ContentBlock[]) => JSON.stringify(blocks);
    const intro = buildTabContent("intro", figures(), content());
    expect(intro.heading).toBe("Sairauskassa lyhyesti");
    expect(text(intro.blocks)).toContain("viesteihin yhden arkipäivän kuluessa.");
    const slower = { ...figures(), messageReplyWorkingDays: 3 };
    expect(text(buildTabContent("faq", slower, content()).blocks)).toContain("viesteihin 3 arkipäivän kuluessa.");
    for (const { id } of SICKNESS_FUND_TABS)
      expect(text(buildTabContent(id, figures(), content()).blocks), id).not.toContain("{{");
  });
});

describe("the tabs' addresses", () => {
  it("reads the intro from no slug and the others from their Finnish slugs", () => {
    expect(tabOfSlug(undefined)).toBe("intro");
    expect(tabOfSlug("korvauskaytannot")).toBe("compensation");
    expect(tabOfSlug("ohjeet")).toBe("instructions");
    expect(tabOfSlug("ukk")).toBe("faq");
    for (const unknown of ["", "esittely", "faq", "UKK", "12"]) expect(tabOfSlug(unknown), unknown).toBeNull();
  });

  it("links each tab in every language with the same Finnish slug", () => {
    expect(tabHref("intro", "fi")).toBe("/fi/sairauskassa");
    expect(tabHref("compensation", "sv")).toBe("/sv/sairauskassa/korvauskaytannot");
    expect(tabHref("faq", "en")).toBe("/en/sairauskassa/ukk");
    for (const { id } of SICKNESS_FUND_TABS) expect(tabOfSlug(tabHref(id, "fi").split("/")[3])).toBe(id);
  });
});
