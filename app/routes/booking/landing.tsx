import type { Route } from "./+types/landing";
import { requestInfo } from "~/.server/context";
import { CARE_TYPE_PAGES } from "~/features/booking/care-type";
import { BookingBreadcrumbs } from "~/features/booking/search-breadcrumbs";
import { offeredCareTypes } from "~/features/booking/search.server";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import type { TextsHandle } from "~/lib/text-groups";

/** The customer types this brand offers: occupational needs its page in the brand and the feature; 65+ the feature. */
export function loader({ context }: Route.LoaderArgs) {
  const { brand, environment } = requestInfo(context);
  return { types: offeredCareTypes(brand, environment) };
}

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["booking"] } satisfies TextsHandle;

export default function BookingLanding({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const title = t("booking.landing.title");
  return (
    <div>
      <PageTitle title={title} />
      <BookingBreadcrumbs />
      <h1>{title}</h1>
      <p className="lead">{t("booking.landing.intro")}</p>
      <ul className="card-grid">
        {loaderData.types.map((type) => (
          <li key={type} className="card">
            <h2 className="card__title">
              {/* The anonymous occupational landing passes on to the logged-in list after sign-in. */}
              <LocalizedLink to={type === "occupational" ? "occupationalLanding" : CARE_TYPE_PAGES[type].search}>
                {t(`booking.landing.${type}.title`)}
              </LocalizedLink>
            </h2>
            <p>{t(`booking.landing.${type}.body`)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
