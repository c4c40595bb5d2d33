import { data } from "react-router";
import type { Route } from "./+types/anon-reservation";
import { now } from "~/.server/clock";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { anonymousConfirmation } from "~/features/booking/anonymous-reservation.server";
import { isReservationOwner } from "~/features/booking/reservation-owner.server";
import { summaryText } from "~/features/booking/reservation-display.server";
import { requestInfo } from "~/.server/context";
import { AppointmentSummary } from "~/features/booking/reservation-view";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import type { TextsHandle } from "~/lib/text-groups";

// The anonymous confirmation, at the same token as the SMS link. Anyone holding the link sees time and place
// (as at the clinic door); the browser that made the reservation also sees the professional and the service.
/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["appointments", "reservation"] } satisfies TextsHandle;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const confirmation = await anonymousConfirmation(db(), params.token, {
    owner: isReservationOwner(request, params.token),
    lang,
    now: now(),
  });
  if (!confirmation) throw data(null, { status: 404 });
  return {
    ...confirmation,
    summary: summaryText(confirmation.appointment, lang, requestInfo(context).brand.id),
    token: params.token,
  };
}

export default function AnonReservation({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const title = t("reservation.confirmation.title");
  return (
    <div className="narrow">
      <PageTitle title={title} />
      <h1>{loaderData.active ? title : t("reservation.confirmation.cancelled")}</h1>
      <AppointmentSummary appointment={loaderData.appointment} text={loaderData.summary} />
      {loaderData.active ? <p>{t("reservation.confirmation.smsSent")}</p> : null}
      <p>
        <LocalizedLink to="doorAppointment" params={{ token: loaderData.token }}>
          {t("appointments.details.doorLink")}
        </LocalizedLink>
      </p>
    </div>
  );
}
