export type BrandId = "main" | "pikkujatti";
export type Environment = "development" | "production";

/**
 * Feature flags, named as in the spec (part 1 §6, part 2 §6), plus `alternative-customer-service-phone`: the main
 * brand's customer-service number differs by a flag (part 1 §9). README "Feature flags" says what each one does.
 */
export const FEATURES = [
  "mfa",
  "pikkutsatti",
  "sickness-fund-page",
  "is-finnair-sickness-fund-member",
  "customer-messaging-enabled",
  "customer-messaging-allowed",
  "ohc-appointment-search",
  "kela65",
  "price-details",
  "pohjola-company-insurance-flow",
  "lahitapiola-insurance-flow",
  "alternative-customer-service-phone",
] as const;

export type Feature = (typeof FEATURES)[number];

export type Brand = {
  id: BrandId;
  /** Wire spelling of the internal organization. */
  internalOrganization: string;
  name: string;
  businessName: string;
  /** Host names that serve this brand, besides the configured public origin. */
  hostPrefix: string | null;
  customerServicePhone: string;
  /**
   * The first brand's number differs by a flag (spec part 1 §9): used when `alternative-customer-service-phone` is
   * on. Read both through `customerServicePhone(brand, environment)` (brands/index.ts), never directly.
   */
  alternativeCustomerServicePhone?: string;
  billing: { phone: string; email: string };
  links: {
    homePage: string;
    terms: string;
    priceList: string;
    appStore: string;
    googlePlay: string;
    chat?: string;
    /** The help page's common-instructions link (spec part 1 §2: first brand only). */
    instructions?: string;
  };
  logo: { file: string; height: number; width: number };
  /** Where to find the nearest imaging centre: the imaging referral page's link (kept out of the layout's data). */
  imagingCentresUrl: string;
  /** Hours before the start within which cancelling online is no longer possible and a reservation is binding. */
  cancellationLimitHours: number;
  /** Specialties the brand's booking lists offer; null offers every specialty. */
  bookingSpecialtyIds: string[] | null;
  /** Pages of the route table that this brand does not have. */
  /** Ids of the route table's pages this brand does not have (404 there, left out of its menus; a test holds them to the table). */
  hiddenPages: string[];
  features: Record<Environment, Feature[]>;
  /** Colours used by the brand's stylesheet; kept here too for e-mails and the dev tools. */
  colours: { primary: string; accent: string };
};
