import { boolean, date, index, numeric, pgTable, serial, text, timestamp, uuid, integer } from "drizzle-orm/pg-core";
import { practitioners, specialties } from "./catalogue";
import { people } from "./people";

// The rows the front page summarises. Later areas (messaging, results, prescriptions, …) extend these tables.

export const threads = pgTable(
  "threads",
  {
    id: serial("id").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id),
    title: text("title"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    customerReadAt: timestamp("customer_read_at", { withTimezone: true }),
  },
  (t) => [index("threads_person_idx").on(t.personId)],
);

export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    authorType: text("author_type", { enum: ["CustomerUser", "ProfessionalUser", "HrUser"] }).notNull(),
    authorName: text("author_name").notNull(),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("messages_thread_idx").on(t.threadId)],
);

/** Medical reports of visits. */
export const visits = pgTable(
  "visits",
  {
    id: serial("id").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id),
    dateTime: timestamp("date_time", { withTimezone: true }).notNull(),
    practitionerId: text("practitioner_id").references(() => practitioners.id),
    specialtyId: text("specialty_id").references(() => specialties.id),
    summary: text("summary"),
  },
  (t) => [index("visits_person_idx").on(t.personId)],
);

export const prescriptions = pgTable(
  "prescriptions",
  {
    id: serial("id").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id),
    medicineName: text("medicine_name").notNull(),
    strength: text("strength"),
    issuedDate: date("issued_date", { mode: "string" }).notNull(),
    isRenewable: boolean("is_renewable").notNull().default(false),
    dosageGuide: text("dosage_guide"),
  },
  (t) => [index("prescriptions_person_idx").on(t.personId)],
);

export const referrals = pgTable(
  "referrals",
  {
    id: serial("id").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id),
    type: text("type", { enum: ["laboratory", "imaging"] }).notNull(),
    title: text("title").notNull(),
    description: text("description"),
    createdOn: date("created_on", { mode: "string" }).notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    practitionerId: text("practitioner_id").references(() => practitioners.id),
  },
  (t) => [index("referrals_person_idx").on(t.personId)],
);

export const labResults = pgTable(
  "lab_results",
  {
    id: serial("id").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id),
    sampledOn: date("sampled_on", { mode: "string" }).notNull(),
    code: text("code").notNull(),
    displayName: text("display_name").notNull(),
    isReady: boolean("is_ready").notNull().default(false),
    resultText: text("result_text"),
    resultNumber: numeric("result_number"),
    unit: text("unit"),
    referenceMin: numeric("reference_min"),
    referenceMax: numeric("reference_max"),
  },
  (t) => [index("lab_results_person_idx").on(t.personId)],
);

export const imagingResults = pgTable(
  "imaging_results",
  {
    id: serial("id").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id),
    examinationName: text("examination_name").notNull(),
    imagingDate: date("imaging_date", { mode: "string" }).notNull(),
    statementText: text("statement_text"),
  },
  (t) => [index("imaging_results_person_idx").on(t.personId)],
);

export const questionnaireInvitations = pgTable(
  "questionnaire_invitations",
  {
    id: serial("id").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id),
    title: text("title").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [index("questionnaire_invitations_person_idx").on(t.personId)],
);
