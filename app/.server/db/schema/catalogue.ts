import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { people } from "./people";
import type { CareType } from "~/lib/care-type";

export const clinics = pgTable("clinics", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  municipality: text("municipality").notNull(),
  streetAddress: text("street_address"),
  postalCode: text("postal_code"),
  postOffice: text("post_office"),
  arrivalInfo: text("arrival_info"),
  isRemote: boolean("is_remote").notNull().default(false),
});

export const specialties = pgTable("specialties", {
  id: text("id").primaryKey(),
  nameFi: text("name_fi").notNull(),
  nameSv: text("name_sv").notNull(),
  nameEn: text("name_en").notNull(),
  /** The specialty's description from the content system, shown on the reservation view. */
  descriptionFi: text("description_fi"),
  descriptionSv: text("description_sv"),
  descriptionEn: text("description_en"),
});

/** Appointment kinds: what the visit is, and what to know before reserving it. */
export const appointmentKinds = pgTable("appointment_kinds", {
  code: text("code").primaryKey(),
  nameFi: text("name_fi").notNull(),
  nameSv: text("name_sv").notNull(),
  nameEn: text("name_en").notNull(),
  /** What to know before reserving this kind of appointment (spec: kind.cmsContent.appointmentReservationInfo). */
  reservationInfoFi: text("reservation_info_fi"),
  reservationInfoSv: text("reservation_info_sv"),
  reservationInfoEn: text("reservation_info_en"),
});

/** An additional fee of a practitioner's rate (e.g. the clinic fee), in cents. */
export type AdditionalFee = { code: string; nameFi: string; nameSv: string; nameEn: string; cents: number };

export const practitioners = pgTable("practitioners", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  titleFi: text("title_fi").notNull(),
  titleSv: text("title_sv").notNull(),
  titleEn: text("title_en").notNull(),
  specialtyId: text("specialty_id").references(() => specialties.id),
  isResource: boolean("is_resource").notNull().default(false),
  /** Profile picture from the content system; without one the page shows an initials avatar. */
  pictureUrl: text("picture_url"),
  /** The practitioner's base rate in cents; the price estimate is the rate plus the additional fees. */
  rateCents: integer("rate_cents"),
  additionalFees: jsonb("additional_fees").$type<AdditionalFee[]>().notNull().default([]),
  /** Notes the practitioner wants shown before reserving (spec: practitioner.appointmentReservationInfo). */
  reservationInfoFi: text("reservation_info_fi"),
  reservationInfoSv: text("reservation_info_sv"),
  reservationInfoEn: text("reservation_info_en"),
});

export const locationTypes = [
  "physicalLocation",
  "remoteAppointment",
  "phoneAppointment",
  "videoAppointment",
  "meetingAppointment",
] as const;

/** A time slot in a practitioner's calendar. Whether it is free is decided by `reservations`. */
export const appointments = pgTable(
  "appointments",
  {
    id: serial("id").primaryKey(),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => clinics.id),
    practitionerId: text("practitioner_id")
      .notNull()
      .references(() => practitioners.id),
    specialtyId: text("specialty_id")
      .notNull()
      .references(() => specialties.id),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    locationType: text("location_type", { enum: locationTypes }).notNull().default("physicalLocation"),
    kindCode: text("kind_code"),
    /** Only logged-in customers may reserve it (spec: requiresAuthToReserve). */
    requiresAuthToReserve: boolean("requires_auth_to_reserve").notNull().default(false),
    /** The customer types whose lists offer this slot. */
    careTypes: text("care_types")
      .array()
      .$type<CareType[]>()
      .notNull()
      .default(sql`'{private,insurance}'::text[]`),
  },
  (t) => [
    index("appointments_starts_at_idx").on(t.startsAt),
    index("appointments_practitioner_idx").on(t.practitionerId, t.startsAt),
    index("appointments_clinic_idx").on(t.clinicId, t.startsAt),
    index("appointments_specialty_idx").on(t.specialtyId, t.startsAt),
  ],
);

/**
 * A person's reservation of an appointment. At most one active reservation per appointment is enforced by the
 * database (partial unique index), so a slot can never be booked twice.
 */
export const reservations = pgTable(
  "reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id),
    status: text("status", { enum: ["active", "cancelled", "providerCancelled"] })
      .notNull()
      .default("active"),
    reservedAt: timestamp("reserved_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    room: text("room"),
    /** The customer's own reason for the visit, stored with the fixed Finnish prefix the clinic systems expect. */
    arrivalReason: text("arrival_reason"),
    /** How and as what the slot was reserved. */
    channel: text("channel", { enum: ["portal", "anonymous", "clinic"] })
      .notNull()
      .default("clinic"),
    careType: text("care_type").$type<CareType>().notNull().default("private"),
    /** The note sent with the reservation (date plus the insurer), the concept code and the insurer's permit. */
    description: text("description"),
    conceptCode: text("concept_code"),
    insurer: text("insurer"),
    reimbursement: text("reimbursement"),
    directCompensationPermit: text("direct_compensation_permit"),
    /** Contact details given with this reservation (the confirmation SMS and e-mail go here). */
    contactPhone: text("contact_phone"),
    contactEmail: text("contact_email"),
    /** The language and brand the slot was reserved in: its reminder speaks and links in them. */
    lang: text("lang"),
    brand: text("brand"),
    /** When the day-before reminder was handled (queued, or passed over for want of a phone): never twice. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reservations_one_active_per_appointment")
      .on(t.appointmentId)
      .where(sql`${t.status} = 'active'`),
    index("reservations_person_idx").on(t.personId),
  ],
);

/**
 * Wrong identity-code endings given at the clinic door, per reservation: after five the anonymous check-in of
 * that appointment locks and the customer is sent to the reception.
 */
export const doorCheckInAttempts = pgTable("door_check_in_attempts", {
  reservationId: uuid("reservation_id")
    .primaryKey()
    .references(() => reservations.id, { onDelete: "cascade" }),
  failures: integer("failures").notNull().default(0),
  lockedAt: timestamp("locked_at", { withTimezone: true }),
});
