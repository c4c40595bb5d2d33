import { parseWithZod } from "@conform-to/zod/v4";
import { Fragment } from "react";
import { data, redirect } from "react-router";
import { flashCookie } from "~/.server/flash";
import type { Route } from "./+types/appointment";
import { readForm } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { getLang, serverT } from "~/.server/i18n";
import type { T } from "~/lib/translate";
import { AppointmentDetails } from "~/features/appointments/appointment-details";
import { ArrivalReasonForm, arrivalReasonFieldId } from "~/features/appointments/arrival-reason-form";
import { ARRIVAL_REASON_TOAST_MS, arrivalReasonSchema } from "~/features/appointments/arrival-reason";
import { checkIn, getAppointments, saveArrivalReason, withAvatar } from "~/features/appointments/appointments.server";
import {
  EarlierTimeSection,
  earlierTimeFieldIds,
  type EarlierTimeSubmission,
} from "~/features/appointments/earlier-time-form";
import { askEarlierTime, earlierTimeStates, stopEarlierTime } from "~/features/appointments/earlier-time.server";
import { isDoorToken } from "~/features/appointments/door.server";
import { AppointmentLinkNotFound as LinkNotFoundOnServer } from "~/features/appointments/link-not-found";
import { isNumericIdsParam, parseAppointmentIds } from "~/features/appointments/rules";
import { href } from "~/route-table";
import { parseId } from "~/lib/id";
import { requireUser } from "~/.server/guards";
import { ErrorSummary, errorEntries, type FieldError } from "~/ui/form";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { lazyPart } from "~/ui/lazy-part";
import { LocalizedLink } from "~/ui/localized-link";
import type { TextsHandle } from "~/lib/text-groups";

// Shown to few (an anonymous link that leads nowhere): loaded when shown.
const AppointmentLinkNotFound = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? LinkNotFoundOnServer : null, () =>
  import("~/features/appointments/link-not-found").then((m) => m.AppointmentLinkNotFound),
);

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["appointments"] } satisfies TextsHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = getLang(context);
  // The anonymous view of an appointment (spec part 1 §2): an id that is not a list of numbers needs no login. A
  // clinic-door link moves for good to the door page (time and place only, the cancelled state and check-in);
  // anything else is not found, in the same words whether or not anything like it ever existed.
  if (!isNumericIdsParam(params.ids)) {
    if (await isDoorToken(params.ids)) throw redirect(href("doorAppointment", lang, { token: params.ids }), 301);
    return data({ anonymous: true as const }, { status: 404 });
  }
  const session = requireUser(context, request, lang);
  const { brand } = requestInfo(context);
  const limitHours = brand.cancellationLimitHours;
  const ids = parseAppointmentIds(params.ids);
  const appointments = (ids ? await getAppointments(session, ids, lang, now(), limitHours) : []).map((a) =>
    withAvatar(a, brand.id),
  );
  const earlierTime = await earlierTimeStates(session, appointments, now(), lang);
  // Another person's appointment, a malformed id or a missing one: the same not-found answer.
  return data(
    {
      anonymous: false as const,
      appointments,
      earlierTime,
      limitHours,
      consentNeeded: session.actingPerson.patientDataConsent !== "ok",
    },
    { status: appointments.length ? 200 : 404 },
  );
}

/**
 * The error summary of a refused form of one appointment, put together here so that the page only shows it: its
 * entries (each i18n key translated) and the ids of that appointment's fields, top to bottom.
 */
const errorSummary = (t: T, appointmentId: number, errors: FieldError[]) => ({
  errors: errors.map((e) => ({ id: e.id, message: t(e.message) })),
  fieldOrder: [arrivalReasonFieldId(appointmentId), ...Object.values(earlierTimeFieldIds(appointmentId))],
});

// Check-in, the arrival reason and the earlier-time request from the appointment page; results come back as flash
// messages, a rejected form with its errors (400).
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = getLang(context);
  if (!isNumericIdsParam(params.ids)) throw data(null, { status: 404 });
  const session = requireUser(context, request, lang);
  const form = await readForm(request);
  const ids = parseAppointmentIds(params.ids) ?? [];
  const id = parseId(form.get("appointmentId"));
  const intent = form.get("intent");
  if (
    (intent !== "checkIn" && intent !== "arrivalReason" && intent !== "earlierTime" && intent !== "earlierTimeStop") ||
    id === null ||
    !ids.includes(id)
  )
    throw data(null, { status: 400 });
  const back = new URL(request.url).pathname;

  if (intent === "earlierTime") {
    const values = { match: String(form.get("match") ?? ""), untilDate: String(form.get("untilDate") ?? "") };
    const { brand } = requestInfo(context);
    const result = await askEarlierTime(session, id, values, { now: now(), lang, brand: brand.id });
    if (result.type === "notFound") throw data(null, { status: 404 });
    if (result.type === "invalid") {
      const t = serverT(context);
      // The errors as the fields say them (the page shows them as they come).
      const errors = Object.fromEntries(Object.entries(result.errors).map(([field, key]) => [field, key && t(key)]));
      return data(
        {
          earlierTime: { appointmentId: id, values, errors } satisfies EarlierTimeSubmission,
          errorSummary: errorSummary(
            t,
            id,
            errorEntries(
              result.errors,
              (key) => key,
              (field) => earlierTimeFieldIds(id)[field],
            ),
          ),
        },
        { status: 400 },
      );
    }
    throw redirect(back, {
      headers: { "Set-Cookie": flashCookie({ type: "success", key: "appointments.earlierTime.asked" }) },
    });
  }
  if (intent === "earlierTimeStop") {
    // A second press (or one in another tab) finds nothing to stop: the same answer.
    await stopEarlierTime(session, id);
    throw redirect(back, {
      headers: { "Set-Cookie": flashCookie({ type: "info", key: "appointments.earlierTime.stopped" }) },
    });
  }

  if (intent === "arrivalReason") {
    const submission = parseWithZod(form, { schema: arrivalReasonSchema });
    if (submission.status !== "success") {
      const value = String(form.get("arrivalReason") ?? "");
      const error = submission.error?.arrivalReason?.[0] ?? "appointments.arrivalReason.errors.required";
      return data(
        {
          arrivalReason: { appointmentId: id, value, error },
          errorSummary: errorSummary(serverT(context), id, [{ id: arrivalReasonFieldId(id), message: error }]),
        },
        { status: 400 },
      );
    }
    const saved = await saveArrivalReason(session, id, submission.value.arrivalReason, now());
    const flash = saved
      ? flashCookie({ type: "success", key: "appointments.arrivalReason.saved", timeoutMs: ARRIVAL_REASON_TOAST_MS })
      : flashCookie({ type: "error", key: "appointments.arrivalReason.failed", timeoutMs: ARRIVAL_REASON_TOAST_MS });
    throw redirect(back, { headers: { "Set-Cookie": flash } });
  }

  const result = await checkIn(session, id, now());
  const type = result === "Success" ? "success" : "error";
  if (result === "NotFound") throw data(null, { status: 404 });
  throw redirect(back, {
    headers: { "Set-Cookie": flashCookie({ type, key: `appointments.checkInResult.${result}` }) },
  });
}

export default function Appointment({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.anonymous) return <AppointmentLinkNotFound />;
  const found = loaderData.appointments.length > 0;
  const title = found ? t("appointments.page.title") : t("appointments.page.notFound");
  const rejected = actionData && "arrivalReason" in actionData ? actionData.arrivalReason : undefined;
  const earlier = actionData && "earlierTime" in actionData ? actionData.earlierTime : undefined;
  const summary = actionData?.errorSummary;
  return (
    <div className="narrow-wide">
      <PageTitle title={title} hasErrors={!!summary} />
      <ErrorSummary errors={summary?.errors ?? []} fieldOrder={summary?.fieldOrder ?? []} />
      <h1>{title}</h1>
      {found ? (
        loaderData.appointments.map((a) => (
          <Fragment key={a.id}>
            <AppointmentDetails
              appointment={a}
              cancellationLimitHours={loaderData.limitHours}
              consentNeeded={loaderData.consentNeeded}
              arrivalReasonForm={
                <ArrivalReasonForm
                  appointmentId={a.id}
                  saved={a.arrivalReason}
                  submitted={rejected?.appointmentId === a.id ? rejected : undefined}
                />
              }
            />
            <EarlierTimeSection
              appointment={a}
              state={loaderData.earlierTime[a.id]}
              submission={earlier?.appointmentId === a.id ? earlier : undefined}
            />
          </Fragment>
        ))
      ) : (
        <>
          <p>{t("appointments.page.notFoundBody")}</p>
          <p>
            <LocalizedLink to="booking" className="button">
              {t("appointments.page.reserveAnother")}
            </LocalizedLink>
          </p>
        </>
      )}
      <p>
        <LocalizedLink to="appointments">{t("appointments.page.allAppointments")}</LocalizedLink>
      </p>
    </div>
  );
}
