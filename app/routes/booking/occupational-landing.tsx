import { data, redirect } from "react-router";
import type { Route } from "./+types/occupational-landing";
import { requestInfo, sessionState } from "~/.server/context";
import { getLang } from "~/.server/i18n";
import { BookingBreadcrumbs } from "~/features/booking/search-breadcrumbs";
import { hasFeature } from "~/features/booking/search.server";
import { href } from "~/route-table";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import type { TextsHandle } from "~/lib/text-groups";

/** The anonymous occupational landing: a sign-in prompt that passes the query string on to the list. */
export function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const { brand, environment } = requestInfo(context);
  if (!hasFeature(brand, environment, "ohc-appointment-search")) throw data(null, { status: 404 });
  const next = href("occupationalBooking", lang) + new URL(request.url).search;
  const session = sessionState(context);
  if (session.status === "valid" && session.user) throw redirect(next);
  return { loginHref: href("login", lang, {}, { nextPath: next }) };
}

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["booking"] } satisfies TextsHandle;

export default function OccupationalLanding({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const title = t("booking.occupational.landing.title");
  return (
    <div className="narrow">
      <PageTitle title={title} />
      <BookingBreadcrumbs current={title} />
      <h1>{title}</h1>
      <p>{t("booking.occupational.landing.body")}</p>
      <p>
        <a className="button" href={loaderData.loginHref}>
          {t("booking.occupational.landing.login")}
        </a>
      </p>
    </div>
  );
}
