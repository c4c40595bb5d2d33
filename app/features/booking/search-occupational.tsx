import { useLocation } from "react-router";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import type { OccupationalAccess } from "./search";

type Notice = Exclude<OccupationalAccess, { type: "ok" }> | { type: "unknown" };

const tel = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;

/** The occupational list's special cases (spec part 2 §2, §8). */
export function OccupationalNotice({ access, phone }: { access: Notice; phone: string }) {
  const location = useLocation();
  const t = useT();
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
              <a href={tel(number)}>{number}</a>
            </>
          ) : null}
        </p>
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
