import { useEffect, useRef } from "react";
import { Link, useNavigation, useRevalidator } from "react-router";
import { formatCalendarDate, formatDateTime, formatTime } from "~/lib/format";
import type { Lang } from "~/lib/lang";
import { href } from "~/route-table";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import { useLang } from "~/ui/root-data";
import type { Alternatives, FreeAppointment } from "./search.server";
import { PAGE_SIZE, TIMES_OF_DAY, groupByDay, serializeFilters, type SearchFilters } from "./search";

/** The list URL for other filters, keeping the extra (insurance) parameters. */
export function listUrl(path: string, filters: SearchFilters, extras: Record<string, string>): string {
  const params = serializeFilters(filters);
  for (const [k, v] of Object.entries(extras)) params.set(k, v);
  return `${path}?${params}`;
}

/** Time-of-day tabs: links that keep the other filters (§2), the current one marked with aria-current. */
export function TimeTabs({
  path,
  filters,
  extras,
}: {
  path: string;
  filters: SearchFilters;
  extras: Record<string, string>;
}) {
  const t = useT();
  return (
    <nav aria-label={t("booking.search.timeTabs")} className="time-tabs">
      <ul className="button-row">
        {TIMES_OF_DAY.map((time) => (
          <li key={time}>
            <Link
              to={listUrl(path, { ...filters, time, offset: 0 }, extras)}
              replace
              preventScrollReset
              className={time === filters.time ? "button" : "button button--secondary"}
              aria-current={time === filters.time ? "page" : undefined}
            >
              {t(`booking.search.time.${time}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AppointmentLine({
  a,
  lang,
  linkTo,
  index,
}: {
  a: FreeAppointment;
  lang: Lang;
  linkTo: string;
  index: number;
}) {
  const t = useT();
  const where = a.isRemote ? t(`booking.search.location.${a.locationType}`) : a.clinic.name;
  return (
    <li>
      {/* The whole entry is the link, so its name says who and where, not just the time. */}
      <Link to={linkTo} id={`free-appointment-${index}`}>
        <strong>{formatTime(new Date(a.startDate), lang)}</strong>{" "}
        <span>{t("booking.search.duration", { minutes: a.durationMinutes })}</span>{" "}
        <span>
          {a.practitioner.name}, {a.practitioner.title}
        </span>
      </Link>
      <span className="muted">
        {a.specialty.name} · {where}
        {a.requiresAuthToReserve ? ` · ${t("booking.search.requiresAuth")}` : null}
      </span>
    </li>
  );
}

/**
 * Results grouped by day, and "show more": a plain link whose page holds the whole list so far. After it loads with
 * JavaScript, focus moves to the first new appointment.
 */
export function ResultList({
  appointments,
  hasMore,
  now,
  path,
  filters,
  extras,
  linkOf,
}: {
  appointments: FreeAppointment[];
  hasMore: boolean;
  now: string;
  path: string;
  filters: SearchFilters;
  extras: Record<string, string>;
  linkOf(a: FreeAppointment): string;
}) {
  const t = useT();
  const lang = useLang();
  const focusIndex = useRef<number | null>(null);
  useEffect(() => {
    const i = focusIndex.current;
    if (i !== null && appointments.length > i) {
      focusIndex.current = null;
      document.getElementById(`free-appointment-${i}`)?.focus();
    }
  }, [appointments]);
  let index = 0;
  return (
    <div className="search-results">
      {groupByDay(appointments).map((group) => (
        <section key={group.day} aria-labelledby={`day-${group.day}`} className="card">
          <h3 id={`day-${group.day}`} className="card__title">
            {formatCalendarDate(new Date(`${group.day}T12:00:00Z`), new Date(now), lang)}
          </h3>
          <ul className="item-list appointment-list">
            {group.appointments.map((a) => (
              <AppointmentLine key={a.id} a={a} lang={lang} linkTo={linkOf(a)} index={index++} />
            ))}
          </ul>
        </section>
      ))}
      {hasMore ? (
        <p>
          <Link
            className="button button--secondary"
            to={listUrl(path, { ...filters, offset: filters.offset + PAGE_SIZE }, extras)}
            preventScrollReset
            replace
            onClick={() => (focusIndex.current = appointments.length)}
          >
            {t("booking.search.showMore")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** An empty list with its alternatives (§4): next month's days and the nearby clinics' first free times. */
export function EmptyResult({
  alternatives,
  path,
  filters,
  extras,
}: {
  alternatives: Alternatives;
  path: string;
  filters: SearchFilters;
  extras: Record<string, string>;
}) {
  const t = useT();
  const lang = useLang();
  const { nextDates, nearbyClinics } = alternatives;
  return (
    <div className="card search-empty">
      <h3 className="card__title">{t("booking.empty.title")}</h3>
      <p>{t("booking.empty.body")}</p>
      {nextDates.length ? (
        <>
          <h4>{t("booking.empty.nextDates")}</h4>
          <ul className="item-list">
            {nextDates.map((d) => (
              <li key={d}>
                <Link to={listUrl(path, { ...filters, startDate: d, offset: 0 }, extras)}>
                  {formatCalendarDate(new Date(`${d}T12:00:00Z`), new Date(0), lang)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {nearbyClinics.length ? (
        <>
          <h4>{t("booking.empty.nearby")}</h4>
          <ul className="item-list">
            {nearbyClinics.map((c) => (
              <li key={c.clinicId}>
                <Link to={listUrl(path, { ...filters, clinicIds: [c.clinicId], offset: 0 }, extras)}>
                  {t("booking.empty.nearbyItem", { clinic: c.name, time: formatDateTime(new Date(c.firstFree), lang) })}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {!nextDates.length && !nearbyClinics.length ? <p>{t("booking.empty.none")}</p> : null}
    </div>
  );
}

/** §8: "Sorry – Could not search for appointments" with a retry (a reload of the same URL without JavaScript). */
export function SearchErrorPanel({ phone, retryHref }: { phone: string; retryHref: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  return (
    <div className="banner banner--error" role="alert">
      <div className="banner__content">
        <h3 className="banner__title">{t("booking.error.title")}</h3>
        <p>{t("booking.error.body", { phone })}</p>
        <p>
          {hydrated ? (
            <button type="button" className="button" onClick={() => revalidator.revalidate()}>
              {t("booking.error.retry")}
            </button>
          ) : (
            <a className="button" href={retryHref}>
              {t("booking.error.retry")}
            </a>
          )}
        </p>
      </div>
    </div>
  );
}

/** A polite live region that says when a search is running (the list is replaced in place). */
export function SearchStatus() {
  const t = useT();
  const navigation = useNavigation();
  return (
    <p className="visually-hidden" role="status">
      {navigation.state === "loading" ? t("booking.search.loading") : ""}
    </p>
  );
}

/** Free-appointment links: the logged-in or anonymous page of the care type, with the list to come back to. */
export function freeAppointmentHref(
  pageId: Parameters<typeof href>[0],
  lang: Lang,
  id: number,
  from: string,
  extras: Record<string, string>,
) {
  return href(pageId, lang, { id }, { ...extras, from });
}
