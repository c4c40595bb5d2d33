import { Link } from "react-router";
import type { T } from "~/lib/translate";
import type { VaccinationItem } from "./vaccinations.server";

/** One vaccination: its name as the item's heading, the date, who gave it, how long it is valid, a booking link. */
export function VaccinationCard({ item, t }: { item: VaccinationItem; t: T }) {
  return (
    <li className="card vaccination">
      <h2 className="vaccination__name">{item.name}</h2>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>{t("vaccinations.list.date")}</dt>
          <dd>{item.date}</dd>
        </div>
        {item.practitionerName ? (
          <div className="summary-list__row">
            <dt>{t("vaccinations.list.practitioner")}</dt>
            <dd>{item.practitionerName}</dd>
          </div>
        ) : null}
        <div className="summary-list__row">
          <dt>{t("vaccinations.list.validUntil")}</dt>
          <dd>{item.validUntil ?? t("vaccinations.list.validUntilNotGiven")}</dd>
        </div>
      </dl>
      {item.bookingHref ? (
        <p className="vaccination__book">
          {/* The visible words start the name, which tells the links apart for screen readers (WCAG 2.5.3). */}
          <Link
            to={item.bookingHref}
            aria-label={t("vaccinations.list.bookWith", { name: item.name, date: item.date })}
          >
            {t("vaccinations.list.book")}
          </Link>
        </p>
      ) : null}
    </li>
  );
}
