import type { Brand } from "../types";

// The main brand's real name is not ours to use; "Solmu" is the neutral name of this portal's main brand.
export const mainBrand: Brand = {
  id: "main",
  internalOrganization: "solmu",
  name: "Solmu",
  businessName: "Solmu Terveys Oy",
  hostPrefix: null,
  customerServicePhone: "030 600 5000",
  alternativeCustomerServicePhone: "030 600 5050",
  billing: { phone: "030 600 5100", email: "laskutus@solmu.example" },
  links: {
    homePage: "https://www.solmu.example/",
    terms: "https://www.solmu.example/kayttoehdot",
    priceList: "https://www.solmu.example/hinnasto",
    appStore: "https://apps.apple.com/fi/app/solmu/id000000001",
    googlePlay: "https://play.google.com/store/apps/details?id=example.solmu",
    instructions: "https://www.solmu.example/ohjeet",
  },
  logo: { file: "logo.svg", height: 36, width: 120 },
  imagingCentresUrl: "https://www.solmu.example/kuvantaminen/toimipisteet",
  cancellationLimitHours: 24,
  bookingSpecialtyIds: null,
  hiddenPages: [],
  features: {
    development: [
      "mfa",
      "customer-messaging-enabled",
      "customer-messaging-allowed",
      "ohc-appointment-search",
      "kela65",
      "price-details",
      "sickness-fund-page",
      "pohjola-company-insurance-flow",
      "lahitapiola-insurance-flow",
    ],
    production: [
      "mfa",
      "customer-messaging-enabled",
      "customer-messaging-allowed",
      "ohc-appointment-search",
      "price-details",
    ],
  },
  colours: { primary: "#0079ad", accent: "#009bdf" },
};
