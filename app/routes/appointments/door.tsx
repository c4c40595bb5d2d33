import { lazy, Suspense, useRef } from "react";
import {
  data,
  Form,
  isRouteErrorResponse,
  redirect,
  useLocation,
  useNavigation,
  useRouteError,
  useSubmit,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/door";
import { readForm } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { flashCookie } from "~/.server/flash";
import { getLang } from "~/.server/i18n";
import {
  doorCheckIn,
  doorFailureStatus,
  doorView,
  keepsDoorCode,
  readDoorForm,
} from "~/features/appointments/door.server";
import { DoorAppointmentCancelled as CancelledOnServer } from "~/features/appointments/door-cancelled";
import { DoorConsent as DoorConsentOnServer } from "~/features/appointments/door-consent";
import { AppointmentLinkNotFound as LinkNotFoundOnServer } from "~/features/appointments/link-not-found";
import { lazyPart } from "~/ui/lazy-part";
import { isNetworkError } from "~/lib/network-error";
import { formatDateTime, formatTime } from "~/lib/format";
import { ErrorView } from "~/ui/lazy-error-view";
import { href } from "~/route-table";
import { ErrorSummary, TextField } from "~/ui/form";
import { CsrfField } from "~/ui/csrf-field";
import { PageTitle } from "~/ui/page-title";
import { useHydrated } from "~/ui/hydrated";
import type { RouteHandle } from "~/ui/layout";
import { ResultHeading } from "~/ui/result-focus";
import { useT } from "~/ui/i18n";
import { LocalizedLink } from "~/ui/localized-link";
import { NotificationBanner } from "~/ui/notifications";
import { useLang } from "~/ui/root-data";
import type { TextsHandle } from "~/lib/text-groups";

// Anonymous: a link from the reservation SMS, opened at the clinic door on a weak signal. The page is plain
// HTML and forms, the code form on the first page so the way to it is one page load; the code boxes are the
// only script-driven part. It declares only the texts it shows (app/lib/text-groups.ts).
// The boxes, in their field's frame, are drawn only after hydration (the plain input works before), so their code
// can come after the page's.
const DoorCodeBoxes = lazy(() =>
  import("~/features/appointments/door-code").then((m) => ({ default: m.DoorCodeBoxes })),
);
// Shown to few at the door (a first check-in's consent, a cancelled appointment, a link that is no longer valid):
// loaded when shown.
const DoorConsent = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? DoorConsentOnServer : null, () =>
  import("~/features/appointments/door-consent").then((m) => m.DoorConsent),
);
const DoorAppointmentCancelled = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? CancelledOnServer : null, () =>
  import("~/features/appointments/door-cancelled").then((m) => m.DoorAppointmentCancelled),
);
const AppointmentLinkNotFound = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? LinkNotFoundOnServer : null, () =>
  import("~/features/appointments/link-not-found").then((m) => m.AppointmentLinkNotFound),
);

export const handle = {
  hideCookieBanner: true,
  i18n: [
    "account.consent",
    "appointments.door",
    "appointments.details.when",
    "appointments.details.location",
    "appointments.details.cancel",
    "appointments.details.cannotCancel",
  ],
} satisfies TextsHandle & RouteHandle;

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await doorView(params.token, now(), requestInfo(context).brand.cancellationLimitHours);
  if (!view) throw data(null, { status: 404 });
  // Dates are formatted here, so the door page carries no date code to the phone.
  const lang = getLang(context);
  const dates = {
    startsAt: formatDateTime(new Date(view.startsAt), lang),
    lockedUntil: view.lockedUntil ? formatTime(new Date(view.lockedUntil), lang) : null,
  };
  return { view, dates };
}

// Every try may change the page's state (a lock, a check-in), also when it is answered with an error status,
// after which the router would not reload by default.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? true : defaultShouldRevalidate;

export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = getLang(context);
  const form = readDoorForm(await readForm(request));
  const code = form.code;
  if (form.type === "codeFormat")
    return data({ error: "codeFormat" as const, code, consentError: null }, { status: 400 });
  if (form.type === "consentNotAcknowledged")
    return data(
      {
        error: "confidentialityFormNotFilled" as const,
        code,
        consentError: "account.consent.errors.acknowledgementRequired",
      },
      { status: 400 },
    );
  const result = await doorCheckIn(params.token, code, requestInfo(context).clientIp, now(), form.consent);
  if (result === "notFound") throw data(null, { status: 404 });
  if (result === "success") {
    throw redirect(href("doorAppointment", lang, { token: params.token }), {
      headers: { "Set-Cookie": flashCookie({ type: "success", key: "appointments.door.success" }) },
    });
  }
  return data(
    { error: result, code: keepsDoorCode(result) ? code : "", consentError: null },
    { status: doorFailureStatus(result) },
  );
}

/** The ids of the check-in form's fields: the code, or the consent asked after it. */
const DOOR_FIELDS = ["ssnEndPart", "privacyPolicyAcknowledged"];

export default function DoorAppointment({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { view, dates } = loaderData;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const title = t("appointments.door.title");
  const self = href("doorAppointment", lang, { token: params.token });

  if (view.state === "cancelled") return <DoorAppointmentCancelled />;

  const error = actionData?.error;
  const consentNeeded = error === "confidentialityFormNotFilled" || error === "confidentialityFormNotFilledAsAdult";
  const showCode =
    view.selfCheckInStatus === "allowed" &&
    !view.locked &&
    !consentNeeded &&
    error !== "locked" &&
    error !== "tooManyAttempts";
  const fieldError =
    error === "ssnEndPartMismatch" || error === "codeFormat" ? t(`appointments.door.errors.${error}`) : undefined;
  // The lock is told by the page's own banner below, with the time it opens again.
  const banner =
    error && error !== "locked" && !fieldError && !(consentNeeded && actionData?.consentError) ? error : null;
  const pending = navigation.state !== "idle";
  // Without JavaScript, and while the code boxes load, the code is one plain input.
  const plainCode = (
    <TextField
      id="ssnEndPart"
      name="ssnEndPart"
      label={t("appointments.door.codeLabel")}
      hint={t("appointments.door.codeHint")}
      error={fieldError}
      defaultValue={actionData?.code}
      autoComplete="off"
      autoCapitalize="characters"
      maxLength={4}
      className="input--short"
    />
  );

  return (
    <div className="narrow door">
      <PageTitle title={title} hasErrors={!!error} />
      <ErrorSummary
        errors={
          fieldError
            ? [{ id: "ssnEndPart", message: fieldError }]
            : actionData?.consentError
              ? [{ id: "privacyPolicyAcknowledged", message: t(actionData.consentError) }]
              : []
        }
        fieldOrder={DOOR_FIELDS}
      />
      {banner ? (
        <NotificationBanner type="error">
          <p>{t(`appointments.door.errors.${banner}`)}</p>
        </NotificationBanner>
      ) : null}
      <h1>{title}</h1>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>{t("appointments.details.when")}</dt>
          <dd>{dates.startsAt}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{t("appointments.details.location")}</dt>
          <dd>{view.isRemote ? t("appointments.door.remote") : `${view.clinic.name}, ${view.clinic.address}`}</dd>
        </div>
      </dl>

      {view.selfCheckInStatus === "checkedIn" ? (
        <ResultHeading>
          {view.room
            ? t("appointments.door.checkedInRoom", { room: view.room })
            : t("appointments.door.checkedInReception")}
        </ResultHeading>
      ) : view.locked && view.lockedUntil ? (
        <NotificationBanner type="warning">
          <p>{t("appointments.door.errors.locked", { time: dates.lockedUntil ?? "" })}</p>
        </NotificationBanner>
      ) : consentNeeded && actionData?.code ? (
        <DoorConsent
          action={self}
          code={actionData.code}
          error={actionData.consentError ? t(actionData.consentError) : undefined}
        />
      ) : view.selfCheckInStatus === "tooEarly" ? (
        <div className="check-in">
          <button type="button" className="button" disabled aria-describedby="door-too-early">
            {t("appointments.door.checkIn")}
          </button>
          <p className="hint" id="door-too-early">
            {t("appointments.door.tooEarly")}
          </p>
        </div>
      ) : showCode ? (
        <Form method="post" ref={formRef} action={self} className="check-in">
          <CsrfField />
          {hydrated ? (
            <Suspense fallback={plainCode}>
              <DoorCodeBoxes
                error={fieldError}
                initial={actionData?.code}
                onComplete={(code) => {
                  // The fourth character submits; the hidden input may not have re-rendered yet.
                  const form = formRef.current;
                  if (!form) return;
                  const formData = new FormData(form);
                  formData.set("ssnEndPart", code);
                  submit(formData, { method: "post", action: self });
                }}
              />
            </Suspense>
          ) : (
            plainCode
          )}
          <p className="button-row">
            <button type="submit" className="button" disabled={pending}>
              {pending ? t("appointments.door.pending") : t("appointments.door.checkIn")}
            </button>
          </p>
        </Form>
      ) : null}

      <h2 className="door__cancel-heading">{t("appointments.details.cancel")}</h2>
      {/* Offered only where the logged-in view would offer it (the same rule and limit), not a dead end after login. */}
      {view.mayCancel ? (
        <>
          <p>{t("appointments.door.cancelNeedsLogin")}</p>
          <p>
            <LocalizedLink to="appointment" params={{ ids: view.appointmentId }}>
              {t("appointments.door.toLoggedInView")}
            </LocalizedLink>
          </p>
        </>
      ) : (
        <p>{t("appointments.details.cannotCancel")}</p>
      )}
    </div>
  );
}

/** Not found (an old or mistyped link) and a lost connection get their own words; the rest the generic view. */
export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <AppointmentLinkNotFound />;
  if (isNetworkError(error))
    return (
      <div className="narrow">
        <PageTitle title={t("appointments.door.title")} hasErrors />
        <NotificationBanner type="error">
          <p>{t("appointments.door.errors.networkError")}</p>
        </NotificationBanner>
        <p>
          <a className="button" href={location.pathname + location.search}>
            {t("common.error.retry")}
          </a>
        </p>
      </div>
    );
  return <ErrorView kind="generic" retry />;
}
