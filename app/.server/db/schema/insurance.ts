import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { appointments } from "./catalogue";
import { people } from "./people";

/** A text in the three interface languages (the insurers' permit texts come localized). */
export type LocalizedText = { fi: string; sv: string; en: string };
export type StoredInsuranceChoice = {
  insurer: string | null;
  reimbursement: string | null;
  consent: boolean;
  policyOwner?: string | null;
  eventType?: string | null;
  permit?: string | null;
};
export type StoredPermit = { contentHash: string; symptom: string; bodyPart: string; validTo: string };
export type StoredPohjolaResult = {
  policyId: string | null;
  productName: string | null;
  coverages: { id: string; name: string; terms: { id: string; name: string }[] }[];
  /** Whose policy was checked (the company flow); absent in rows written before it was kept: personal. */
  owner?: "personal" | "company";
};
export type Coverage = StoredPohjolaResult["coverages"][number];

/**
 * The insurer panel's memory for one person and one free appointment: the choice and the insurers' answers.
 * Kept server-side so a verification survives page loads without JavaScript and the insurer's redirect
 * round trip, and so the browser cannot forge a "found" answer or a permit.
 */
export const insuranceVerifications = pgTable(
  "insurance_verifications",
  {
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    choice: jsonb("choice").$type<StoredInsuranceChoice>().notNull(),
    lahitapiolaStatus: text("lahitapiola_status").notNull().default("not_asked"),
    permits: jsonb("permits").$type<StoredPermit[]>().notNull().default([]),
    pohjolaStatus: text("pohjola_status").notNull().default("undefined"),
    pohjolaResult: jsonb("pohjola_result").$type<StoredPohjolaResult | null>(),
    /** When the insurers' answers (statuses, permits, policy) were last written; a choice alone does not move it. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.appointmentId] })],
);

/** The billing concept last set for a person through /api/concepts (chosen by insurer and reimbursement). */
export const customerConcepts = pgTable("customer_concepts", {
  personId: uuid("person_id")
    .primaryKey()
    .references(() => people.id, { onDelete: "cascade" }),
  conceptCode: text("concept_code").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** Development stand-in data: the insurers' policies of the demo people. Not read when real insurers are configured. */
export const demoInsurancePolicies = pgTable(
  "demo_insurance_policies",
  {
    id: serial("id").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    insurer: text("insurer").notNull(),
    policyId: text("policy_id").notNull(),
    productName: text("product_name").notNull(),
    owner: text("owner", { enum: ["personal", "company"] })
      .notNull()
      .default("personal"),
    /** Company policies: the event types they cover (leisureAccident, sickness). */
    eventTypes: text("event_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    coverages: jsonb("coverages").$type<Coverage[]>().notNull().default([]),
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    validTo: date("valid_to", { mode: "string" }),
    /** The stand-in answers this person's checks with a technical fault (to demo and test the error states). */
    simulateFault: boolean("simulate_fault").notNull().default(false),
  },
  (t) => [index("demo_insurance_policies_person_idx").on(t.personId)],
);

/** Development stand-in data: the second insurer's direct-compensation permits. */
export const demoDirectCompensationPermits = pgTable(
  "demo_direct_compensation_permits",
  {
    id: serial("id").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    contentHash: text("content_hash").notNull().unique(),
    symptom: jsonb("symptom").$type<LocalizedText>().notNull(),
    bodyPart: jsonb("body_part").$type<LocalizedText>().notNull(),
    validTo: date("valid_to", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("demo_dc_permits_person_idx").on(t.personId)],
);
