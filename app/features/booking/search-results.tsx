import { useEffect, useRef } from "react";
import { Link, useNavigation } from "react-router";
import { useT } from "~/ui/i18n";
import { TIMES_OF_DAY, serializeFilters, type SearchFilters, type TimeOfDay } from "./search";

/**
 * A free appointment of the list as the page shows it, its texts made by the loader: the time ("14.05"), the
 * duration ("30 min"), who (name and title), the service, where (the clinic, or how a remote appointment is held)
 * and, when it takes a login to reserve, the note that says so (" · …").
 */
export type ResultLine = {
  id: number;
  time: string;
  duration: string;
  practitioner: { name: string; title: string };
  specialty: string;
  where: string;
  requiresAuth: string | null;
};

/** A day of the list, its name as the page shows it ("Huomenna", "Lauantai, 21.11.2026"), its appointments in start order. */
export type ResultDay = { day: string; label: string; appointments: ResultLine[] };

/** The list URL for other filters, keeping the extra (insurance) parameters. */
export function listUrl(path: string, filters: SearchFilters, extras: Record<string, string>): string {
  const params = serializeFilters(filters);
  for (const [k, v] of Object.entries(extras)) params.set(k, v);
  return `${path}?${params}`;
}

/** The list's URL with some of its filters changed (and paging from the start unless the change pages). */
export type ListHref = (change: Partial<SearchFilters>) => string;

/** Time-of-day tabs: links that keep the other filters (§2), the current one marked with aria-current. */
export function TimeTabs({ time: current, listHref }: { time: TimeOfDay; listHref: ListHref }) {
  const t = useT();
  return (
    <nav aria-label={t("booking.search.timeTabs")} className="time-tabs">
      <ul className="button-row">
        {TIMES_OF_DAY.map((time) => (
          <li key={time}>
            <Link
              to={listHref({ time })}
              replace
              preventScrollReset
              className={time === current ? "button" : "button button--secondary"}
              aria-current={time === current ? "page" : undefined}
            >
              {t(`booking.search.time.${time}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AppointmentLine({ a, linkTo, index }: { a: ResultLine; linkTo: string; index: number }) {
  return (
    <li>
      {/* The whole entry is the link, so its name says who and where, not just the time. */}
      <Link to={linkTo} id={`free-appointment-${index}`}>
        <strong>{a.time}</strong> <span>{a.duration}</span>{" "}
        <span>
          {a.practitioner.name}, {a.practitioner.title}
        </span>
      </Link>
      <span className="muted">
        {a.specialty} · {a.where}
        {a.requiresAuth}
      </span>
    </li>
  );
}

/**
 * Results grouped by day, and "show more" (`moreHref`, when there are more): a plain link whose page holds the whole
 * list so far. After it loads with JavaScript, focus moves to the first new appointment.
 */
export function ResultList({
  days,
  moreHref,
  linkOf,
}: {
  days: ResultDay[];
  moreHref: string | null;
  linkOf(a: ResultLine): string;
}) {
  const t = useT();
  const focusIndex = useRef<number | null>(null);
  const count = days.reduce((n, day) => n + day.appointments.length, 0);
  useEffect(() => {
    const i = focusIndex.current;
    if (i !== null && count > i) {
      focusIndex.current = null;
      document.getElementById(`free-appointment-${i}`)?.focus();
    }
  }, [count]);
  let index = 0;
  return (
    <div className="search-results">
      {days.map((group) => (
        <section key={group.day} aria-labelledby={`day-${group.day}`} className="card">
          <h3 id={`day-${group.day}`} className="card__title">
            {group.label}
          </h3>
          <ul className="item-list appointment-list">
            {group.appointments.map((a) => (
              <AppointmentLine key={a.id} a={a} linkTo={linkOf(a)} index={index++} />
            ))}
          </ul>
        </section>
      ))}
      {moreHref ? (
        <p>
          <Link
            className="button button--secondary"
            to={moreHref}
            preventScrollReset
            replace
            onClick={() => (focusIndex.current = count)}
          >
            {t("booking.search.showMore")}
          </Link>
        </p>
      ) : null}
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
