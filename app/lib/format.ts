/**
 * Display formatting for dates, times and money, always in the Europe/Helsinki time zone.
 *
 * Only the built-in `Intl` API is used, so the module runs the same on the server and in the
 * browser. Where the locale data of `Intl` differs between engines/ICU versions (or from the
 * portal's own conventions) the output is assembled from numeric parts instead of relying on the
 * locale's default pattern. The conventions are:
 *
 * | lang | date            | time    | date + time               |
 * | ---- | --------------- | ------- | ------------------------- |
 * | fi   | 21.11.2026      | 14.05   | 21.11.2026 klo 14.05      |
 * | sv   | 21.11.2026      | 14:05   | 21.11.2026 kl. 14:05      |
 * | en   | 21 November 2026| 14:05   | 21 November 2026 at 14:05 |
 *
 * - Dates in fi and sv are D.M.YYYY without leading zeros (Finnish and Finland-Swedish usage).
 * - Times are always 24-hour with a two-digit hour. Finnish uses a full stop between hours and
 *   minutes (the Finnish standard convention); Swedish and English use a colon. Note that
 *   `Intl` gives "14.05" for sv-FI, so the separator is chosen here rather than taken from Intl.
 * - Weeks start on Monday: `helsinkiDateParts().weekday` is 1 = Monday ... 7 = Sunday.
 * - Money uses the locale's own currency pattern ("28,20 €" in fi/sv, "€28.20" in en). The
 *   space characters Intl puts into amounts vary by engine and ICU version (U+00A0 NO-BREAK
 *   SPACE, U+202F NARROW NO-BREAK SPACE, sometimes U+2009 THIN SPACE); all of them are
 *   normalised to U+00A0 so that "1 000,00 €" never wraps and always compares equal. The minus
 *   sign U+2212 used by fi/sv is normalised to ASCII "-" so that negative amounts look the same
 *   in every language and engine.
 */
import type { Lang } from "./lang";

export const TIME_ZONE = "Europe/Helsinki";

/** U+00A0 NO-BREAK SPACE, the only space character money strings contain. */
export const NBSP = "\u00a0";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Intl locale used for each portal language (names of weekdays/months and number patterns). */
const LOCALES: Record<Lang, string> = { fi: "fi-FI", sv: "sv-FI", en: "en-GB" };

export type HelsinkiDateParts = {
  year: number;
  month: number; // 1-12
  day: number; // 1-31
  hour: number; // 0-23
  minute: number; // 0-59
  weekday: number; // 1 = Monday ... 7 = Sunday
};

// Creating Intl formatters is comparatively expensive, so they are created once and reused.
let partsFormatter: Intl.DateTimeFormat | undefined;
const moneyFormatters = new Map<Lang, Intl.NumberFormat>();

function getPartsFormatter(): Intl.DateTimeFormat {
  partsFormatter ??= new Intl.DateTimeFormat("en-US", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    // h23 rather than hour12: false, because some engines render midnight as "24" with the latter.
    hourCycle: "h23",
  });
  return partsFormatter;
}

function assertValidDate(d: Date): void {
  if (!(d instanceof Date) || Number.isNaN(d.getTime())) {
    throw new RangeError("Invalid date");
  }
}

/** Wall-clock fields of the instant `d` in Helsinki, by the Intl time-zone data (slow; see wallClock). */
function intlWallClock(d: Date): HelsinkiDateParts & { second: number } {
  const fields: Record<string, number> = {};
  for (const part of getPartsFormatter().formatToParts(d)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  const { year, month, day, minute, second } = fields;
  const hour = fields.hour === 24 ? 0 : fields.hour; // defensive, see hourCycle above
  // Date.UTC is used purely as a calendar here; getUTCDay() is 0 = Sunday ... 6 = Saturday.
  const weekday = ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
  return { year, month, day, hour, minute, second, weekday };
}

/** Helsinki's UTC offset per UTC hour: it changes only on the hour (01:00 UTC in March and October). */
const offsetByHour = new Map<number, number>();

function offsetInHour(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const w = intlWallClock(new Date(hour * HOUR_MS));
    offset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - hour * HOUR_MS;
    if (offsetByHour.size > 50_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/**
 * Wall-clock fields of the instant `d` in Helsinki, including seconds (internal): the UTC fields of the instant
 * moved by the hour's offset, which is looked up in the time-zone data once per hour (pages format many dates).
 */
function wallClock(d: Date): HelsinkiDateParts & { second: number } {
  assertValidDate(d);
  const ms = d.getTime();
  const local = new Date(ms + offsetInHour(ms));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    weekday: ((local.getUTCDay() + 6) % 7) + 1,
  };
}

/** Calendar date and wall-clock time of `d` in Helsinki. Weekday: 1 = Monday ... 7 = Sunday. */
export function helsinkiDateParts(d: Date): HelsinkiDateParts {
  const { year, month, day, hour, minute, weekday } = wallClock(d);
  return { year, month, day, hour, minute, weekday };
}

/** Today's calendar day in Helsinki as YYYY-MM-DD, at `now`. */
export function helsinkiToday(now: Date): string {
  const p = helsinkiDateParts(now);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** Helsinki's offset from UTC in milliseconds at the instant `ms` (+2 h in winter, +3 h in summer). */
function helsinkiOffsetMs(ms: number): number {
  const w = wallClock(new Date(ms));
  const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  // Ignore sub-second precision; the offset itself is a whole number of minutes.
  return wallAsUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The instant at which the Helsinki calendar day containing `d` starts (00:00 local time).
 * DST-correct: Finland switches clocks at 03:00/04:00 local time, so midnight always exists
 * exactly once, but its UTC offset differs between winter (22:00Z) and summer (21:00Z).
 */
export function startOfHelsinkiDay(d: Date): Date {
  const { year, month, day } = wallClock(d);
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  // First guess with the offset at the naive instant, then correct it with the offset at the
  // guess itself (they differ only when a DST change lies between the two instants).
  let guess = midnightAsUtc - helsinkiOffsetMs(midnightAsUtc);
  guess = midnightAsUtc - helsinkiOffsetMs(guess);
  return new Date(guess);
}

/** Number of the Helsinki calendar day of `d`, counted from 1970-01-01; for day differences. */
function helsinkiDayNumber(d: Date): number {
  const { year, month, day } = wallClock(d);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

function capitalise(s: string): string {
  return s.charAt(0).toLocaleUpperCase() + s.slice(1);
}

/** The names of a date's parts that the pages show, as Intl options. */
const DATE_PARTS = {
  month: { month: "long" },
  monthYear: { month: "long", year: "numeric" },
  weekday: { weekday: "long" },
  weekdayShort: { weekday: "short" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Helsinki-time formatters by part and language, made once each (an Intl.DateTimeFormat is costly to create). */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(lang: Lang, part: keyof typeof DATE_PARTS): Intl.DateTimeFormat {
  const key = `${lang}:${part}`;
  let f = dateFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALES[lang], { timeZone: TIME_ZONE, ...DATE_PARTS[part] });
    dateFormatters.set(key, f);
  }
  return f;
}

function monthName(d: Date, lang: Lang): string {
  return dateFormatter(lang, "month").format(d);
}

/** The month and year of `d` in Helsinki as a heading: "Marraskuu 2026", "November 2026". */
export function monthYearTitle(d: Date, lang: Lang): string {
  return capitalise(dateFormatter(lang, "monthYear").format(d));
}

/** Short weekday name of `d` in Helsinki: "ma", "mån", "Mon". */
export function weekdayShortName(d: Date, lang: Lang): string {
  return dateFormatter(lang, "weekdayShort").format(d);
}

/** Weekday name of `d` in Helsinki in the given language, e.g. "lauantai", "lördag", "Saturday". */
export function weekdayName(d: Date, lang: Lang): string {
  return dateFormatter(lang, "weekday").format(d);
}

/** "21.11.2026" (fi, sv) or "21 November 2026" (en). */
export function formatDate(d: Date, lang: Lang): string {
  const { year, month, day } = wallClock(d);
  if (lang === "en") return `${day} ${monthName(d, lang)} ${year}`;
  return `${day}.${month}.${year}`;
}

/** "14.05" (fi) or "14:05" (sv, en); 24-hour clock with a two-digit hour. */
export function formatTime(d: Date, lang: Lang): string {
  const { hour, minute } = wallClock(d);
  const separator = lang === "fi" ? "." : ":";
  return `${pad2(hour)}${separator}${pad2(minute)}`;
}

/** "21.11.2026 klo 14.05" (fi), "21.11.2026 kl. 14:05" (sv), "21 November 2026 at 14:05" (en). */
export function formatDateTime(d: Date, lang: Lang): string {
  const joiner = { fi: "klo", sv: "kl.", en: "at" }[lang];
  return `${formatDate(d, lang)} ${joiner} ${formatTime(d, lang)}`;
}

const TODAY: Record<Lang, string> = { fi: "Tänään", sv: "I dag", en: "Today" };
const TOMORROW: Record<Lang, string> = { fi: "Huomenna", sv: "I morgon", en: "Tomorrow" };

/**
 * Date label for calendars and appointment lists: "Tänään" / "I dag" / "Today" and
 * "Huomenna" / "I morgon" / "Tomorrow" when `d` falls on the current or next Helsinki calendar
 * day, otherwise the weekday and the date: "Lauantai, 21.11.2026", "Lördag, 21.11.2026",
 * "Saturday, 21 November 2026". The weekday is capitalised because it starts the label.
 */
export function formatCalendarDate(d: Date, now: Date, lang: Lang): string {
  const dayDiff = helsinkiDayNumber(d) - helsinkiDayNumber(now);
  if (dayDiff === 0) return TODAY[lang];
  if (dayDiff === 1) return TOMORROW[lang];
  return `${capitalise(weekdayName(d, lang))}, ${formatDate(d, lang)}`;
}

const UNITS: Record<Lang, { minute: string; hour: string; day: string }> = {
  fi: { minute: "min", hour: "t", day: "pv" },
  sv: { minute: "min", hour: "tim", day: "d" },
  en: { minute: "min", hour: "h", day: "d" },
};

/**
 * The distance between `date` and `now` as a shortened amount in the largest whole unit:
 * "5 min", "3 t", "2 pv" (fi); "5 min", "3 tim", "2 d" (sv); "5 min", "3 h", "2 d" (en).
 * Amounts are rounded down and the direction (past or future) is not shown; under a minute
 * gives "0 min".
 */
export function formatRelativeShort(date: Date, now: Date, lang: Lang): string {
  assertValidDate(date);
  assertValidDate(now);
  const diff = Math.abs(now.getTime() - date.getTime());
  const units = UNITS[lang];
  if (diff < HOUR_MS) return `${Math.floor(diff / MINUTE_MS)} ${units.minute}`;
  if (diff < DAY_MS) return `${Math.floor(diff / HOUR_MS)} ${units.hour}`;
  return `${Math.floor(diff / DAY_MS)} ${units.day}`;
}

const JUST_NOW: Record<Lang, string> = { fi: "juuri nyt", sv: "nyss", en: "just now" };
const YESTERDAY: Record<Lang, string> = { fi: "Eilen", sv: "I går", en: "Yesterday" };

/**
 * When something happened (messages, notifications), by elapsed time:
 * - under 1 minute: "juuri nyt" / "nyss" / "just now" (also for up to a minute in the future,
 *   to tolerate small clock differences between server and browser);
 * - under 24 hours: "3 t sitten" / "för 3 tim sedan" / "3 h ago";
 * - 24 to 48 hours: "Eilen" / "I går" / "Yesterday";
 * - older, or further in the future: the date as in `formatDate`.
 */
export function formatRelativeDate(date: Date, now: Date, lang: Lang): string {
  assertValidDate(date);
  assertValidDate(now);
  const elapsed = now.getTime() - date.getTime();
  if (Math.abs(elapsed) < MINUTE_MS) return JUST_NOW[lang];
  if (elapsed > 0 && elapsed < DAY_MS) {
    const amount = formatRelativeShort(date, now, lang);
    if (lang === "fi") return `${amount} sitten`;
    if (lang === "sv") return `för ${amount} sedan`;
    return `${amount} ago`;
  }
  if (elapsed >= DAY_MS && elapsed < 2 * DAY_MS) return YESTERDAY[lang];
  return formatDate(date, lang);
}

function moneyFormatter(lang: Lang): Intl.NumberFormat {
  let f = moneyFormatters.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[lang], {
      style: "currency",
      currency: "EUR",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormatters.set(lang, f);
  }
  return f;
}

/** Intl output with every space variant turned into U+00A0 and U+2212 MINUS SIGN into "-". */
function normaliseMoney(s: string): string {
  return s.replace(/[\s\u00a0\u2007\u2009\u202f]/g, NBSP).replace(/\u2212/g, "-");
}

/** "28,20 €" (fi, sv) or "€28.20" (en) for `euros` = 28.2; rounded to whole cents. */
export function formatEuros(euros: number, lang: Lang): string {
  if (!Number.isFinite(euros)) throw new RangeError(`Invalid amount: ${euros}`);
  const formatted = moneyFormatter(lang).format(euros);
  // A negative amount that rounds to zero (or -0) would be shown as "-0,00 €"; show it unsigned.
  if (!/[1-9]/.test(formatted)) return normaliseMoney(moneyFormatter(lang).format(0));
  return normaliseMoney(formatted);
}

/** "28,20 €" (fi, sv) or "€28.20" (en) for `cents` = 2820. Fractional cents are rounded (Math.round). */
export function formatCents(cents: number, lang: Lang): string {
  if (!Number.isFinite(cents)) throw new RangeError(`Invalid amount: ${cents}`);
  // Dividing a whole number of cents by 100 gives the nearest double to the decimal amount,
  // which Intl prints exactly (19.99, not 19.989999...).
  return formatEuros(Math.round(cents) / 100, lang);
}
