import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { appointments, clinics, practitioners, reservations, specialties } from "./catalogue";
import { people } from "./people";

/**
 * A customer's wish for an earlier time than the appointment they hold: with the same practitioner, or the same
 * service at the same clinic, no later than `untilDate`. The offer job offers freed or added slots to the oldest
 * waiting request first.
 */
export const earlierTimeRequests = pgTable(
  "earlier_time_requests",
  {
    id: serial("id").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id),
    reservationId: uuid("reservation_id")
      .notNull()
      .references(() => reservations.id),
    match: text("match", { enum: ["practitioner", "serviceAtClinic"] }).notNull(),
    practitionerId: text("practitioner_id")
      .notNull()
      .references(() => practitioners.id),
    specialtyId: text("specialty_id")
      .notNull()
      .references(() => specialties.id),
    clinicId: text("clinic_id")
      .notNull()
      .references(() => clinics.id),
    /** The latest day (Helsinki) an offered time may be on. */
    untilDate: date("until_date").notNull(),
    /** The offer SMS speaks and links in these. */
    lang: text("lang").notNull(),
    brand: text("brand").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["waiting", "offered", "moved", "stopped", "expired"] })
      .notNull()
      .default("waiting"),
  },
  (t) => [
    // One live request per reservation: asking twice changes nothing.
    uniqueIndex("earlier_time_requests_one_live_per_reservation")
      .on(t.reservationId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index("earlier_time_requests_waiting_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'waiting'`),
  ],
);

/**
 * A slot offered to a request, held for it until `expiresAt`. Only the SHA-256 of the link's token is kept. At most
 * one open offer per slot, so two nodes running the job never offer the same slot twice.
 */
export const earlierTimeOffers = pgTable(
  "earlier_time_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: integer("request_id")
      .notNull()
      .references(() => earlierTimeRequests.id),
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["open", "taken", "declined", "expired"] })
      .notNull()
      .default("open"),
  },
  (t) => [
    uniqueIndex("earlier_time_offers_token_hash_idx").on(t.tokenHash),
    uniqueIndex("earlier_time_offers_one_open_per_appointment")
      .on(t.appointmentId)
      .where(sql`${t.status} = 'open'`),
    index("earlier_time_offers_request_idx").on(t.requestId),
  ],
);
