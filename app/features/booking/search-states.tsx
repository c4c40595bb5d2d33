import { Link, useRevalidator } from "react-router";
import { useHydrated } from "~/ui/hydrated";
import { useT } from "~/ui/i18n";
import type { CareType } from "./care-type";
import { OccupationalNotice } from "./search-occupational";
import type { ListHref } from "./search-results";
import type { Alternatives, SearchListState } from "./search.server";

// The search list's states other than results: the page loads this module only when it shows one of them.

/**
 * The list when it has no results to show: the error panel (§8; the occupational list's notice of an unknown
 * contract), or an empty list with its alternatives.
 */
export function ListWithoutResults({
  list,
  careType,
  phone,
  retryHref,
  ...empty
}: {
  list: SearchListState;
  careType: CareType;
  phone: string;
  retryHref: string;
  dayLabels: Record<string, string>;
  firstFreeLabels: Record<string, string>;
  listHref: ListHref;
}) {
  if (list.state === "ok") return <EmptyResult alternatives={list.alternatives!} {...empty} />;
  return careType === "occupational" ? (
    <OccupationalNotice access={{ type: "unknown" }} phone={phone} />
  ) : (
    <SearchErrorPanel phone={phone} retryHref={retryHref} />
  );
}

/** An empty list with its alternatives (§4): next month's days and the nearby clinics' first free times. */
function EmptyResult({
  alternatives,
  dayLabels,
  firstFreeLabels,
  listHref,
}: {
  alternatives: Alternatives;
  /** The next dates' names as the page shows them ("Lauantai, 21.11.2026"). */
  dayLabels: Record<string, string>;
  /** Each nearby clinic's first free time as the page shows it ("21.11.2026 klo 14.05"), by clinic. */
  firstFreeLabels: Record<string, string>;
  listHref: ListHref;
}) {
  const t = useT();
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
                <Link to={listHref({ startDate: d })}>{dayLabels[d]}</Link>
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
                <Link to={listHref({ clinicIds: [c.clinicId] })}>
                  {t("booking.empty.nearbyItem", { clinic: c.name, time: firstFreeLabels[c.clinicId] })}
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
function SearchErrorPanel({ phone, retryHref }: { phone: string; retryHref: string }) {
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
