import { NBSP } from "~/lib/format";
import { translator, type TextTree } from "~/lib/translate";
import compensationJson from "./compensation.json";
import contentJson from "./content.json";
import {
  compensationFileSchema,
  contentFileSchema,
  parseDataFile,
  type CompensationFile,
  type CompensationService,
  type ContentFile,
} from "./sickness-fund.schema";
import { SICKNESS_FUND_TABS, type CompensationRow, type SicknessFundContent, type SicknessFundTab } from "./tabs";

// The fund's figures and texts are Finnish whatever the page's language (spec part 1 §2, §9), so they are written
// the Finnish way here: "15 €", "50 %", with a no-break space before the sign.

const EUROS = new Intl.NumberFormat("fi-FI", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
const EUROS_WITH_CENTS = new Intl.NumberFormat("fi-FI", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 2,
});
const PERCENT = new Intl.NumberFormat("fi-FI", { style: "percent", maximumFractionDigits: 2 });

const withNoBreakSpaces = (s: string) => s.replace(/[\s\u202f]/g, NBSP);

/** "15 €" for whole euros, "12,50 €" otherwise. */
export function fundEuros(euros: number): string {
  return withNoBreakSpaces((Number.isInteger(euros) ? EUROS : EUROS_WITH_CENTS).format(euros));
}

/** "50 %" for 50. */
export function fundPercent(percent: number): string {
  return withNoBreakSpaces(PERCENT.format(percent / 100));
}

function compensationRow(s: CompensationService, phrase: ReturnType<typeof translator>, none: string): CompensationRow {
  const deductible =
    s.deductibleEuros !== undefined
      ? fundEuros(s.deductibleEuros)
      : s.deductibleBasis
        ? phrase("deductibleWithBasis", { amount: fundPercent(s.deductiblePercent!), basis: s.deductibleBasis })
        : fundPercent(s.deductiblePercent!);
  const maxCompensation = [
    s.maxCompensationEurosPerVisit !== undefined &&
      phrase("perVisit", { amount: fundEuros(s.maxCompensationEurosPerVisit) }),
    s.maxCompensationEurosPerCalendarYear !== undefined &&
      phrase("perCalendarYear", { amount: fundEuros(s.maxCompensationEurosPerCalendarYear) }),
  ].filter((x): x is string => !!x);
  const maxVisits = [
    s.maxVisitsPerCalendarYear && phrase("visitsPerCalendarYear", { count: s.maxVisitsPerCalendarYear }),
    s.maxVisitsPerYear && phrase("visitsPerYear", { count: s.maxVisitsPerYear }),
    s.maxTimesPerCarePeriod && phrase("timesPerCarePeriod", { count: s.maxTimesPerCarePeriod }),
  ].filter((x): x is string => !!x);
  return {
    service: s.service,
    deductible,
    maxCompensation: maxCompensation.join(", ") || none,
    maxVisits: maxVisits.join(", ") || none,
  };
}

/** A tab's content with the figures written in: the compensation table, the service hours and the reply time. */
export function buildTabContent(
  tab: SicknessFundTab,
  figures: CompensationFile,
  content: ContentFile,
): SicknessFundContent {
  const p = content.phrases;
  const phrase = translator("fi", p as unknown as TextTree);
  const replyTime = phrase("replyTime", { count: figures.messageReplyWorkingDays });
  const fill = (s: string) => s.replace(/\{\{\s*replyTime\s*\}\}/g, replyTime);
  const { heading, blocks } = content.tabs[tab];
  return {
    heading,
    blocks: blocks.map((b) => {
      switch (b.type) {
        case "paragraph":
        case "heading":
          return { type: b.type, text: fill(b.text) };
        case "list":
        case "steps":
          return { type: b.type, items: b.items.map(fill) };
        case "question":
          return { type: b.type, question: fill(b.question), answer: b.answer.map(fill) };
        case "compensationTable":
          return {
            type: b.type,
            caption: p.tableCaption,
            columns: {
              service: p.columnService,
              deductible: p.columnDeductible,
              maxCompensation: p.columnMaxCompensation,
              maxVisits: p.columnMaxVisits,
            },
            rows: figures.services.map((s) => compensationRow(s, phrase, p.noLimit)),
          };
        case "serviceHours":
          return {
            type: b.type,
            channels: figures.serviceHours.map((c) => ({
              channel: c.channel,
              hours: c.hours.map((h) => phrase("serviceHours", { days: h.days, from: h.from, to: h.to })),
            })),
          };
      }
    }),
  };
}

const FIGURES = parseDataFile(compensationFileSchema, "app/features/sickness-fund/compensation.json", compensationJson);
const CONTENT = parseDataFile(contentFileSchema, "app/features/sickness-fund/content.json", contentJson);

/** Every tab built once, at load: a mistake in either data file stops the server from starting, naming it. */
const TAB_CONTENT = Object.fromEntries(
  SICKNESS_FUND_TABS.map((t) => [t.id, buildTabContent(t.id, FIGURES, CONTENT)]),
) as Record<SicknessFundTab, SicknessFundContent>;

export function tabContent(tab: SicknessFundTab): SicknessFundContent {
  return TAB_CONTENT[tab];
}
