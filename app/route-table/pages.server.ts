import type { Lang } from "../lib/lang";
import { setRoutePaths, type RoutePaths } from "./index";

/**
 * The one table of pages: every page's id, module and localized path (without the /{lang} prefix).
 * Links, redirects, the language switch and hreflang alternates are all derived from it.
 * Pages that exist in one brand only are listed in that brand's `hiddenPages` (brands/<brand>/brand.ts).
 */
export type RouteEntry = {
  id: string;
  file: string;
  paths: Record<Lang, string>;
};

export const routeTable = [
  { id: "home", file: "routes/front-page/home.tsx", paths: { fi: "", sv: "", en: "" } },
  { id: "login", file: "routes/session/login.tsx", paths: { fi: "kirjaudu", sv: "loggain", en: "login" } },
  { id: "logout", file: "routes/session/logout.tsx", paths: { fi: "kirjaudu-ulos", sv: "logga-ut", en: "logout" } },
  {
    id: "expiredSession",
    file: "routes/session/expired-session.tsx",
    paths: { fi: "katkennut-istunto", sv: "utgatt-session", en: "expired-session" },
  },
  {
    // The SMS code of a person with SMS login on, after strong identification or to resume an idle session.
    id: "authentication",
    file: "routes/session/authentication.tsx",
    paths: { fi: "tunnistautuminen", sv: "behorighetskontroll", en: "authentication" },
  },
  {
    id: "registration",
    file: "routes/session/registration.tsx",
    paths: { fi: "rekisterointi", sv: "registrering", en: "registration" },
  },
  {
    id: "hpaRegistration",
    file: "routes/session/registration.tsx",
    paths: { fi: "hpa/register", sv: "hpa/register", en: "hpa/register" },
  },
  {
    id: "transactionPath",
    file: "routes/session/transaction-path.tsx",
    paths: { fi: "asiointipolku", sv: "transaktionsbana", en: "transaction-path" },
  },
  {
    id: "appointments",
    file: "routes/appointments/list.tsx",
    paths: { fi: "ajanvaraukset", sv: "tidsbokningar", en: "appointments" },
  },
  {
    id: "appointment",
    file: "routes/appointments/appointment.tsx",
    paths: { fi: "ajanvaraukset/:ids", sv: "tidsbokningar/:ids", en: "appointments/:ids" },
  },
  {
    id: "cancelAppointment",
    file: "routes/appointments/cancel.tsx",
    paths: { fi: "ajanvaraukset/:id/peru", sv: "tidsbokningar/:id/avboka", en: "appointments/:id/cancel" },
  },
  {
    id: "appointmentCalendar",
    file: "routes/appointments/calendar.ts",
    paths: {
      fi: "ajanvaraukset/:id/kalenteri.ics",
      sv: "tidsbokningar/:id/kalender.ics",
      en: "appointments/:id/calendar.ics",
    },
  },
  {
    // The anonymous link from the reservation SMS or the clinic door.
    id: "doorAppointment",
    file: "routes/appointments/door.tsx",
    paths: { fi: "varaus/:token", sv: "bokning/:token", en: "appointment/:token" },
  },
  {
    // The single-use link of an earlier-time offer (SMS): take the offered time or let it go.
    id: "earlierTimeOffer",
    file: "routes/appointments/earlier-time-offer.tsx",
    paths: { fi: "aiempi-aika/:token", sv: "tidigare-tid/:token", en: "earlier-time/:token" },
  },
  {
    // Booking: the landing page where the customer type is chosen, then one search list per customer type.
    id: "booking",
    file: "routes/booking/landing.tsx",
    paths: { fi: "ajanvaraus", sv: "tidsbokning", en: "booking" },
  },
  {
    id: "privateBooking",
    file: "routes/booking/search.tsx",
    paths: { fi: "ajanvaraus/yksityisasiakas", sv: "tidsbokning/privat-kund", en: "booking/private-customer" },
  },
  {
    id: "insuranceBooking",
    file: "routes/booking/search.tsx",
    paths: { fi: "ajanvaraus/vakuutus", sv: "tidsbokning/forsakring", en: "booking/insurance" },
  },
  {
    id: "kela65Booking",
    file: "routes/booking/search.tsx",
    paths: { fi: "ajanvaraus/kela65", sv: "tidsbokning/kela65", en: "booking/kela65" },
  },
  {
    // Anonymous occupational landing: a sign-in prompt that passes the query string on to `occupationalBooking`.
    id: "occupationalLanding",
    file: "routes/booking/occupational-landing.tsx",
    paths: { fi: "ajanvaraus/tyoterveys", sv: "tidsbokning/foretagshalsovard", en: "booking/occupational-healthcare" },
  },
  {
    // The logged-in occupational list lives without the booking word (spec part 2 §2).
    id: "occupationalBooking",
    file: "routes/booking/search.tsx",
    paths: { fi: "tyoterveys", sv: "foretagshalsovard", en: "occupational-healthcare" },
  },
  {
    // A free appointment for an anonymous visitor: summary, notes, then a login prompt or the anonymous form.
    id: "anonFreeAppointment",
    file: "routes/booking/anon-free-appointment.tsx",
    paths: {
      fi: "kirjautumattomat-kayttajat/vapaat-ajat/:id",
      sv: "anonyma-anvandare/lediga-tider/:id",
      en: "anonymous-users/available-appointments/:id",
    },
  },
  {
    id: "anonInsuranceFreeAppointment",
    file: "routes/booking/anon-free-appointment.tsx",
    paths: {
      fi: "kirjautumattomat-kayttajat/vapaat-ajat/vakuutus/:id",
      sv: "anonyma-anvandare/lediga-tider/forsakring/:id",
      en: "anonymous-users/available-appointments/insurance/:id",
    },
  },
  {
    id: "anonKela65FreeAppointment",
    file: "routes/booking/anon-free-appointment.tsx",
    paths: {
      fi: "kirjautumattomat-kayttajat/vapaat-ajat/kela65/:id",
      sv: "anonyma-anvandare/lediga-tider/kela65/:id",
      en: "anonymous-users/available-appointments/kela65/:id",
    },
  },
  {
    // A free appointment for a logged-in customer: the reservation form.
    id: "freeAppointment",
    file: "routes/booking/reserve.tsx",
    paths: { fi: "vapaat-ajat/:id", sv: "lediga-tider/:id", en: "available-appointments/:id" },
  },
  {
    id: "insuranceFreeAppointment",
    file: "routes/booking/reserve.tsx",
    paths: {
      fi: "vapaat-ajat/vakuutus/:id",
      sv: "lediga-tider/forsakring/:id",
      en: "available-appointments/insurance/:id",
    },
  },
  {
    id: "kela65FreeAppointment",
    file: "routes/booking/reserve.tsx",
    paths: { fi: "vapaat-ajat/kela65/:id", sv: "lediga-tider/kela65/:id", en: "available-appointments/kela65/:id" },
  },
  {
    id: "occupationalFreeAppointment",
    file: "routes/booking/reserve.tsx",
    paths: {
      fi: "tyoterveys/vapaat-ajat/:id",
      sv: "foretagshalsovard/lediga-tider/:id",
      en: "occupational-healthcare/available-appointments/:id",
    },
  },
  {
    // The anonymous reservation's confirmation (summary only), addressed by the same token as the SMS link.
    id: "anonReservation",
    file: "routes/booking/anon-reservation.tsx",
    paths: {
      fi: "kirjautumattomat-kayttajat/varaus/:token",
      sv: "anonyma-anvandare/bokning/:token",
      en: "anonymous-users/reservation/:token",
    },
  },
  {
    id: "appointmentUnavailable",
    file: "routes/booking/unavailable.tsx",
    paths: {
      fi: "ajanvaraus/aika-ei-saatavilla",
      sv: "tidsbokning/tiden-ar-inte-ledig",
      en: "booking/appointment-not-available",
    },
  },
  {
    id: "dataProcessing",
    file: "routes/account/data-processing.tsx",
    paths: { fi: "potilastietojen-kasittely", sv: "behandling-av-patientuppgifter", en: "data-processing" },
  },
  {
    // My information: contact details, guardians' contact details and consents as tabs (`?tab=`).
    id: "myInformation",
    file: "routes/account/my-information.tsx",
    paths: { fi: "omat-tiedot", sv: "mina-uppgifter", en: "my-information" },
  },
  {
    id: "myInformationSessions",
    file: "routes/account/sessions.tsx",
    paths: { fi: "omat-tiedot/istunnot", sv: "mina-uppgifter/sessioner", en: "my-information/sessions" },
  },
  {
    // "Who viewed my data": the person's own access log.
    id: "dataAccessLog",
    file: "routes/account/data-access.tsx",
    paths: {
      fi: "omat-tiedot/kuka-katsoi-tietojani",
      sv: "mina-uppgifter/vem-har-last-mina-uppgifter",
      en: "my-information/who-viewed-my-data",
    },
  },
  {
    // The Kela card's images: the form of My information posts here (the one path with a body limit for two
    // images), and the page shows that form again with its errors.
    id: "kelaCard",
    file: "routes/account/kela-card.tsx",
    paths: { fi: "omat-tiedot/kela-kortti", sv: "mina-uppgifter/fpa-kort", en: "my-information/kela-card" },
  },
  // Invoices and online payment (spec part 1 §2 "Payment routes"): the summary takes the invoice id, the payment
  // and result pages the invoice number, at the spec's paths `pay/{id}` and `payment/{id}` in every language (links
  // in payment e-mails and the provider's return addresses are built to them; the earlier paths redirect,
  // app/moved-paths.ts).
  { id: "invoices", file: "routes/payments/invoices.tsx", paths: { fi: "laskut", sv: "fakturor", en: "invoices" } },
  {
    id: "invoiceSummary",
    file: "routes/payments/summary.tsx",
    paths: { fi: "laskut/yhteenveto/:id", sv: "fakturor/sammanfattning/:id", en: "invoices/summary/:id" },
  },
  {
    id: "payInvoice",
    file: "routes/payments/pay.tsx",
    paths: { fi: "pay/:id", sv: "pay/:id", en: "pay/:id" },
  },
  {
    id: "paymentResult",
    file: "routes/payments/result.tsx",
    paths: { fi: "payment/:id", sv: "payment/:id", en: "payment/:id" },
  },
  // Messaging with the care team (spec part 2 §2 "Messaging"); main brand only.
  {
    id: "conversations",
    file: "routes/messaging/conversations.tsx",
    paths: { fi: "viestit", sv: "meddelanden", en: "conversations" },
  },
  {
    id: "newConversation",
    file: "routes/messaging/new-conversation.tsx",
    paths: { fi: "viestit/uusi", sv: "meddelanden/ny", en: "conversations/new" },
  },
  {
    id: "conversation",
    file: "routes/messaging/conversation.tsx",
    paths: { fi: "viestit/:threadId", sv: "meddelanden/:threadId", en: "conversations/:threadId" },
  },
  {
    // The employer's occupational-health team (spec part 1 §2); main brand only.
    id: "occupationalHealthTeam",
    file: "routes/occupational-team/team.tsx",
    paths: {
      fi: "tyoterveystiimi",
      sv: "foretagshalsovardsteamet",
      en: "occupational-health-care-team",
    },
  },
  // Health records (spec part 2 §2 "Imaging", "Laboratory", "Visits"; part 1 §2 "Certificates", "Vaccinations").
  {
    id: "laboratory",
    file: "routes/health-records/laboratory.tsx",
    paths: { fi: "laboratorio", sv: "laboratorium", en: "laboratory" },
  },
  {
    id: "labReferral",
    file: "routes/health-records/lab-referral.tsx",
    paths: { fi: "laboratoriolahete/:id", sv: "laboratorieremiss/:id", en: "laboratoryreferral/:id" },
  },
  {
    // A day's laboratory results, by the sampling date (YYYY-MM-DD).
    id: "labResult",
    file: "routes/health-records/lab-result.tsx",
    paths: { fi: "laboratoriotulos/:date", sv: "laboratorieresultat/:date", en: "laboratoryresult/:date" },
  },
  {
    id: "imaging",
    file: "routes/health-records/imaging.tsx",
    paths: { fi: "kuvantaminen", sv: "bildbehandling", en: "imaging" },
  },
  {
    id: "imagingReferral",
    file: "routes/health-records/imaging-referral.tsx",
    paths: { fi: "kuvantamislahete/:id", sv: "bildbehandlingremiss/:id", en: "imagingreferral/:id" },
  },
  {
    // A day's imaging results, by the imaging date (YYYY-MM-DD).
    id: "imagingResult",
    file: "routes/health-records/imaging-result.tsx",
    paths: { fi: "kuvantaminen/:date", sv: "bildbehandling/:date", en: "imaging/:date" },
  },
  { id: "visits", file: "routes/health-records/visits.tsx", paths: { fi: "kaynnit", sv: "besoken", en: "visits" } },
  {
    id: "visit",
    file: "routes/health-records/visit.tsx",
    paths: { fi: "kaynnit/:visitId", sv: "besoken/:visitId", en: "visits/:visitId" },
  },
  {
    // Sick-leave certificates; main brand only.
    id: "certificates",
    file: "routes/health-records/certificates.tsx",
    paths: { fi: "todistukset", sv: "certifikat", en: "certificates" },
  },
  {
    id: "certificatePdf",
    file: "routes/health-records/certificate-pdf.ts",
    paths: {
      fi: "todistukset/:id/todistus.pdf",
      sv: "certifikat/:id/certifikat.pdf",
      en: "certificates/:id/certificate.pdf",
    },
  },
  {
    id: "vaccinations",
    file: "routes/health-records/vaccinations.tsx",
    paths: { fi: "rokotukset", sv: "vaccinationer", en: "vaccinations" },
  },
  {
    // The occupational vaccination landing (an anonymous page type, no navigation): the link in the employer's
    // vaccination campaign; main brand only, like occupational booking.
    id: "occupationalVaccination",
    file: "routes/health-records/occupational-vaccination.tsx",
    paths: {
      fi: "tyoterveys-rokotukset",
      sv: "foretagshalsovard-vaccinationer",
      en: "occupational-healthcare-vaccinations",
    },
  },
  // Prescriptions and renewal requests (spec part 2 §2); the renewal's segment takes comma-separated ids.
  {
    id: "prescriptions",
    file: "routes/prescriptions/prescriptions.tsx",
    paths: { fi: "reseptit", sv: "recept", en: "prescriptions" },
  },
  {
    id: "prescriptionRenewal",
    file: "routes/prescriptions/renewal.tsx",
    paths: { fi: "reseptin-uusinta/:ids", sv: "receptfornyelse/:ids", en: "prescription-renewal/:ids" },
  },
  // Questionnaires (spec part 2 §2); main brand only.
  {
    id: "questionnaireList",
    file: "routes/questionnaires/questionnaires.tsx",
    paths: { fi: "kyselyt", sv: "rundfraga", en: "questionnaires" },
  },
  {
    id: "questionnaire",
    file: "routes/questionnaires/questionnaire.tsx",
    paths: { fi: "kyselyt/:id", sv: "rundfraga/:id", en: "questionnaires/:id" },
  },
  {
    // The anonymous landing of an invoice notification: no menu or footer.
    id: "payVisit",
    file: "routes/payments/pay-visit.tsx",
    paths: { fi: "maksa-kaynti", sv: "betala-besok", en: "pay-visit" },
  },
  // General pages (spec part 1 §2 "Other pages"). The help page is Finnish only: its sv and en paths answer 404.
  { id: "help", file: "routes/info/help.tsx", paths: { fi: "ohjeita", sv: "ohjeita", en: "ohjeita" } },
  { id: "eula", file: "routes/info/eula.tsx", paths: { fi: "eula", sv: "eula", en: "eula" } },
  {
    // The welcome of a logged-in person with no events yet (the front page sends them here).
    id: "newCustomer",
    file: "routes/info/new-customer.tsx",
    paths: { fi: "uusi-asiakas", sv: "ny-kund", en: "new-customer" },
  },
  // The chat has moved to the mobile app (feature `pikkutsatti`): the menu's page, the link of a chat's payment,
  // and the anonymous children's-service page.
  {
    id: "chatMoved",
    file: "routes/info/chat-moved.tsx",
    paths: { fi: "pikkutsatti", sv: "pikkutsatti", en: "pikkutsatti" },
  },
  {
    id: "chatMovedPayment",
    file: "routes/info/chat-moved.tsx",
    paths: { fi: "pikkutsatti/maksu", sv: "pikkutsatti/betalning", en: "pikkutsatti/payment" },
  },
  {
    id: "childrensService",
    file: "routes/info/childrens-service.tsx",
    paths: {
      fi: "kirjautumattomat-kayttajat/pikkutsatti",
      sv: "anonyma-anvandare/pikkutsatti",
      en: "anonymous-users/pikkutsatti",
    },
  },
  // The sickness fund (Finnish content in every language); each tab is a page of its own, so tabs work as links.
  {
    id: "sicknessFund",
    file: "routes/sickness-fund/sickness-fund.tsx",
    paths: { fi: "sairauskassa", sv: "sairauskassa", en: "sairauskassa" },
  },
  {
    id: "sicknessFundTab",
    file: "routes/sickness-fund/sickness-fund.tsx",
    paths: { fi: "sairauskassa/:tab", sv: "sairauskassa/:tab", en: "sairauskassa/:tab" },
  },
] as const satisfies readonly RouteEntry[];

export type RouteId = (typeof routeTable)[number]["id"];

export function routeEntry(id: RouteId): RouteEntry {
  return routeTable.find((r) => r.id === id)!;
}

/** The path words of every page in the three languages: what the browser loads as `paths.json`. */
export const routePaths: RoutePaths = Object.fromEntries(
  routeTable.map((r) => [r.id, [r.paths.fi, r.paths.sv, r.paths.en]]),
);

// The server's links read the table itself; the browser's, the JSON (entry.client.tsx).
setRoutePaths(routePaths);
