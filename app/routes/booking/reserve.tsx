import { useEffect } from "react";
import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reserve";
import { readForm } from "~/.server/api";
import { now } from "~/.server/clock";
import { requestInfo } from "~/.server/context";
import { db } from "~/.server/db/client";
import { flashCookie } from "~/.server/flash";
import { getLang } from "~/.server/i18n";
import { careTypeOfRoute } from "~/features/booking/care-type";
import { readContactEditorForm, saveContactDetails } from "~/features/booking/contact-editor.server";
import { ContactEditor } from "~/features/booking/contact-editor";
import { CONTACT_EDITOR_FIELDS, type ContactEditorState } from "~/features/booking/contact-fields";
import { bookFromForm, initialInsurancePanel, reservePageState, type PageInput } from "./portal-reservation.server";
import { PortalReservationForm } from "~/features/booking/portal-form";
import { NO_PROMOS, occupationalPromos } from "~/features/booking/promo";
import { OccupationalPromoBoxes as PromoBoxesOnServer } from "~/features/booking/promo-boxes";
import { priceText, summaryText } from "~/features/booking/reservation-display.server";
import { reservationErrorReaction } from "~/features/booking/reservation-rules";
import { ReserveErrors as ReserveErrorsOnServer } from "~/features/booking/reserve-errors";
import { ReserveStatePage as ReserveStatePageOnServer } from "~/features/booking/reserve-states";
import { AppointmentSummary, PriceView, ReservationNotes } from "~/features/booking/reservation-view";
import type { InsurancePanelState } from "~/features/insurance/insurance.server";
import { handleInsuranceIntent } from "~/features/insurance/insurance-panel.server";
import { requireUser } from "~/.server/guards";
import { href, routeIdForPath } from "~/route-table";
import { useAnalytics } from "~/ui/analytics";
import { lazyPart } from "~/ui/lazy-part";
import { PageTitle } from "~/ui/page-title";
import { useT } from "~/ui/i18n";
import { NotificationBanner } from "~/ui/notifications";
import type { TextsHandle } from "~/lib/text-groups";

// Shown only instead of the form (no such appointment, no occupational care, no credit) or only in occupational
// bookings: the browser loads each when the page shows it.
const ReserveStatePage = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? ReserveStatePageOnServer : null, () =>
  import("~/features/booking/reserve-states").then((m) => m.ReserveStatePage),
);
const OccupationalPromoBoxes = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? PromoBoxesOnServer : null, () =>
  import("~/features/booking/promo-boxes").then((m) => m.OccupationalPromoBoxes),
);
// Shown only after a form of the page was refused: fetched as a form is sent, so that it comes with the answer.
const loadErrors = () => import("~/features/booking/reserve-errors").then((m) => m.ReserveErrors);
const ReserveErrors = /* @__PURE__ */ lazyPart(import.meta.env.SSR ? ReserveErrorsOnServer : null, loadErrors);

function pageInput(request: Request, context: Route.LoaderArgs["context"], rawId: string | undefined): PageInput {
  const lang = getLang(context);
  const session = requireUser(context, request, lang);
  const url = new URL(request.url);
  const info = requestInfo(context);
  const careType = careTypeOfRoute(routeIdForPath(url.pathname) ?? "freeAppointment");
  return {
    session,
    careType,
    rawId,
    lang,
    now: now(),
    brand: info.brand,
    environment: info.environment,
    origin: info.origin,
    url,
  };
}

/** The page's address without the contact editor open (`edit=contact`). */
function withoutContactEditor(url: URL): string {
  return url.pathname + url.search.replace(/([?&])edit=contact&?/, "$1").replace(/[?&]$/, "");
}

/** The page's address with the contact editor open, at the editor. */
function withEditor(here: string): string {
  return `${here}${here.includes("?") ? "&" : "?"}edit=contact#contact`;
}

/** The texts this page renders, besides the layout's (app/lib/text-groups.ts). */
export const handle = { i18n: ["booking.promo", "contact", "insurance", "reservation"] } satisfies TextsHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const input = pageInput(request, context, params.id);
  const state = await reservePageState(input);
  if (state.state === "notFound" || state.state === "noOccupational") return data({ page: state }, { status: 404 });
  if (state.state === "billing")
    return { page: { ...state, summary: summaryText(state.appointment, input.lang, input.brand.id) } };
  const insurance = await initialInsurancePanel(state, input.url);
  const { insuranceContext: _, ...page } = state;
  return {
    page: {
      ...page,
      summary: summaryText(page.appointment, input.lang, input.brand.id),
      price: priceText(page.price, input.lang),
      insurance,
      editingContact: input.url.searchParams.get("edit") === "contact",
      // The contact editor's links: cancelling returns to the page without the editor open.
      here: withoutContactEditor(input.url),
      editContactHref: withEditor(withoutContactEditor(input.url)),
      // The contract's chat and phone-service promos (hidden in a booking started from the mobile app).
      promos: input.careType === "occupational" ? occupationalPromos(input.session.actingPerson) : NO_PROMOS,
    },
  };
}

type ActionResult = {
  error?: string;
  errors?: Record<string, string>;
  insurance?: InsurancePanelState;
  contact?: ContactEditorState;
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const input = pageInput(request, context, params.id);
  const state = await reservePageState(input);
  if (state.state !== "form") throw data(null, { status: 404 });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "reserve");
  const back = withoutContactEditor(input.url);

  if (intent.startsWith("insurance:") && state.insuranceContext) {
    const panel = await handleInsuranceIntent(db(), state.insuranceContext, form);
    if (panel && "redirectTo" in panel) throw redirect(panel.redirectTo);
    if (!panel) throw data(null, { status: 400 });
    return data<ActionResult>({ insurance: panel });
  }
  if (intent === "saveContact") {
    const contact = readContactEditorForm(form);
    const values = contact.values;
    if ("errors" in contact)
      return data<ActionResult>({ contact: { values, errors: contact.errors } }, { status: 400 });
    const saved = await saveContactDetails(db(), input.session.user.id, input.session.actingPerson.id, contact.details);
    if (!saved) return data<ActionResult>({ contact: { values, errors: {}, failed: true } }, { status: 500 });
    throw redirect(back, {
      headers: { "Set-Cookie": flashCookie({ type: "success", key: "reservation.contact.saved" }) },
    });
  }
  if (intent !== "reserve") throw data(null, { status: 400 });

  const outcome = await bookFromForm(input, state, form);
  if (outcome.type === "success") {
    throw redirect(href("appointment", input.lang, { ids: outcome.reservationDetails.appointmentId }), {
      headers: { "Set-Cookie": flashCookie({ type: "success", key: "reservation.reserve.reserved" }) },
    });
  }
  if (outcome.type === "invalid")
    return data<ActionResult>(
      { error: "validation", errors: outcome.errors, insurance: outcome.insurance },
      { status: 400 },
    );
  const reaction = reservationErrorReaction(outcome.type, "portal");
  if (reaction.kind === "page" && reaction.page === "appointmentUnavailable") {
    throw redirect(
      href("appointmentUnavailable", input.lang, {}, { from: state.from, error: "appointmentNotAvailable" }),
    );
  }
  if (reaction.kind === "page" && reaction.page === "dataProcessing")
    throw redirect(href("dataProcessing", input.lang, {}, { next: back }));
  const message = reaction.kind === "message" ? reaction.message : "unknownError";
  return data<ActionResult>(
    { error: outcome.type, errors: { reservation: message } },
    { status: message === "unknownError" ? 500 : 409 },
  );
}

export default function Reserve({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const analytics = useAnalytics();
  const result = actionData as ActionResult | undefined;
  const error = result?.error;
  useEffect(() => {
    if (error) analytics({ event: "reservationError", errorType: error });
  }, [error, analytics]);
  const submitting = useNavigation().state === "submitting";
  useEffect(() => {
    if (submitting) loadErrors().catch(() => {});
  }, [submitting]);
  const page = loaderData.page;
  if (page.state === "notFound" || page.state === "noOccupational" || page.state === "billing")
    return <ReserveStatePage page={page} />;
  const title = t("reservation.reserve.title");
  const errors = result?.errors ?? {};
  const insuranceErrors = result?.insurance?.errors ?? {};
  const contactErrors = result?.contact?.errors ?? {};
  const hasErrors = [{ ...insuranceErrors, ...errors }, contactErrors].some((e) => Object.values(e).some(Boolean));
  const editing = page.editingContact || !!result?.contact;
  return (
    <div className="narrow-wide">
      <PageTitle title={title} hasErrors={hasErrors} />
      {hasErrors ? (
        <ReserveErrors
          errors={errors}
          insuranceErrors={insuranceErrors}
          contactErrors={contactErrors}
          contactFields={CONTACT_EDITOR_FIELDS}
        />
      ) : null}
      <h1>{title}</h1>
      {page.kela65Warning ? (
        <NotificationBanner type="warning">
          <p>
            {t(
              page.kela65Warning === "underAge"
                ? "reservation.reserve.kela65UnderAge"
                : "reservation.reserve.kela65UnknownAge",
            )}
          </p>
        </NotificationBanner>
      ) : null}
      <AppointmentSummary appointment={page.appointment} text={page.summary} />
      <ReservationNotes appointment={page.appointment} />
      <PriceView price={page.price} />
      <ContactEditor
        values={page.contact.values}
        editing={editing}
        editHref={page.editContactHref}
        cancelHref={page.here}
        submission={result?.contact}
      />
      <PortalReservationForm
        insurance={result?.insurance ?? page.insurance}
        occupational={page.occupationalConfirmation}
        bindingRequired={page.bindingRequired}
        noticeHours={page.noticeHours}
        contactValid={page.contact.valid}
        editingContact={editing}
        errors={errors}
      />
      {page.promos.phoneService || page.promos.chat ? <OccupationalPromoBoxes promos={page.promos} /> : null}
    </div>
  );
}
