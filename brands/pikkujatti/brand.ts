import type { Brand } from "../types";

export const pikkujattiBrand: Brand = {
  id: "pikkujatti",
  internalOrganization: "pikkujatti",
  name: "Pikkujätti",
  businessName: "Lastenklinikka Pikkujätti Oy",
  hostPrefix: "pikkujatti.",
  customerServicePhone: "030 600 7000",
  billing: { phone: "030 600 7100", email: "laskutus@pikkujatti.example" },
  links: {
    homePage: "https://www.pikkujatti.example/",
    terms: "https://www.pikkujatti.example/kayttoehdot",
    priceList: "https://www.pikkujatti.example/hinnasto",
    appStore: "https://apps.apple.com/fi/app/pikkujatti/id000000002",
    googlePlay: "https://play.google.com/store/apps/details?id=example.pikkujatti",
    chat: "https://www.pikkujatti.example/pikkutsatti",
  },
  logo: { file: "logo.svg", height: 60, width: 100 },
  imagingCentresUrl: "https://www.pikkujatti.example/kuvantaminen/toimipisteet",
  cancellationLimitHours: 24,
  bookingSpecialtyIds: ["LAS"],
  // Spec part 1 §1: only the main brand has these pages. Laboratory and imaging results are the exception: a
  // guardian reads a child's results here too (README "Decisions", audit P1-03).
  hiddenPages: [
    "certificates",
    "certificatePdf",
    "conversations",
    "conversation",
    "newConversation",
    "occupationalHealthTeam",
    "questionnaire",
    "questionnaireList",
    // Occupational health care is offered by the main organisation only (spec part 2 §2, §6).
    "occupationalLanding",
    "occupationalBooking",
    "occupationalFreeAppointment",
    "occupationalVaccination",
  ],
  features: {
    development: [
      "mfa",
      "pikkutsatti",
      "customer-messaging-enabled",
      "customer-messaging-allowed",
      "kela65",
      "price-details",
    ],
    production: ["mfa", "pikkutsatti"],
  },
  colours: { primary: "#0079ad", accent: "#3fb6b6" },
};
