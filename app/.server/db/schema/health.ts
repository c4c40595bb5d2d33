import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { practitioners, specialties } from "./catalogue";
import { messages, threads } from "./messaging";
import { people } from "./people";
import { storedFiles } from "./storage";

// Health records: visits, prescriptions, referrals, laboratory and imaging results, certificates, vaccinations and
// questionnaires. Messaging has its own module.

/** Who may see a record (spec part 1 §3 "View restrictions"): a customer sees only what is released to patients. */
export const VIEW_RESTRICTIONS = ["patient", "professional"] as const;

/**
 * Where a laboratory test is (spec part 1 §3 "lab test status"): ordered but not yet sampled (the patient still has to
 * give the sample), sampled and waiting for its result, or ready.
 */
export const LAB_TEST_STATUSES = ["referral", "sampled", "ready"] as const;
export type LabTestStatus = (typeof LAB_TEST_STATUSES)[number];

/** A diagnosis of a visit: the ICD-10 code when there is one, and the description. */
export type Diagnosis = { code?: string; description: string };
/** A text section of a visit report. */
export type ReportText = { title: string; body: string };

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
    diagnoses: jsonb("diagnoses").$type<Diagnosis[]>().notNull().default([]),
    texts: jsonb("texts").$type<ReportText[]>().notNull().default([]),
    viewRestriction: text("view_restriction", { enum: VIEW_RESTRICTIONS }).notNull().default("patient"),
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
    // The rest of the spec's prescription (part 2 §3), for the list's derived text line.
    medicineType: text("medicine_type"),
    packageUnit: text("package_unit"),
    packageSize: numeric("package_size"),
    packageCount: integer("package_count"),
    treatmentLength: integer("treatment_length"),
    treatmentLengthUnit: text("treatment_length_unit", { enum: ["day", "week", "month", "year"] }),
    totalAmount: text("total_amount"),
    usageGuide: text("usage_guide"),
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
    patientInstructionsUrl: text("patient_instructions_url"),
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
    status: text("status", { enum: LAB_TEST_STATUSES }).notNull().default("sampled"),
    resultText: text("result_text"),
    resultNumber: numeric("result_number"),
    unit: text("unit"),
    referenceMin: numeric("reference_min"),
    referenceMax: numeric("reference_max"),
    /** A comparison before the number, e.g. "<" in "< 0.5". */
    prefix: text("prefix"),
    additionalResult: text("additional_result"),
    description: text("description"),
    /** The test package the test belongs to (e.g. a basic blood count), or null for a single test. */
    packageCode: text("package_code"),
    packageName: text("package_name"),
    viewRestriction: text("view_restriction", { enum: VIEW_RESTRICTIONS }).notNull().default("patient"),
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
    viewRestriction: text("view_restriction", { enum: VIEW_RESTRICTIONS }).notNull().default("patient"),
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
    /** The survey definition (SurveyJS JSON, the spec's `questionnaireForm.form`). */
    form: jsonb("form").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("questionnaire_invitations_person_idx").on(t.personId)],
);

/**
 * A questionnaire's answers so far, kept per step as the customer moves through the survey, so that an expired
 * session or a closed tab loses nothing. Removed when the answers are sent.
 */
export const questionnaireDrafts = pgTable("questionnaire_drafts", {
  invitationId: integer("invitation_id")
    .primaryKey()
    .references(() => questionnaireInvitations.id, { onDelete: "cascade" }),
  answers: jsonb("answers").$type<Record<string, unknown>>().notNull(),
  /** The step (survey page index) the customer was on. */
  page: integer("page").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * The files a customer attached to a questionnaire's answers (a SurveyJS file question), by the invitation they
 * were attached to: an answer may name only these, so a draft or a call can never point at another person's file.
 */
export const questionnaireFiles = pgTable(
  "questionnaire_files",
  {
    fileId: uuid("file_id")
      .primaryKey()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    invitationId: integer("invitation_id")
      .notNull()
      .references(() => questionnaireInvitations.id, { onDelete: "cascade" }),
    /** The name the file was posted with, cleaned (what the answer and the page show). */
    fileName: text("file_name").notNull(),
  },
  (t) => [index("questionnaire_files_invitation_idx").on(t.invitationId)],
);

/**
 * Sent prescription renewal requests by the form's one-time key: a second submit of the same form (back button,
 * double click, two tabs) finds the first request instead of making another.
 */
export const prescriptionRenewalRequests = pgTable(
  "prescription_renewal_requests",
  {
    requestKey: text("request_key").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id),
    threadId: integer("thread_id").references(() => threads.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("prescription_renewal_requests_person_idx").on(t.personId)],
);

/** Sick-leave certificates (spec part 1 §2 "Certificates"): a nurse's certificate or a medical certificate A. */
export const CERTIFICATE_TYPES = ["nurse", "medicalCertificateA"] as const;

export const certificates = pgTable(
  "certificates",
  {
    id: serial("id").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id),
    type: text("type", { enum: CERTIFICATE_TYPES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    practitionerId: text("practitioner_id").references(() => practitioners.id),
    /** The sick leave, as calendar days (Helsinki). */
    sickLeaveStart: date("sick_leave_start", { mode: "string" }).notNull(),
    sickLeaveEnd: date("sick_leave_end", { mode: "string" }).notNull(),
    diagnosisCode: text("diagnosis_code"),
    diagnosisText: text("diagnosis_text"),
    /** What the certificate states about working ability, in the language it was written in (Finnish). */
    statement: text("statement"),
  },
  (t) => [index("certificates_person_idx").on(t.personId)],
);

export const vaccinations = pgTable(
  "vaccinations",
  {
    id: serial("id").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id),
    vaccinatedOn: date("vaccinated_on", { mode: "string" }).notNull(),
    name: text("name").notNull(),
    practitionerId: text("practitioner_id").references(() => practitioners.id),
    effectiveUntil: date("effective_until", { mode: "string" }),
    /** The specialty to book the next dose with (the booking search's `specialtyIds`). */
    specialtyId: text("specialty_id").references(() => specialties.id),
  },
  (t) => [index("vaccinations_person_idx").on(t.personId)],
);

/**
 * A record source that answers with a temporary error for a person (spec part 2 §3: the imaging results list may be
 * `temporary-api-error`). The embedded default keeps the records itself, so a row here stands for the upstream
 * system's fault; in the demo one person has it.
 */
export const RECORD_SOURCES = ["imaging-results", "sickness-fund"] as const;

export const recordSourceFaults = pgTable(
  "record_source_faults",
  {
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    source: text("source", { enum: RECORD_SOURCES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.source] })],
);
