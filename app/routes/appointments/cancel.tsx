import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/cancel";
import { readForm } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { getLang } from "~/.server/i18n";
import { AppointmentDetails } from "~/features/appointments/appointment-details";
import { cancelAppointment, getAppointments, withAvatar } from "~/features/appointments/appointments.server";
import { cancelResponse, parseAppointmentIds } from "~/features/appointments/rules";
import { APPOINTMENT_CANCELLED_FRAGMENT } from "~/features/front-page/front-page.view";
import { requireUser } from "~/.server/guards";
import { href } from "~/route-table";
import { CsrfField } from "~/ui/csrf-field";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { NotificationBanner } from "~/ui/notifications";
import { useBrand } from "~/ui/root-data";
import type { TextsHandle } from "~/lib/text-groups";

// The cancel confirmation is a page of its own, so cancelling works without JavaScript.
function appointmentId(raw: string | undefined) {
  const ids = parseAppointmentIds(raw);
  if (!ids || ids.length !== 1) throw data(null, { status: 404 });
  return ids[0];
}

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["appointments", "frontPage"] } satisfies TextsHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const { brand } = requestInfo(context);
  const limitHours = brand.cancellationLimitHours;
  const [appointment] = await getAppointments(session, [appointmentId(params.id)], lang, now(), limitHours);
  if (!appointment) throw data(null, { status: 404 });
  return { appointment: withAvatar(appointment, brand.id), limitHours };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  // Only the confirm button cancels: any other form that ever posts here is refused, not taken as a cancellation.
  if ((await readForm(request)).get("intent") !== "cancel") throw data(null, { status: 400 });
  const limitHours = requestInfo(context).brand.cancellationLimitHours;
  const result = await cancelAppointment(session, appointmentId(params.id), now(), limitHours);
  const response = cancelResponse(result.type);
  if (response.status === 200) throw redirect(`${href("home", lang)}#${APPOINTMENT_CANCELLED_FRAGMENT}`);
  if (response.status === 404) throw data(null, { status: 404 });
  return data(
    { failure: result.type === "tooLate" ? ("tooLate" as const) : ("error" as const) },
    { status: response.status },
  );
}

export default function CancelAppointment({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const brand = useBrand();
  const { appointment, limitHours } = loaderData;
  const failure =
    actionData?.failure ??
    (appointment.mayCancel ? null : appointment.cancelBlockedBy === "tooLate" ? "tooLate" : "error");
  const title = t("appointments.cancel.title");
  const reason = failure === "tooLate" ? t("appointments.cancel.tooLateReason", { hours: limitHours }) : "";
  return (
    <div className="narrow-wide">
      <PageTitle title={title} hasErrors={!!failure} />
      {failure ? (
        <NotificationBanner type="error" title={t(`appointments.cancel.${failure}`)}>
          <p>{t("appointments.cancel.failure", { reason, phone: brand?.customerServicePhone })}</p>
        </NotificationBanner>
      ) : null}
      <h1>{failure ? title : t("appointments.cancel.heading")}</h1>
      {/* The details only, without their forms: a form without an action of its own would post to this page's
          action (the arrival reason is given on the appointment's own page). */}
      <AppointmentDetails
        appointment={{ ...appointment, cancelHref: null, cancelBlockedBy: null, mayGiveArrivalReason: false }}
        cancellationLimitHours={limitHours}
      />
      {!failure ? (
        <>
          <p>{t("appointments.cancel.body")}</p>
          <Form method="post" className="button-row">
            <CsrfField />
            <button type="submit" name="intent" value="cancel" className="button button--danger">
              {t("appointments.cancel.confirm")}
            </button>
            <LocalizedLink to="appointment" params={{ ids: appointment.id }} className="button button--secondary">
              {t("appointments.cancel.back")}
            </LocalizedLink>
          </Form>
        </>
      ) : (
        <p>
          <LocalizedLink to="appointment" params={{ ids: appointment.id }}>
            {t("appointments.page.title")}
          </LocalizedLink>
        </p>
      )}
    </div>
  );
}
