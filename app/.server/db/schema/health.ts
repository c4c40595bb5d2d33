import { boolean, date, index, numeric, pgTable, serial, text, timestamp, uuid, integer } from "drizzle-orm/pg-core";
import { practitioners, specialties } from "./catalogue";
import { messages } from "./messaging";
import { people } from "./people";

// The rows the front page summarises. Later areas (results, prescriptions, …) extend these tables; messaging has
// its own module.

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
    /** The message that carried the invitation, when it came inside a conversation. */
    messageId: integer("message_id").references(() => messages.id, { onDelete: "set null" }),
    /** The survey's answers as the JSON string `AnswerQuestionnaire` takes. */
    answers: text("answers"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [index("questionnaire_invitations_person_idx").on(t.personId)],
);
