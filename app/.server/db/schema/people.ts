import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";

/** A customer (patient). The identity code is the natural key from strong identification. */
export const people = pgTable("people", {
  id: uuid("id").primaryKey().defaultRandom(),
  identityCode: text("identity_code").notNull().unique(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  birthDate: date("birth_date", { mode: "string" }).notNull(),
  streetAddress: text("street_address"),
  postalCode: text("postal_code"),
  postOffice: text("post_office"),
  phoneNumber: text("phone_number"),
  emailAddress: text("email_address"),
  language: text("language", { enum: ["fi", "sv", "en"] })
    .notNull()
    .default("fi"),
  patientDataConsent: text("patient_data_consent", { enum: ["ok", "missing", "invalid"] })
    .notNull()
    .default("missing"),
  patientDataConsentUpdatedAt: timestamp("patient_data_consent_updated_at", { withTimezone: true }),
  // The choices of the consent form (spec part 1 §3 "Consent flags").
  allowsCommonRegistry: boolean("allows_common_registry").notNull().default(false),
  allowsViewingOccupationalInformation: boolean("allows_viewing_occupational_information").notNull().default(false),
  allowsMarketingMail: boolean("allows_marketing_mail").notNull().default(false),
  allowsTreatmentInstructionsMail: boolean("allows_treatment_instructions_mail").notNull().default(false),
  /** Booking reminders by SMS (the consent form's choice): on unless the person turns them off. */
  allowsBookingSms: boolean("allows_booking_sms").notNull().default(true),
  /** A phone number from onboarding that has not been verified for SMS login yet (front page prompt). */
  mfaOnboardingPhone: text("mfa_onboarding_phone"),
  mfaVerifiedPhone: text("mfa_verified_phone"),
  hasOccupationalCare: boolean("has_occupational_care").notNull().default(false),
  /** Whether the employer's occupational-health contract includes web reservation, and its phone-service promo. */
  occupationalWebReservation: boolean("occupational_web_reservation").notNull().default(false),
  occupationalPhoneService: text("occupational_phone_service"),
  /**
   * The phone service's short description from the contract (the spec's `liftupDescription`; Finnish, as the
   * contract has it), shown with the phone-service promo.
   */
  occupationalPhoneServiceDescription: text("occupational_phone_service_description"),
  /**
   * The service entitlements (product ids) of the employer's contract; the chat and phone-service promos of
   * occupational booking depend on them (app/features/booking/promo.ts names the ids).
   */
  occupationalContractProductIds: text("occupational_contract_product_ids").array().notNull().default([]),
  /** Whether the occupational-health contract includes the influenza vaccination (spec part 2 §3 "Vaccination"). */
  occupationalInfluenzaVaccination: boolean("occupational_influenza_vaccination").notNull().default(false),
  /** Whether the person may ask for prescription renewals online (the spec's `isPrescriptionRenewalEnabled`). */
  prescriptionRenewalEnabled: boolean("prescription_renewal_enabled").notNull().default(true),
  isSicknessFundMember: boolean("is_sickness_fund_member").notNull().default(false),
  creditWorthy: boolean("credit_worthy").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Guardianship of a minor; the guardian may act for the child through a mandate while the child is 11 or younger. */
export const guardianships = pgTable(
  "guardianships",
  {
    guardianId: uuid("guardian_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    childId: uuid("child_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["parent", "trustee", "nextOfKin", "other"] })
      .notNull()
      .default("parent"),
  },
  (t) => [primaryKey({ columns: [t.guardianId, t.childId] }), index("guardianships_child_idx").on(t.childId)],
);

/**
 * The contact details of a person's guardians as the person (or the guardian acting for them) keeps them in My
 * information (spec part 1 §3 "Guardian"): at most two, position 1 and 2; the first cannot be removed.
 */
export const guardianContacts = pgTable(
  "guardian_contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    phoneNumber: text("phone_number").notNull(),
    emailAddress: text("email_address").notNull(),
    /** "Same address as the child": the address fields are then not kept. */
    sameAddress: boolean("same_address").notNull().default(true),
    streetAddress: text("street_address"),
    postalCode: text("postal_code"),
    postOffice: text("post_office"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [unique("guardian_contacts_person_position").on(t.personId, t.position)],
);
