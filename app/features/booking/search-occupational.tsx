import { useLocation } from "react-router";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { PageTitle } from "~/ui/page-title";
import { useRootData } from "~/ui/root-data";
import { promosHidden } from "./promo";
import { PhoneLink } from "~/ui/phone-link";
import type { OccupationalAccess } from "./search";
import { BookingBreadcrumbs } from "./search-breadcrumbs";

// The list loads its occupational parts from here when it shows them, the contract's promos among them (so that
// they and the reservation page's promos share their code).
export { OccupationalPromoBoxes } from "./promo-boxes";

type Notice = Exclude<OccupationalAccess, { type: "ok" }> | { type: "unknown" };

/** The occupational list's page when the customer's contract gives no list (instead of the filters and results). */
export function OccupationalNoticePage({ title, access, phone }: { title: string; access: Notice; phone: string }) {
  return (
    <div>
      <PageTitle title={title} />
      <BookingBreadcrumbs current={title} />
      <h1>{title}</h1>
      <OccupationalNotice access={access} phone={phone} />
    </div>
  );
}

/**
 * The occupational list's special cases (spec part 2 §2, §8). The phone-service promo of a contract without web
 * reservation is a promo like the others: a booking started from the mobile app gets the error with the
 * customer-service phone instead (the spec's "a phone-service promo, or an error with the customer-service phone").
 */
export function OccupationalNotice({ access: given, phone }: { access: Notice; phone: string }) {
  const location = useLocation();
  const t = useT();
  const hidden = promosHidden(useRootData()?.sessionScope);
  const access: Notice = given.type === "phoneService" && hidden ? { type: "noWebReservation" } : given;
  const key = `booking.occupational.${access.type}`;
  const number = access.type === "phoneService" ? access.phone : phone;
  return (
    <div
      className={`banner ${access.type === "phoneService" ? "" : "banner--error"}`}
      role={access.type === "unknown" ? "alert" : undefined}
    >
      <div className="banner__content">
        <h2 className="banner__title">{t(`${key}.title`)}</h2>
        <p>
          {t(`${key}.body`)}
          {access.type === "phoneService" || access.type === "noWebReservation" ? (
            <>
              {" "}
              <PhoneLink phone={number} />
            </>
          ) : null}
        </p>
        {/* The contract's own words, in Finnish whatever the page's language. */}
        {access.type === "phoneService" && access.description ? <p lang="fi">{access.description}</p> : null}
        {access.type === "noContract" ? (
          <p>
            <LocalizedLink to="privateBooking" className="button">
              {t(`${key}.link`)}
            </LocalizedLink>
          </p>
        ) : null}
        {access.type === "unknown" ? (
          <p>
            {/* The retry loads the whole page again (a plain link: a document navigation, with or without JavaScript). */}
            <a className="button" href={location.pathname + location.search}>
              {t(`${key}.retry`)}
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
