import { useEffect } from "react";
import type { Route } from "./+types/unavailable";
import { getLang } from "~/.server/i18n";
import { safeNextPath } from "~/features/session/login-options";
import { href } from "~/route-table";
import { useAnalytics } from "~/ui/analytics";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import type { TextsHandle } from "~/lib/text-groups";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const back = safeNextPath(url.searchParams.get("from"), href("booking", getLang(context)));
  return { back, reservationError: url.searchParams.get("error") === "appointmentNotAvailable" };
}

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["reservation"] } satisfies TextsHandle;

export default function AppointmentUnavailable({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const analytics = useAnalytics();
  useEffect(() => {
    if (loaderData.reservationError) analytics({ event: "reservationError", errorType: "appointmentNotAvailable" });
  }, [loaderData.reservationError, analytics]);
  const title = t("reservation.unavailable.title");
  return (
    <div className="narrow">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p>{t("reservation.unavailable.body")}</p>
      <p>
        <a href={loaderData.back} className="button button--secondary">
          {t("reservation.unavailable.back")}
        </a>
      </p>
    </div>
  );
}
