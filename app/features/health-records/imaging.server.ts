import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { reportError } from "~/.server/error-reporting";
import type { Lang } from "~/lib/lang";
import { dayText } from "./referrals.server";

// Imaging results (spec part 2 §2 "Imaging", §3): by imaging day. The results' source may answer with a temporary
// error for a person (record_source_faults); then the results are "temporarily unavailable", never an empty list.

const visible = (personId: string) =>
  and(eq(s.imagingResults.personId, personId), eq(s.imagingResults.viewRestriction, "patient"));

async function sourceAtFault(db: Database, personId: string): Promise<boolean> {
  const [fault] = await db
    .select({ personId: s.recordSourceFaults.personId })
    .from(s.recordSourceFaults)
    .where(and(eq(s.recordSourceFaults.personId, personId), eq(s.recordSourceFaults.source, "imaging-results")))
    .limit(1);
  return !!fault;
}

/** A day with imaging results, as the list shows it. */
export type ImagingDay = { date: string; dateText: string; examinations: string[] };

/** Days with results, newest first, each with its examinations in the order the rows come. */
export function groupImagingDays(
  rows: readonly { imagingDate: string; examinationName: string }[],
  lang: Lang,
): ImagingDay[] {
  const byDay = new Map<string, string[]>();
  for (const r of rows) byDay.set(r.imagingDate, [...(byDay.get(r.imagingDate) ?? []), r.examinationName]);
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([date, examinations]) => ({ date, dateText: dayText(date, lang), examinations }));
}

export type ImagingResultsState = { state: "ok"; days: ImagingDay[] } | { state: "unavailable" };

/**
 * The list's results section. A fault of the source, or a failure while reading, makes the section temporarily
 * unavailable (the failure is reported); the referrals beside it are not affected.
 */
export async function imagingResultDays(db: Database, personId: string, lang: Lang): Promise<ImagingResultsState> {
  try {
    if (await sourceAtFault(db, personId)) return { state: "unavailable" };
    const rows = await db
      .select({ imagingDate: s.imagingResults.imagingDate, examinationName: s.imagingResults.examinationName })
      .from(s.imagingResults)
      .where(visible(personId))
      .orderBy(desc(s.imagingResults.imagingDate), asc(s.imagingResults.id));
    return { state: "ok", days: groupImagingDays(rows, lang) };
  } catch (error) {
    reportError(error, { area: "imaging-results" });
    return { state: "unavailable" };
  }
}

export type ImagingResult = { id: number; examinationName: string; dateText: string; statementText: string | null };

/** The person's results of one imaging day (empty when there are none), or "unavailable" while the source is at fault. */
export async function imagingResultsOn(
  db: Database,
  personId: string,
  date: string,
  lang: Lang,
): Promise<ImagingResult[] | "unavailable"> {
  if (await sourceAtFault(db, personId)) return "unavailable";
  const rows = await db
    .select({
      id: s.imagingResults.id,
      examinationName: s.imagingResults.examinationName,
      statementText: s.imagingResults.statementText,
    })
    .from(s.imagingResults)
    .where(and(visible(personId), eq(s.imagingResults.imagingDate, date)))
    .orderBy(asc(s.imagingResults.id));
  const dateText = dayText(date, lang);
  return rows.map((r) => ({ ...r, dateText, statementText: r.statementText?.trim() || null }));
}
