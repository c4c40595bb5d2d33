import { useEffect } from "react";
import { data, redirect, useNavigation } from "react-router";
import { reservationOwnerCookie } from "~/features/booking/reservation-owner.server";
import type { Route } from "./+types/anon-free-appointment";
import { readForm } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo, sessionState } from "~/.server/context";
import { db } from "~/.server/db/client";
import { getLang } from "~/.server/i18n";
import { reserveAnonymously } from "~/features/booking/anonymous-reservation.server";
import { AnonErrors as AnonErrorsOnServer } from "~/features/booking/anon-errors";
import { ANON_FIELDS, AnonymousReservationForm, type AnonymousFormState } from "~/features/booking/anonymous-form";
import { CARE_TYPE_PAGES, careTypeOfRoute, mayReserveAnonymously } from "~/features/booking/care-type";
import { EXAMPLE_PHONE } from "~/features/booking/example-phone";
import { loadReservationView, parseAppointmentId } from "~/features/booking/free-appointment.server";
import { priceText, summaryText } from "~/features/booking/reservation-display.server";
import { reservationErrorReaction } from "~/features/booking/reservation-rules";
import { LoginPrompt, loginHref } from "~/features/booking/login-prompt";
import { ReserveStatePage as ReserveStatePageOnServer } from "~/features/booking/reserve-states";
import { AppointmentSummary, PriceView, ReservationNotes } from "~/features/booking/reservation-view";
import { safeNextPath } from "~/features/session/login-options";
import { href, routeIdForPath } from "~/route-table";
import { useAnalytics } from "~/ui/analytics";
import { lazyPart } from "~/ui/lazy-part";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { useLang } from "~/ui/root-data";
import type { TextsHandle } from "~/lib/text-groups";
import { featureOn } from "~/.server/features";

// Shown only when there is no such appointment (the logged-in page's not-found state), or only after the form was
// refused (fetched as the form is sent, so that it comes with the answer): the browser loads each when it is shown.
const NotFound = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? ReserveStatePageOnServer : null, () =>
  import("~/features/booking/reserve-states").then((m) => m.ReserveStatePage),
);
const loadErrors = () => import("~/features/booking/anon-errors").then((m) => m.AnonErrors);
const AnonErrors = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? AnonErrorsOnServer : null, loadErrors);

async function view(request: Request, context: Route.LoaderArgs["context"], rawId: string | undefined) {
  const lang = getLang(context);
  const url = new URL(request.url);
  const careType = careTypeOfRoute(routeIdForPath(url.pathname) ?? "anonFreeAppointment");
  const info = requestInfo(context);
  const loaded = await loadReservationView(db(), {
    id: parseAppointmentId(rawId),
    careType,
    lang,
    now: now(),
    noticeHours: info.brand.cancellationLimitHours,
    showPriceDetails: featureOn(context, "price-details"),
  });
  const from = safeNextPath(url.searchParams.get("from"), "") || undefined;
  const loggedInPage = loaded
    ? href(CARE_TYPE_PAGES[careType].freeAppointment, lang, { id: loaded.appointment.id }, { from })
    : "";
  return { lang, careType, loaded, from, loggedInPage };
}

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["insurance", "reservation"] } satisfies TextsHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const v = await view(request, context, params.id);
  const session = sessionState(context);
  if (v.loaded && session.status === "valid" && session.user) throw redirect(v.loggedInPage);
  if (!v.loaded) return data({ found: false as const }, { status: 404 });
  if (v.loaded.appointment.reserved || v.loaded.appointment.past)
    throw redirect(href("appointmentUnavailable", v.lang, {}, { from: v.from }));
  const { appointment, price, bindingRequired, noticeHours } = v.loaded;
  return {
    found: true as const,
    appointment,
    summary: summaryText(appointment, v.lang, requestInfo(context).brand.id),
    price: priceText(price, v.lang),
    bindingRequired,
    noticeHours,
    anonymousAllowed: mayReserveAnonymously(v.careType, appointment.requiresAuthToReserve),
    loginHref: loginHref(v.lang, v.loggedInPage),
    backHref: v.from ?? href(CARE_TYPE_PAGES[v.careType].search, v.lang),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const v = await view(request, context, params.id);
  if (!v.loaded || !mayReserveAnonymously(v.careType, v.loaded.appointment.requiresAuthToReserve))
    throw data(null, { status: 404 });
  const form = Object.fromEntries(await readForm(request));
  const values = Object.fromEntries(
    Object.entries(form).filter(([k, val]) => k !== "csrfToken" && typeof val === "string"),
  ) as Record<string, string>;
  const info = requestInfo(context);
  const outcome = await reserveAnonymously(db(), {
    body: values,
    form: true,
    appointmentId: v.loaded.appointment.id,
    bindingRequired: v.loaded.bindingRequired,
    clientIp: info.clientIp,
    environment: info.environment,
    brand: { id: info.brand.id, origin: info.origin },
    lang: v.lang,
    now: now(),
  });
  switch (outcome.type) {
    case "success":
      throw redirect(href("anonReservation", v.lang, { token: outcome.reservationDetails.token }), {
        headers: { "Set-Cookie": reservationOwnerCookie(outcome.reservationDetails.token) },
      });
    case "rateLimited":
      return data(
        { form: { values, errors: {} } as AnonymousFormState, error: "rateLimited" as const, reaction: null },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "validation":
      return data(
        {
          form: { values, errors: outcome.errors },
          error: "validation" as const,
          reaction: reservationErrorReaction("validation", "anonymous"),
        },
        { status: 400 },
      );
    case "appointmentNotAvailable":
      throw redirect(href("appointmentUnavailable", v.lang, {}, { from: v.from, error: "appointmentNotAvailable" }));
    default:
      // The reaction to the error (spec part 2 §8), worked out here so that the browser needs no rules code.
      return data(
        {
          form: { values, errors: {} },
          error: outcome.type,
          reaction: reservationErrorReaction(outcome.type, "anonymous"),
        },
        { status: outcome.type === "unknownError" ? 500 : 409 },
      );
  }
}

export default function AnonFreeAppointment({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const analytics = useAnalytics();
  const error = actionData?.error;
  useEffect(() => {
    if (error && error !== "rateLimited") analytics({ event: "reservationError", errorType: error });
  }, [error, analytics]);
  const submitting = useNavigation().state === "submitting";
  useEffect(() => {
    if (submitting) loadErrors().catch(() => {});
  }, [submitting]);
  if (!loaderData.found) return <NotFound page={{ state: "notFound" }} />;
  const { appointment, price, bindingRequired, noticeHours, anonymousAllowed } = loaderData;
  const title = t("reservation.view.title");
  return (
    <div className="narrow-wide">
      <PageTitle title={title} hasErrors={!!error} />
      {actionData?.error ? (
        <AnonErrors
          error={actionData.error}
          form={actionData.form}
          reaction={actionData.reaction}
          loginHref={loaderData.loginHref}
          fields={ANON_FIELDS}
          examplePhone={EXAMPLE_PHONE}
        />
      ) : null}
      <h1>{title}</h1>
      <AppointmentSummary appointment={appointment} text={loaderData.summary} />
      <ReservationNotes appointment={appointment} />
      <PriceView price={price} />
      <LoginPrompt loginHref={loaderData.loginHref} required={!anonymousAllowed} />
      {anonymousAllowed ? (
        <AnonymousReservationForm
          key={lang}
          state={actionData?.form}
          bindingRequired={bindingRequired}
          noticeHours={noticeHours}
        />
      ) : null}
      <p>
        <a href={loaderData.backHref}>{t("reservation.view.back")}</a>
      </p>
    </div>
  );
}
