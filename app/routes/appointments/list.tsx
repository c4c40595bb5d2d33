import type { Route } from "./+types/list";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { getLang } from "~/.server/i18n";
import { listUpcomingAppointments } from "~/features/appointments/appointments.server";
import { requireUser } from "~/.server/guards";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import type { TextsHandle } from "~/lib/text-groups";

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["appointments"] } satisfies TextsHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  return {
    appointments: await listUpcomingAppointments(
      session,
      lang,
      now(),
      requestInfo(context).brand.cancellationLimitHours,
    ),
  };
}

export default function Appointments({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const title = t("appointments.list.title");
  return (
    <div>
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">{t("appointments.list.intro")}</p>
      <p>
        <LocalizedLink to="booking" className="button">
          {t("appointments.list.book")}
        </LocalizedLink>
      </p>
      {loaderData.appointments.length ? (
        <ul className="card item-list appointment-list">
          {loaderData.appointments.map((a) => (
            <li key={a.id}>
              <LocalizedLink to="appointment" params={{ ids: a.id }}>
                <strong>{a.startsAtText}</strong>
                {a.hasAppointeeCanceled ? (
                  <span className="tag">{t("appointments.details.providerCancelledTag")}</span>
                ) : null}
              </LocalizedLink>
              <span>
                {a.specialtyName}, {a.practitioner.name}
              </span>
              <span className="muted">{a.isRemote ? t(`appointments.details.${a.locationType}`) : a.clinic.name}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="card card__empty">{t("appointments.list.empty")}</p>
      )}
    </div>
  );
}
