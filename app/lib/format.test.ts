import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatCents,
  formatDate,
  formatDateTime,
  formatEuros,
  formatRelativeDate,
  formatRelativeShort,
  formatTime,
  helsinkiDateParts,
  startOfHelsinkiDay,
  TIME_ZONE,
} from "./format";
import { DEFAULT_LANG, isLang, LANGS } from "./lang";

/** U+00A0 NO-BREAK SPACE, written out so that expected strings are unambiguous. */
const NBSP = "\u00a0";

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("lang", () => {
  it("lists the languages with Finnish as default", () => {
    expect(LANGS).toEqual(["fi", "sv", "en"]);
    expect(DEFAULT_LANG).toBe("fi");
  });

  it("recognises only the supported languages", () => {
    expect(isLang("fi")).toBe(true);
    expect(isLang("sv")).toBe(true);
    expect(isLang("en")).toBe(true);
    expect(isLang("de")).toBe(false);
    expect(isLang("FI")).toBe(false);
    expect(isLang("")).toBe(false);
    expect(isLang(undefined)).toBe(false);
    expect(isLang(null)).toBe(false);
    expect(isLang(["fi"])).toBe(false);
  });
});

describe("helsinkiDateParts", () => {
  it("uses the Helsinki time zone", () => {
    expect(TIME_ZONE).toBe("Europe/Helsinki");
    // Winter: UTC+2.
    expect(helsinkiDateParts(at("2026-01-05T07:05:00Z"))).toEqual({
      year: 2026,
      month: 1,
      day: 5,
      hour: 9,
      minute: 5,
      weekday: 1,
    });
    // Summer: UTC+3.
    expect(helsinkiDateParts(at("2026-07-01T12:00:00Z"))).toMatchObject({ hour: 15, minute: 0 });
  });

  it("crosses midnight before UTC does", () => {
    expect(helsinkiDateParts(at("2026-11-20T21:59:00Z"))).toEqual({
      year: 2026,
      month: 11,
      day: 20,
      hour: 23,
      minute: 59,
      weekday: 5,
    });
    expect(helsinkiDateParts(at("2026-11-20T22:00:00Z"))).toMatchObject({ day: 21, hour: 0, minute: 0 });
    expect(helsinkiDateParts(at("2026-11-20T22:30:00Z"))).toEqual({
      year: 2026,
      month: 11,
      day: 21,
      hour: 0,
      minute: 30,
      weekday: 6,
    });
    // New Year comes two hours earlier in Helsinki.
    expect(helsinkiDateParts(at("2026-12-31T22:00:00Z"))).toMatchObject({ year: 2027, month: 1, day: 1, hour: 0 });
  });

  it("numbers weekdays from Monday = 1 to Sunday = 7", () => {
    const days = ["16", "17", "18", "19", "20", "21", "22"].map(
      (d) => helsinkiDateParts(at(`2026-11-${d}T10:00:00Z`)).weekday,
    );
    expect(days).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Sunday 23:30 UTC is already Monday in Helsinki.
    expect(helsinkiDateParts(at("2026-11-22T23:30:00Z")).weekday).toBe(1);
  });

  it("follows the spring DST change (last Sunday of March, 03:00 -> 04:00)", () => {
    expect(helsinkiDateParts(at("2026-03-29T00:59:00Z"))).toMatchObject({ day: 29, hour: 2, minute: 59 });
    expect(helsinkiDateParts(at("2026-03-29T01:00:00Z"))).toMatchObject({ day: 29, hour: 4, minute: 0 });
  });

  it("follows the autumn DST change (last Sunday of October, 04:00 -> 03:00)", () => {
    expect(helsinkiDateParts(at("2026-10-25T00:30:00Z"))).toMatchObject({ day: 25, hour: 3, minute: 30 });
    expect(helsinkiDateParts(at("2026-10-25T00:59:00Z"))).toMatchObject({ day: 25, hour: 3, minute: 59 });
    expect(helsinkiDateParts(at("2026-10-25T01:00:00Z"))).toMatchObject({ day: 25, hour: 3, minute: 0 });
    expect(helsinkiDateParts(at("2026-10-25T01:30:00Z"))).toMatchObject({ day: 25, hour: 3, minute: 30 });
  });

  it("throws for an invalid date", () => {
    expect(() => helsinkiDateParts(new Date("nonsense"))).toThrow(RangeError);
  });
});

describe("startOfHelsinkiDay", () => {
  it("returns local midnight in winter (22:00Z the day before)", () => {
    expect(startOfHelsinkiDay(at("2026-01-15T12:00:00Z")).toISOString()).toBe("2026-01-14T22:00:00.000Z");
  });

  it("returns local midnight in summer (21:00Z the day before)", () => {
    expect(startOfHelsinkiDay(at("2026-07-15T12:00:00Z")).toISOString()).toBe("2026-07-14T21:00:00.000Z");
  });

  it("uses the Helsinki date, not the UTC date", () => {
    expect(startOfHelsinkiDay(at("2026-11-20T22:30:00Z")).toISOString()).toBe("2026-11-20T22:00:00.000Z");
    expect(startOfHelsinkiDay(at("2026-11-20T21:59:59.999Z")).toISOString()).toBe("2026-11-19T22:00:00.000Z");
  });

  it("is idempotent and exact at midnight", () => {
    const midnight = at("2026-11-20T22:00:00Z");
    expect(startOfHelsinkiDay(midnight).toISOString()).toBe(midnight.toISOString());
    expect(startOfHelsinkiDay(startOfHelsinkiDay(at("2026-05-05T05:05:05.555Z"))).toISOString()).toBe(
      "2026-05-04T21:00:00.000Z",
    );
  });

  it("is DST-correct on the day of the spring change (a 23-hour day)", () => {
    const start = startOfHelsinkiDay(at("2026-03-29T12:00:00Z"));
    expect(start.toISOString()).toBe("2026-03-28T22:00:00.000Z");
    const next = startOfHelsinkiDay(at("2026-03-30T12:00:00Z"));
    expect(next.toISOString()).toBe("2026-03-29T21:00:00.000Z");
    expect(next.getTime() - start.getTime()).toBe(23 * HOUR);
  });

  it("is DST-correct on the day of the autumn change (a 25-hour day)", () => {
    // Also from an instant in the repeated hour 03:00-04:00.
    for (const iso of ["2026-10-25T12:00:00Z", "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z"]) {
      expect(startOfHelsinkiDay(at(iso)).toISOString()).toBe("2026-10-24T21:00:00.000Z");
    }
    const next = startOfHelsinkiDay(at("2026-10-26T12:00:00Z"));
    expect(next.toISOString()).toBe("2026-10-25T22:00:00.000Z");
    expect(next.getTime() - startOfHelsinkiDay(at("2026-10-25T12:00:00Z")).getTime()).toBe(25 * HOUR);
  });

  it("gives midnight as wall-clock time 00:00", () => {
    for (const iso of ["2026-03-29T05:00:00Z", "2026-10-25T05:00:00Z", "2026-12-31T23:00:00Z"]) {
      expect(helsinkiDateParts(startOfHelsinkiDay(at(iso)))).toMatchObject({ hour: 0, minute: 0 });
    }
  });
});

describe("formatDate / formatTime / formatDateTime", () => {
  const morning = at("2026-01-05T07:05:00Z"); // Mon 5.1.2026 09.05 in Helsinki
  const afternoon = at("2026-11-21T12:05:00Z"); // Sat 21.11.2026 14.05 in Helsinki

  it("formats dates as D.M.YYYY in fi and sv and with month names in en", () => {
    expect(formatDate(morning, "fi")).toBe("5.1.2026");
    expect(formatDate(morning, "sv")).toBe("5.1.2026");
    expect(formatDate(morning, "en")).toBe("5 January 2026");
    expect(formatDate(afternoon, "fi")).toBe("21.11.2026");
    expect(formatDate(afternoon, "sv")).toBe("21.11.2026");
    expect(formatDate(afternoon, "en")).toBe("21 November 2026");
  });

  it("formats times with a full stop in fi and a colon in sv and en", () => {
    expect(formatTime(afternoon, "fi")).toBe("14.05");
    expect(formatTime(afternoon, "sv")).toBe("14:05");
    expect(formatTime(afternoon, "en")).toBe("14:05");
    expect(formatTime(morning, "fi")).toBe("09.05");
    expect(formatTime(morning, "sv")).toBe("09:05");
    expect(formatTime(morning, "en")).toBe("09:05");
  });

  it("formats midnight as 00", () => {
    expect(formatTime(at("2026-11-20T22:00:00Z"), "fi")).toBe("00.00");
    expect(formatTime(at("2026-11-20T22:00:00Z"), "en")).toBe("00:00");
  });

  it("applies the Helsinki date across the midnight boundary", () => {
    const d = at("2026-11-20T22:30:00Z");
    expect(formatDateTime(d, "fi")).toBe("21.11.2026 klo 00.30");
    expect(formatDateTime(d, "sv")).toBe("21.11.2026 kl. 00:30");
    expect(formatDateTime(d, "en")).toBe("21 November 2026 at 00:30");
  });

  it("combines date and time", () => {
    expect(formatDateTime(afternoon, "fi")).toBe("21.11.2026 klo 14.05");
    expect(formatDateTime(afternoon, "sv")).toBe("21.11.2026 kl. 14:05");
    expect(formatDateTime(afternoon, "en")).toBe("21 November 2026 at 14:05");
  });

  it("shows the local time around DST changes", () => {
    expect(formatTime(at("2026-03-29T00:59:00Z"), "fi")).toBe("02.59");
    expect(formatTime(at("2026-03-29T01:00:00Z"), "fi")).toBe("04.00");
    expect(formatTime(at("2026-10-25T00:30:00Z"), "sv")).toBe("03:30");
    expect(formatTime(at("2026-10-25T01:30:00Z"), "sv")).toBe("03:30");
    expect(formatDateTime(at("2026-10-25T02:00:00Z"), "en")).toBe("25 October 2026 at 04:00");
  });

  it("throws for an invalid date", () => {
    expect(() => formatDate(new Date(Number.NaN), "fi")).toThrow(RangeError);
  });
});

describe("formatCalendarDate", () => {
  const now = at("2026-11-20T22:30:00Z"); // Sat 21.11.2026 00.30 in Helsinki

  it("labels today", () => {
    expect(formatCalendarDate(at("2026-11-21T10:00:00Z"), now, "fi")).toBe("Tänään");
    expect(formatCalendarDate(at("2026-11-21T10:00:00Z"), now, "sv")).toBe("I dag");
    expect(formatCalendarDate(at("2026-11-21T10:00:00Z"), now, "en")).toBe("Today");
    // 22:00Z on the 20th is already 21 November in Helsinki, 21:59Z on the 21st still is.
    expect(formatCalendarDate(at("2026-11-20T22:00:00Z"), now, "en")).toBe("Today");
    expect(formatCalendarDate(at("2026-11-21T21:59:00Z"), now, "en")).toBe("Today");
    expect(formatCalendarDate(now, now, "fi")).toBe("Tänään");
  });

  it("labels tomorrow", () => {
    expect(formatCalendarDate(at("2026-11-21T22:00:00Z"), now, "fi")).toBe("Huomenna");
    expect(formatCalendarDate(at("2026-11-22T10:00:00Z"), now, "sv")).toBe("I morgon");
    expect(formatCalendarDate(at("2026-11-22T21:59:00Z"), now, "en")).toBe("Tomorrow");
  });

  it("shows the weekday and date otherwise", () => {
    const monday = at("2026-11-22T22:00:00Z"); // Mon 23.11.2026 00.00 in Helsinki
    expect(formatCalendarDate(monday, now, "fi")).toBe("Maanantai, 23.11.2026");
    expect(formatCalendarDate(monday, now, "sv")).toBe("Måndag, 23.11.2026");
    expect(formatCalendarDate(monday, now, "en")).toBe("Monday, 23 November 2026");
  });

  it("does not label past days", () => {
    const friday = at("2026-11-20T21:59:00Z"); // Fri 20.11.2026 23.59 in Helsinki
    expect(formatCalendarDate(friday, now, "fi")).toBe("Perjantai, 20.11.2026");
    expect(formatCalendarDate(friday, now, "sv")).toBe("Fredag, 20.11.2026");
    expect(formatCalendarDate(friday, now, "en")).toBe("Friday, 20 November 2026");
  });

  it("uses calendar days, not 24-hour periods, across the autumn DST change", () => {
    const autumnNow = at("2026-10-24T21:30:00Z"); // Sun 25.10.2026 00.30 (summer time)
    // 24 hours later it is still 25 October (23.30 winter time): the day has 25 hours.
    expect(formatCalendarDate(new Date(autumnNow.getTime() + DAY), autumnNow, "en")).toBe("Today");
    expect(formatCalendarDate(at("2026-10-25T22:30:00Z"), autumnNow, "en")).toBe("Tomorrow");
  });

  it("uses calendar days across the spring DST change", () => {
    const springNow = at("2026-03-28T22:30:00Z"); // Sun 29.3.2026 00.30 (winter time)
    // 24 hours later it is already 30 March (01.30 summer time): the day has 23 hours.
    expect(formatCalendarDate(new Date(springNow.getTime() + DAY), springNow, "fi")).toBe("Huomenna");
    expect(formatCalendarDate(at("2026-03-29T20:59:00Z"), springNow, "fi")).toBe("Tänään");
  });

  it("uses month and year boundaries correctly", () => {
    const newYearsEve = at("2026-12-31T12:00:00Z");
    expect(formatCalendarDate(at("2027-01-01T08:00:00Z"), newYearsEve, "sv")).toBe("I morgon");
    expect(formatCalendarDate(at("2027-01-02T08:00:00Z"), newYearsEve, "sv")).toBe("Lördag, 2.1.2027");
  });
});

describe("formatRelativeShort", () => {
  const now = at("2026-11-21T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it("uses the shortened units of each language", () => {
    expect(formatRelativeShort(ago(5 * MINUTE), now, "fi")).toBe("5 min");
    expect(formatRelativeShort(ago(3 * HOUR), now, "fi")).toBe("3 t");
    expect(formatRelativeShort(ago(2 * DAY), now, "fi")).toBe("2 pv");
    expect(formatRelativeShort(ago(5 * MINUTE), now, "sv")).toBe("5 min");
    expect(formatRelativeShort(ago(3 * HOUR), now, "sv")).toBe("3 tim");
    expect(formatRelativeShort(ago(2 * DAY), now, "sv")).toBe("2 d");
    expect(formatRelativeShort(ago(5 * MINUTE), now, "en")).toBe("5 min");
    expect(formatRelativeShort(ago(3 * HOUR), now, "en")).toBe("3 h");
    expect(formatRelativeShort(ago(2 * DAY), now, "en")).toBe("2 d");
  });

  it("rounds down and switches unit at the boundaries", () => {
    expect(formatRelativeShort(ago(59 * 1000), now, "fi")).toBe("0 min");
    expect(formatRelativeShort(ago(MINUTE), now, "fi")).toBe("1 min");
    expect(formatRelativeShort(ago(HOUR - 1), now, "fi")).toBe("59 min");
    expect(formatRelativeShort(ago(HOUR), now, "fi")).toBe("1 t");
    expect(formatRelativeShort(ago(DAY - 1), now, "fi")).toBe("23 t");
    expect(formatRelativeShort(ago(DAY), now, "fi")).toBe("1 pv");
    expect(formatRelativeShort(ago(400 * DAY), now, "en")).toBe("400 d");
  });

  it("gives the same amount for future times", () => {
    expect(formatRelativeShort(new Date(now.getTime() + 3 * HOUR + 5 * MINUTE), now, "en")).toBe("3 h");
  });
});

describe("formatRelativeDate", () => {
  const now = at("2026-11-21T12:00:00Z"); // 14.00 in Helsinki
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it("says just now under a minute", () => {
    expect(formatRelativeDate(now, now, "fi")).toBe("juuri nyt");
    expect(formatRelativeDate(ago(59_999), now, "fi")).toBe("juuri nyt");
    expect(formatRelativeDate(ago(30_000), now, "sv")).toBe("nyss");
    expect(formatRelativeDate(ago(30_000), now, "en")).toBe("just now");
    // Slight clock skew: a few seconds in the future.
    expect(formatRelativeDate(new Date(now.getTime() + 5000), now, "en")).toBe("just now");
  });

  it("is relative under 24 hours", () => {
    expect(formatRelativeDate(ago(MINUTE), now, "fi")).toBe("1 min sitten");
    expect(formatRelativeDate(ago(5 * MINUTE), now, "sv")).toBe("för 5 min sedan");
    expect(formatRelativeDate(ago(5 * MINUTE), now, "en")).toBe("5 min ago");
    expect(formatRelativeDate(ago(3 * HOUR), now, "fi")).toBe("3 t sitten");
    expect(formatRelativeDate(ago(3 * HOUR), now, "sv")).toBe("för 3 tim sedan");
    expect(formatRelativeDate(ago(3 * HOUR), now, "en")).toBe("3 h ago");
    expect(formatRelativeDate(ago(DAY - 1), now, "fi")).toBe("23 t sitten");
  });

  it("says yesterday from 24 to 48 hours", () => {
    expect(formatRelativeDate(ago(DAY), now, "fi")).toBe("Eilen");
    expect(formatRelativeDate(ago(36 * HOUR), now, "sv")).toBe("I går");
    expect(formatRelativeDate(ago(2 * DAY - 1), now, "en")).toBe("Yesterday");
  });

  it("shows the date from 48 hours on", () => {
    expect(formatRelativeDate(ago(2 * DAY), now, "fi")).toBe("19.11.2026");
    expect(formatRelativeDate(ago(2 * DAY), now, "sv")).toBe("19.11.2026");
    expect(formatRelativeDate(ago(2 * DAY), now, "en")).toBe("19 November 2026");
    expect(formatRelativeDate(at("2025-12-31T22:30:00Z"), now, "fi")).toBe("1.1.2026");
  });

  it("shows the date for times further in the future", () => {
    expect(formatRelativeDate(new Date(now.getTime() + 2 * HOUR), now, "fi")).toBe("21.11.2026");
    expect(formatRelativeDate(at("2026-12-24T10:00:00Z"), now, "en")).toBe("24 December 2026");
  });
});

describe("formatCents / formatEuros", () => {
  it("formats euros in each language's convention with a no-break space", () => {
    expect(formatCents(2820, "fi")).toBe(`28,20${NBSP}€`);
    expect(formatCents(2820, "sv")).toBe(`28,20${NBSP}€`);
    expect(formatCents(2820, "en")).toBe("€28.20");
    expect(formatEuros(28.2, "fi")).toBe(`28,20${NBSP}€`);
    expect(formatEuros(28.2, "sv")).toBe(`28,20${NBSP}€`);
    expect(formatEuros(28.2, "en")).toBe("€28.20");
  });

  it("always shows two decimals", () => {
    expect(formatCents(1999, "fi")).toBe(`19,99${NBSP}€`);
    expect(formatCents(1999, "en")).toBe("€19.99");
    expect(formatCents(0, "fi")).toBe(`0,00${NBSP}€`);
    expect(formatCents(0, "sv")).toBe(`0,00${NBSP}€`);
    expect(formatCents(0, "en")).toBe("€0.00");
    expect(formatCents(5, "fi")).toBe(`0,05${NBSP}€`);
    expect(formatCents(100, "en")).toBe("€1.00");
    expect(formatEuros(7, "fi")).toBe(`7,00${NBSP}€`);
  });

  it("groups thousands with a no-break space in fi and sv and a comma in en", () => {
    expect(formatCents(100000, "fi")).toBe(`1${NBSP}000,00${NBSP}€`);
    expect(formatCents(100000, "sv")).toBe(`1${NBSP}000,00${NBSP}€`);
    expect(formatCents(100000, "en")).toBe("€1,000.00");
    expect(formatCents(123456789, "fi")).toBe(`1${NBSP}234${NBSP}567,89${NBSP}€`);
    expect(formatCents(123456789, "en")).toBe("€1,234,567.89");
  });

  it("contains no narrow or ordinary spaces", () => {
    for (const lang of LANGS) {
      const s = formatCents(123456789, lang) + formatEuros(-1234.5, lang);
      expect(s).not.toMatch(/[ \u202f\u2009\u2007]/);
    }
  });

  it("uses an ASCII minus for negative amounts", () => {
    expect(formatCents(-2820, "fi")).toBe(`-28,20${NBSP}€`);
    expect(formatCents(-2820, "sv")).toBe(`-28,20${NBSP}€`);
    expect(formatCents(-2820, "en")).toBe("-€28.20");
    expect(formatEuros(-1000, "fi")).toBe(`-1${NBSP}000,00${NBSP}€`);
  });

  it("never shows a negative zero", () => {
    expect(formatCents(-0, "fi")).toBe(`0,00${NBSP}€`);
    expect(formatEuros(-0, "en")).toBe("€0.00");
    expect(formatEuros(-0.001, "fi")).toBe(`0,00${NBSP}€`);
    expect(formatCents(-0.4, "en")).toBe("€0.00");
  });

  it("rounds to whole cents", () => {
    expect(formatEuros(19.994, "fi")).toBe(`19,99${NBSP}€`);
    expect(formatEuros(19.996, "fi")).toBe(`20,00${NBSP}€`);
    expect(formatEuros(1.005, "en")).toBe("€1.01"); // rounded as written, not as the binary double
    expect(formatEuros(0.1 + 0.2, "en")).toBe("€0.30");
    expect(formatCents(1999.4, "fi")).toBe(`19,99${NBSP}€`);
    expect(formatCents(1999.5, "fi")).toBe(`20,00${NBSP}€`);
  });

  it("rejects non-finite amounts", () => {
    expect(() => formatCents(Number.NaN, "fi")).toThrow(RangeError);
    expect(() => formatEuros(Number.POSITIVE_INFINITY, "en")).toThrow(RangeError);
  });
});

describe("Helsinki wall clock around the clock changes", () => {
  it("matches the time-zone data hour by hour through a year with both changes", () => {
    const intl = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Helsinki",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const start = Date.UTC(2026, 0, 1);
    for (let ms = start; ms < start + 366 * 24 * 3600_000; ms += 3600_000 - 60_000 * 7) {
      const p = helsinkiDateParts(new Date(ms));
      const parts = Object.fromEntries(intl.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
      expect([p.year, p.month, p.day, p.hour, p.minute]).toEqual([
        parts.year,
        parts.month,
        parts.day,
        parts.hour,
        parts.minute,
      ]);
    }
  });
});
