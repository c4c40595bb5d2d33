import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import type { LabTestStatus } from "~/.server/db/schema/health";
import type { Lang } from "~/lib/lang";
import { dayText } from "./referrals.server";
import { formatRange, formatResultNumber, labReadiness, rangePosition, type RangePosition } from "./rules";

// Laboratory results (spec part 2 §2 "Laboratory", §3, §4): the days with results, and one day's tests and test
// packages. A customer sees only rows released to patients.

const visible = (personId: string) =>
  and(eq(s.labResults.personId, personId), eq(s.labResults.viewRestriction, "patient"));

/** A day with results, as the list shows it. */
export type LabDay = { date: string; dateText: string; readiness: "ready" | "pending"; testCount: number };

/** Days with results, newest first, from rows in any order: each day's readiness over all of its tests. */
export function groupLabDays(rows: readonly { sampledOn: string; status: LabTestStatus }[], lang: Lang): LabDay[] {
  const byDay = new Map<string, { status: LabTestStatus }[]>();
  for (const r of rows) {
    const items = byDay.get(r.sampledOn) ?? [];
    items.push(r);
    byDay.set(r.sampledOn, items);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([date, items]) => ({
      date,
      dateText: dayText(date, lang),
      readiness: labReadiness(items),
      testCount: items.length,
    }));
}

export async function labResultDays(db: Database, personId: string, lang: Lang): Promise<LabDay[]> {
  const rows = await db
    .select({ sampledOn: s.labResults.sampledOn, status: s.labResults.status })
    .from(s.labResults)
    .where(visible(personId))
    .orderBy(desc(s.labResults.sampledOn));
  return groupLabDays(rows, lang);
}

/**
 * Where a result lies against its reference range when it carries a comparison ("< 3": the true value is below 3).
 * Then it is known only when the comparison settles it: "< 3" against "≤ 10" is within, "< 3" against "5–10" below,
 * but "< 6" against "5–10" could be either, and no assessment is better than a wrong one.
 */
export function assessResult(
  prefix: string | null,
  value: number,
  min: number | null,
  max: number | null,
): RangePosition | null {
  const position = rangePosition(value, min, max);
  const p = prefix?.trim() ?? "";
  if (position === null || p === "") return position;
  const strict = p === "<" || p === ">";
  if (p === "<" || p === "<=" || p === "≤") {
    if (position === "below") return "below";
    if (position === "within" && min === null) return "within";
    if (position === "within" && strict && value === min) return "below";
    return null;
  }
  if (p === ">" || p === ">=" || p === "≥") {
    if (position === "above") return "above";
    if (position === "within" && max === null) return "within";
    if (position === "within" && strict && value === max) return "above";
    return null;
  }
  return position;
}

/** One test as the result page shows it; numbers already written the language's way. */
export type LabTest = {
  id: number;
  name: string;
  /** Ordered but not yet sampled, sampled and waiting for its result, or ready. */
  status: LabTestStatus;
  isReady: boolean;
  /** "112", "< 3" or a text result as it is; null while pending or when there is none. */
  result: string | null;
  isNumeric: boolean;
  unit: string | null;
  /** "117–155", "≤ 10"; null without a range. */
  range: string | null;
  position: RangePosition | null;
  additionalResult: string | null;
  description: string | null;
};

/** A single test, or a package of tests (e.g. a basic blood count) with counts for its summary line. */
export type LabEntry =
  | { kind: "test"; test: LabTest }
  | { kind: "package"; code: string; name: string; tests: LabTest[]; pending: number; outside: number };

export type LabResultRow = {
  id: number;
  code: string;
  displayName: string;
  status: LabTestStatus;
  resultText: string | null;
  resultNumber: string | null;
  unit: string | null;
  referenceMin: string | null;
  referenceMax: string | null;
  prefix: string | null;
  additionalResult: string | null;
  description: string | null;
  packageCode: string | null;
  packageName: string | null;
};

/** A numeric column's value (node-postgres and PGlite give numerics as text), or null. */
function numberOf(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

const text = (value: string | null) => value?.trim() || null;

export function toLabTest(row: LabResultRow, lang: Lang): LabTest {
  const min = numberOf(row.referenceMin);
  const max = numberOf(row.referenceMax);
  const isReady = row.status === "ready";
  const value = isReady ? numberOf(row.resultNumber) : null;
  const prefix = text(row.prefix);
  const numeric = value !== null;
  const result = !isReady
    ? null
    : numeric
      ? `${prefix ? `${prefix} ` : ""}${formatResultNumber(value, lang)}`
      : text(row.resultText);
  return {
    id: row.id,
    name: row.displayName,
    status: row.status,
    isReady,
    result,
    isNumeric: numeric,
    unit: text(row.unit),
    range: formatRange(min, max, lang),
    position: numeric ? assessResult(prefix, value, min, max) : null,
    additionalResult: isReady ? text(row.additionalResult) : null,
    description: text(row.description),
  };
}

/**
 * The day's tests as single tests and packages, in the order they were recorded; a package stands where its first
 * test would, with its tests in their own order.
 */
export function groupLabEntries(rows: readonly LabResultRow[], lang: Lang): LabEntry[] {
  const entries: LabEntry[] = [];
  const packages = new Map<string, Extract<LabEntry, { kind: "package" }>>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const test = toLabTest(row, lang);
    if (!row.packageCode) {
      entries.push({ kind: "test", test });
      continue;
    }
    let pkg = packages.get(row.packageCode);
    if (!pkg) {
      pkg = {
        kind: "package",
        code: row.packageCode,
        name: text(row.packageName) ?? row.packageCode,
        tests: [],
        pending: 0,
        outside: 0,
      };
      packages.set(row.packageCode, pkg);
      entries.push(pkg);
    }
    pkg.tests.push(test);
    if (!test.isReady) pkg.pending++;
    if (test.position === "below" || test.position === "above") pkg.outside++;
  }
  return entries;
}

export type LabResultDay = {
  date: string;
  dateText: string;
  readiness: "ready" | "pending";
  entries: LabEntry[];
};

/** One day's results of the person; null when the person has none released to patients that day. */
export async function labResultDay(
  db: Database,
  personId: string,
  date: string,
  lang: Lang,
): Promise<LabResultDay | null> {
  const rows = await db
    .select({
      id: s.labResults.id,
      code: s.labResults.code,
      displayName: s.labResults.displayName,
      status: s.labResults.status,
      resultText: s.labResults.resultText,
      resultNumber: s.labResults.resultNumber,
      unit: s.labResults.unit,
      referenceMin: s.labResults.referenceMin,
      referenceMax: s.labResults.referenceMax,
      prefix: s.labResults.prefix,
      additionalResult: s.labResults.additionalResult,
      description: s.labResults.description,
      packageCode: s.labResults.packageCode,
      packageName: s.labResults.packageName,
    })
    .from(s.labResults)
    .where(and(visible(personId), eq(s.labResults.sampledOn, date)))
    .orderBy(asc(s.labResults.id));
  if (rows.length === 0) return null;
  return {
    date,
    dateText: dayText(date, lang),
    readiness: labReadiness(rows),
    entries: groupLabEntries(rows, lang),
  };
}
