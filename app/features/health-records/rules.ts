import type { LabTestStatus } from "~/.server/db/schema/health";
import { formatDate, helsinkiToday, weekdayName } from "~/lib/format";
import type { Lang } from "~/lib/lang";

// The rules of health records (spec part 2 §4, §9): referral validity and its hint, laboratory readiness and the
// reference range in words. Pure functions over calendar days (YYYY-MM-DD, Helsinki) and a given `now`.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Whether a string is a real calendar day YYYY-MM-DD (a page's `:date` segment). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export type ReferralStatus = "valid" | "expired";

/** A referral is valid until the end of its `validUntil` day (Helsinki), otherwise shown as not valid. */
export function referralStatus(validUntil: string, now: Date): ReferralStatus {
  return daysBetween(helsinkiToday(now), validUntil) >= 0 ? "valid" : "expired";
}

/**
 * How soon a valid referral runs out (spec part 2 §9): only when 0–30 days remain; "today" at 0, tomorrow's weekday
 * at 1, whole weeks when more than 7 and fewer than 27 days remain, else the date.
 */
export type ValidityHint =
  | { kind: "today" }
  | { kind: "tomorrow"; weekday: string }
  | { kind: "weeks"; weeks: number }
  | { kind: "date"; date: string };

export function validityHint(validUntil: string, now: Date, lang: Lang): ValidityHint | null {
  const days = daysBetween(helsinkiToday(now), validUntil);
  if (days < 0 || days > 30) return null;
  // Noon UTC is the same calendar day in Helsinki.
  const day = new Date(`${validUntil}T12:00:00Z`);
  if (days === 0) return { kind: "today" };
  if (days === 1) return { kind: "tomorrow", weekday: weekdayName(day, lang) };
  if (days > 7 && days < 27) return { kind: "weeks", weeks: Math.floor(days / 7) };
  return { kind: "date", date: formatDate(day, lang) };
}

/** A day's laboratory results are ready when every item is ready, else pending (spec part 2 §4). */
export function labReadiness(items: readonly { status: LabTestStatus }[]): "ready" | "pending" {
  return items.every((i) => i.status === "ready") ? "ready" : "pending";
}

/** Where a numeric result lies against its reference range; null when there is no range to compare with. */
export type RangePosition = "below" | "within" | "above";

export function rangePosition(value: number, min: number | null, max: number | null): RangePosition | null {
  if (min === null && max === null) return null;
  if (min !== null && value < min) return "below";
  if (max !== null && value > max) return "above";
  return "within";
}

/** A number as the language writes it: a decimal comma in Finnish and Swedish. */
export function formatResultNumber(value: number, lang: Lang): string {
  const text = String(value);
  return lang === "en" ? text.replace("-", "−") : text.replace(".", ",").replace("-", "−");
}

/** The reference range as text: "3,5–5,1", "> 0,5" or "< 3,6"; null without either limit. */
export function formatRange(min: number | null, max: number | null, lang: Lang): string | null {
  if (min !== null && max !== null) return `${formatResultNumber(min, lang)}–${formatResultNumber(max, lang)}`;
  if (min !== null) return `≥ ${formatResultNumber(min, lang)}`;
  if (max !== null) return `≤ ${formatResultNumber(max, lang)}`;
  return null;
}
