/**
 * The rules of the booking search's calendar of free days (spec part 2: "Calendar range runs from the start of the
 * first week of the month to the end of the last week"; weeks start on Monday). Dates are Helsinki calendar dates
 * as `YYYY-MM-DD`, so no time zone enters here.
 */

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first day of `date`'s month. */
export function monthOf(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The first day of the month `months` after `month` (negative: before). */
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

/** 0 for Monday … 6 for Sunday. */
export function weekday(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The month's grid: whole weeks, Monday first, from the week of the 1st to the week of the last day. */
export function monthGrid(month: string): string[][] {
  const first = monthOf(month);
  const last = addDays(addMonths(first, 1), -1);
  const start = addDays(first, -weekday(first));
  const end = addDays(last, 6 - weekday(last));
  const weeks: string[][] = [];
  for (let day = start; day <= end; day = addDays(day, 7))
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)));
  return weeks;
}

/** The keys of the WAI-ARIA date picker's grid, and where each moves the focused day. */
export function moveFocus(date: string, key: string): string | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(date, -1);
    case "ArrowRight":
      return addDays(date, 1);
    case "ArrowUp":
      return addDays(date, -7);
    case "ArrowDown":
      return addDays(date, 7);
    case "Home":
      return addDays(date, -weekday(date));
    case "End":
      return addDays(date, 6 - weekday(date));
    case "PageUp":
      return sameDayIn(date, -1);
    case "PageDown":
      return sameDayIn(date, 1);
    default:
      return null;
  }
}

/** The same day of the month `months` away, or that month's last day when it is shorter (31 Jan → 28 Feb). */
function sameDayIn(date: string, months: number): string {
  const month = addMonths(monthOf(date), months);
  const last = addDays(addMonths(month, 1), -1);
  const day = `${month.slice(0, 8)}${date.slice(8)}`;
  return day > last ? last : day;
}

/** A date kept within [min, max]. */
export function clampDate(date: string, min: string, max: string): string {
  return date < min ? min : date > max ? max : date;
}

/** How far ahead the calendar can be paged: a year from this month. */
export const CALENDAR_MONTHS_AHEAD = 12;
