import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { API_PATHS } from "./route-table/api-paths";
import { routeTable } from "./route-table/pages.server";
import { LANGS } from "./lib/lang";
import { MOVED_PATHS } from "./moved-paths";

// Every page of the table once per language, with ids like `login.fi`.
const pages = routeTable.flatMap((entry) =>
  LANGS.map((lang) =>
    route(entry.paths[lang] ? `${lang}/${entry.paths[lang]}` : lang, entry.file, { id: `${entry.id}.${lang}` }),
  ),
);

// A page's earlier paths, each redirecting to where the page is now (ids like `moved.payInvoice.fi`).
const moved = MOVED_PATHS.flatMap((entry) =>
  LANGS.map((lang) => route(`${lang}/${entry.from[lang]}`, "routes/moved.ts", { id: `moved.${entry.to}.${lang}` })),
);

export default [
  index("routes/index.tsx"),
  ...pages,
  ...moved,
  // Identification and session endpoints are not localized: the broker and the spec's API call them by fixed paths.
  route("oauth/authenticate", "routes/session/oauth-authenticate.ts"),
  route("oauth/callback", "routes/session/oauth-callback.ts"),
  route("api/logout", "routes/session/api-logout.ts"),
  route("api/session", "routes/session/api-session.ts"),
  route("api/analytics-consent", "routes/analytics-consent.ts"),
  route("api/appointments", "routes/booking/api-appointments.ts"),
  route("api/appointments/practitioner-clinics", "routes/booking/api-practitioner-clinics.ts"),
  route("api/appointments/specialty", "routes/booking/api-specialty.ts"),
  route("api/appointments/available-appointment-dates", "routes/booking/api-available-appointment-dates.ts"),
  route("api/appointments/check-in/:id", "routes/appointments/api-check-in.ts"),
  route("api/anon/check-in", "routes/appointments/api-anon-check-in.ts"),
  route("api/appointments/:id/arrival-reason", "routes/appointments/api-arrival-reason.ts"),
  route("api/appointments/:id", "routes/appointments/api-appointment.ts"),
  route("api/anon/reserve-appointment", "routes/booking/api-anon-reserve-appointment.ts"),
  route("api/reserve-appointment", "routes/booking/api-reserve-appointment.ts"),
  route("api/user/consent", "routes/account/api-user-consent.ts"),
  route(API_PATHS.userRegister.slice(1), "routes/session/api-user-register.ts"),
  route(API_PATHS.userGuardian.slice(1), "routes/account/api-user-guardian.ts"),
  route("api/user", "routes/account/api-user.ts"),
  route(API_PATHS.kelaCard.slice(1), "routes/account/api-kela-card.ts"),
  route(API_PATHS.kelaCardInitUpload.slice(1), "routes/account/api-kela-card-init-upload.ts"),
  route(API_PATHS.kelaCardFinishUpload.slice(1), "routes/account/api-kela-card-finish-upload.ts"),
  route(`${API_PATHS.kelaCardImages.slice(1)}/:id`, "routes/account/api-kela-card-image.ts"),
  route(API_PATHS.mfaOnboarding.slice(1), "routes/account/api-mfa-onboarding.ts"),
  route(API_PATHS.mfa.slice(1), "routes/account/api-mfa.ts"),
  route(API_PATHS.pin.slice(1), "routes/session/api-pin.ts"),
  route("api/insurance/lahitapiola-policy-check", "routes/insurance/api-lahitapiola-policy-check.ts"),
  route("api/insurance/lahitapiola-direct-compensation-permits/:lang", "routes/insurance/api-lahitapiola-permits.ts"),
  route("api/insurance/lahitapiola-apply-permit", "routes/insurance/api-lahitapiola-apply-permit.ts"),
  route("api/insurance/pohjola-company-check", "routes/insurance/api-pohjola-company-check.ts"),
  route("api/insurance/pohjola-check/:date", "routes/insurance/api-pohjola-check.ts"),
  route("api/concepts", "routes/insurance/api-concepts.ts"),
  route("api/payments/invoices-list", "routes/payments/api-invoices-list.ts"),
  route("api/payments/good-sign-invoice", "routes/payments/api-good-sign-invoice.ts"),
  route("api/payments/callback", "routes/payments/api-payment-callback.ts"),
  route("api/payments", "routes/payments/api-payments.ts"),
  route("api/invoices/invoice-summary", "routes/payments/api-invoice-summary.ts"),
  route("api/invoices/:id/pdf", "routes/payments/api-invoice-pdf.ts"),
  route(`${API_PATHS.messageAttachments.slice(1)}/:id`, "routes/messaging/api-message-attachment.ts"),
  route(API_PATHS.customerMessaging.slice(1), "routes/messaging/api-customer-messaging.ts"),
  // The second insurer's permit application page as a development stand-in (404 once the real one is configured).
  route("dev/insurers/lahitapiola/apply", "routes/dev/lahitapiola-apply.ts"),
  // The development file storage's signed uploads (404 when S3 is configured; no /dev path answers in production).
  route(`${API_PATHS.devUploads.slice(1)}/:folder/:purpose/:name`, "routes/dev-uploads.ts"),
  // The care team's side of messaging as a development stand-in (404 in production).
  // Runs the appointment reminder job at once (development only).
  route("dev/reminders", "routes/dev/reminders.tsx"),
  route("dev/care-team", "routes/dev/care-team.tsx"),
  route("dev/care-team/attachments/:attachmentId", "routes/dev/care-team-attachment.ts"),
  route("dev/care-team/:threadId", "routes/dev/care-team-thread.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
