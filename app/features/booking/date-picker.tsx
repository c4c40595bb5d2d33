import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { formatCalendarDate, formatDate, monthYearTitle, weekdayName, weekdayShortName } from "~/lib/format";
import { useT } from "~/ui/i18n";
import { useLang } from "~/ui/root-data";
import { CARE_TYPE_FLAG, type CareType } from "./care-type";
import { CALENDAR_MONTHS_AHEAD, addDays, addMonths, clampDate, monthGrid, monthOf, moveFocus } from "./calendar";

// A calendar date at noon UTC is the same date in Helsinki.
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

type FreeDays = { state: "loading" } | { state: "ok"; dates: Set<string> } | { state: "failed" };
/** An answer of the call, for the range and filters it was asked for. */
type Answer = { key: string; dates: Set<string> | null };

/**
 * The calendar of free days over the search's date field, once hydrated: a button opening a modal dialog with a
 * month grid (Monday first) where the days with free appointments are marked, operated as the WAI-ARIA date picker
 * dialog (arrow keys, Home/End, Page Up/Down, Enter; Escape closes and focus returns to the button). The days come
 * from GET /api/appointments/available-appointment-dates for the grid's range and the search's filters (`query`).
 * Without JavaScript the date field and the list of the next free days do the same.
 */
export function DatePicker({
  value,
  min,
  now,
  query,
  careType,
  onChoose,
  openAtOnce = false,
}: {
  /** The chosen start date (YYYY-MM-DD). */
  value: string;
  /** Today in Helsinki: no earlier day can be chosen. */
  min: string;
  now: string;
  /** The call's parameters other than the range and the flag: the search's filters. */
  query: URLSearchParams;
  /** The list's customer type, named by its flag in the call. */
  careType: CareType;
  onChoose(date: string): void;
  /** Open as it is shown: its button was pressed before its code had come (search-filters.tsx). */
  openAtOnce?: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  const max = addDays(addMonths(monthOf(min), CALENDAR_MONTHS_AHEAD + 1), -1);
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(value);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const month = monthOf(focused);
  const weeks = monthGrid(month);
  const first = weeks[0][0];
  const last = weeks[weeks.length - 1][6];
  const params = new URLSearchParams(query);
  const flag = CARE_TYPE_FLAG[careType];
  if (flag) params.set(flag, "true");
  params.set("startDate", first < min ? min : first);
  params.set("endDate", last);
  params.set("lang", lang);
  const url = `/api/appointments/available-appointment-dates?${params}`;
  // Until the answer for this grid and these filters has come, the days are being looked for.
  const free: FreeDays =
    answer?.key !== url
      ? { state: "loading" }
      : answer.dates
        ? { state: "ok", dates: answer.dates }
        : { state: "failed" };

  // The free days of the grid shown, fetched when the dialog opens and again for each month paged to.
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as { dates?: unknown };
        if (!Array.isArray(body.dates)) throw new Error("no dates");
        setAnswer({ key: url, dates: new Set(body.dates.filter((d): d is string => typeof d === "string")) });
      })
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ key: url, dates: null });
      });
    return () => controller.abort();
  }, [open, url]);

  // The focused day's button takes the focus whenever it changes while the dialog is open.
  useEffect(() => {
    if (open) grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus();
  }, [open, focused]);

  const show = () => {
    setFocused(clampDate(value, min, max));
    setOpen(true);
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();
  // Opened once, as the picker is first shown, when its button was pressed before its code had come.
  const toOpen = useRef(openAtOnce);
  useEffect(() => {
    if (!toOpen.current) return;
    toOpen.current = false;
    show();
  });
  const choose = (day: string) => {
    close();
    onChoose(day);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const next = moveFocus(focused, e.key);
    if (!next) return;
    e.preventDefault();
    setFocused(clampDate(next, min, max));
  };
  const page = (months: number) => setFocused(clampDate(addMonths(month, months), min, max));

  const monthTitle = monthYearTitle(noon(month), lang);
  const weekdays = weeks[0].map((day) => ({
    short: weekdayShortName(noon(day), lang),
    long: weekdayName(noon(day), lang),
  }));
  const nowDate = new Date(now);
  const labelOf = (day: string) => {
    const name = formatCalendarDate(noon(day), nowDate, lang);
    // "Today" and "Tomorrow" name the day; the date follows them.
    const date = /\d/.test(name) ? name : `${name}, ${formatDate(noon(day), lang)}`;
    if (free.state !== "ok") return date;
    return `${date}, ${t(free.dates.has(day) ? "booking.calendar.free" : "booking.calendar.noFree")}`;
  };

  return (
    <>
      <button
        type="button"
        className="button button--secondary calendar-open"
        aria-haspopup="dialog"
        ref={opener}
        onClick={show}
      >
        {t("booking.calendar.open")}
      </button>
      <dialog
        ref={dialog}
        className="calendar"
        aria-labelledby="calendar-title"
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
      >
        {open ? (
          <>
            <h2 id="calendar-title" className="calendar__title">
              {t("booking.calendar.dialogTitle")}
            </h2>
            <div className="calendar__nav">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => page(-1)}
                disabled={month <= monthOf(min)}
              >
                <span aria-hidden="true">‹ </span>
                {t("booking.calendar.previousMonth")}
              </button>
              <h3 id="calendar-month" className="calendar__month" aria-live="polite">
                {monthTitle}
              </h3>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => page(1)}
                disabled={month >= monthOf(max)}
              >
                {t("booking.calendar.nextMonth")}
                <span aria-hidden="true"> ›</span>
              </button>
            </div>
            <p id="calendar-help" className="hint">
              {t("booking.calendar.help")}
            </p>
            <p className="calendar__status" role="status">
              {free.state === "loading"
                ? t("booking.calendar.loading")
                : free.state === "failed"
                  ? t("booking.calendar.failed")
                  : ""}
            </p>
            <table
              role="grid"
              className="calendar__grid"
              aria-labelledby="calendar-month"
              aria-describedby="calendar-help"
              ref={grid}
              onKeyDown={onKeyDown}
            >
              <thead>
                <tr>
                  {weekdays.map((w) => (
                    <th key={w.long} scope="col" abbr={w.long}>
                      {w.short}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week[0]}>
                    {week.map((day) => {
                      const outside = day < min || day > max;
                      const hasFree = free.state === "ok" && free.dates.has(day);
                      return (
                        <td key={day} aria-selected={day === value}>
                          <button
                            type="button"
                            data-date={day}
                            tabIndex={day === focused ? 0 : -1}
                            aria-label={labelOf(day)}
                            aria-current={day === min ? "date" : undefined}
                            aria-disabled={outside || undefined}
                            className={[
                              "calendar__day",
                              day.slice(0, 7) !== month.slice(0, 7) ? "calendar__day--other-month" : "",
                              hasFree ? "calendar__day--free" : "",
                            ]
                              .filter(Boolean)
                              .join(" ")}
                            onClick={() => {
                              if (!outside) choose(day);
                            }}
                            onFocus={() => setFocused(day)}
                          >
                            {Number(day.slice(8))}
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="button-row">
              <button type="button" className="button button--secondary" onClick={close}>
                {t("booking.calendar.close")}
              </button>
            </p>
          </>
        ) : null}
      </dialog>
    </>
  );
}
