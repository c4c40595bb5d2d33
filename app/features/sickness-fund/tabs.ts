import { href } from "~/route-table";
import type { Lang } from "~/lib/lang";

/**
 * The sickness fund's tabs (spec part 1 §2): each one a page of its own, so the tabs are plain links. The intro is
 * the fund's own address; the others have a Finnish slug in every language, as the content is Finnish.
 */
export const SICKNESS_FUND_TABS = [
  { id: "intro", slug: null },
  { id: "compensation", slug: "korvauskaytannot" },
  { id: "instructions", slug: "ohjeet" },
  { id: "faq", slug: "ukk" },
] as const;

export type SicknessFundTab = (typeof SICKNESS_FUND_TABS)[number]["id"];

/** The tab of an address: no slug is the intro; an unknown slug is no tab (not found). */
export function tabOfSlug(slug: string | undefined): SicknessFundTab | null {
  return SICKNESS_FUND_TABS.find((t) => t.slug === (slug ?? null))?.id ?? null;
}

export function tabHref(tab: SicknessFundTab, lang: Lang): string {
  const slug = SICKNESS_FUND_TABS.find((t) => t.id === tab)!.slug;
  return slug ? href("sicknessFundTab", lang, { tab: slug }) : href("sicknessFund", lang);
}

/** A tab's Finnish content as the page shows it: the fund's texts with the figures already written in. */
export type SicknessFundContent = { heading: string; blocks: ContentBlock[] };

export type CompensationRow = {
  service: string;
  deductible: string;
  maxCompensation: string;
  maxVisits: string;
};

export type ContentBlock =
  | { type: "paragraph"; text: string }
  | { type: "heading"; text: string }
  | { type: "list"; items: string[] }
  | { type: "steps"; items: string[] }
  | { type: "question"; question: string; answer: string[] }
  | {
      type: "compensationTable";
      caption: string;
      columns: { service: string; deductible: string; maxCompensation: string; maxVisits: string };
      rows: CompensationRow[];
    }
  | { type: "serviceHours"; channels: { channel: string; hours: string[] }[] };
