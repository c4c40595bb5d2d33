import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { practitioners } from "./catalogue";
import { people } from "./people";
import { storedFiles } from "./storage";

/**
 * Messaging with the care team (spec part 2 §3 "Messaging"). Everyone who writes or reads a thread is a messaging
 * user: a customer (one per person who may use messaging), a professional (linked to a practitioner) or an
 * employer's HR user.
 */
export const MESSAGING_USER_TYPES = ["CustomerUser", "HrUser", "ProfessionalUser"] as const;
export const THREAD_TYPES = ["customer", "hr", "supervisor"] as const;

export const messagingUsers = pgTable(
  "messaging_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type", { enum: MESSAGING_USER_TYPES }).notNull(),
    /** The person of a customer user; a person has at most one. */
    personId: uuid("person_id")
      .unique()
      .references(() => people.id, { onDelete: "cascade" }),
    /** The practitioner of a professional user (their page is linked from the occupational-health team). */
    practitionerId: text("practitioner_id").references(() => practitioners.id),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** A professional's or HR user's title as shown beside their name (Finnish, as the messaging service sends it). */
    title: text("title"),
  },
  (t) => [index("messaging_users_practitioner_idx").on(t.practitionerId)],
);

export const threads = pgTable(
  "threads",
  {
    id: serial("id").primaryKey(),
    /** The customer the thread is about: every customer-side read is scoped by it. */
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id),
    title: text("title"),
    type: text("type", { enum: THREAD_TYPES }).notNull().default("customer"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Set when a professional changes the thread in a way the customer should see (closing, reopening). */
    professionalTimestamp: timestamp("professional_timestamp", { withTimezone: true }),
  },
  (t) => [index("threads_person_idx").on(t.personId)],
);

/** Who takes part in a thread, and when each last read it (the read rule of spec part 2 §4). */
export const threadParticipants = pgTable(
  "thread_participants",
  {
    threadId: integer("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => messagingUsers.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index("thread_participants_user_idx").on(t.userId)],
);

/** The professional a thread is assigned to; the current assignment has no `endedAt`. */
export const threadAssignments = pgTable(
  "thread_assignments",
  {
    id: serial("id").primaryKey(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    assigneeId: uuid("assignee_id")
      .notNull()
      .references(() => messagingUsers.id, { onDelete: "cascade" }),
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [index("thread_assignments_thread_idx").on(t.threadId)],
);

export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => messagingUsers.id, { onDelete: "set null" }),
    /** The author's type and name as they were when the message was written. */
    authorType: text("author_type", { enum: MESSAGING_USER_TYPES }).notNull(),
    authorName: text("author_name").notNull(),
    authorTitle: text("author_title"),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** A deleted message keeps its place in the thread; its content and attachments are no longer shown. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("messages_thread_idx").on(t.threadId)],
);

export const messageAttachments = pgTable(
  "message_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: integer("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id),
    fileName: text("file_name").notNull(),
  },
  (t) => [index("message_attachments_message_idx").on(t.messageId)],
);

/** A professional's absence and who stands in (spec part 1 §3 "Professional absence"). */
export const professionalAbsences = pgTable(
  "professional_absences",
  {
    id: serial("id").primaryKey(),
    absenteeId: uuid("absentee_id")
      .notNull()
      .references(() => messagingUsers.id, { onDelete: "cascade" }),
    substituteId: uuid("substitute_id").references(() => messagingUsers.id, { onDelete: "set null" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    /** For colleagues only; never shown to customers. */
    internalMessage: text("internal_message"),
  },
  (t) => [index("professional_absences_absentee_idx").on(t.absenteeId)],
);

/** An employer with an occupational-health contract, and the team responsible for its employees. */
export const employers = pgTable("employers", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
});

export const OHC_TEAM_ROLES = ["Doctor", "Nurse", "Physiotherapist", "Psychologist"] as const;

export const occupationalTeamMembers = pgTable(
  "occupational_team_members",
  {
    employerId: integer("employer_id")
      .notNull()
      .references(() => employers.id, { onDelete: "cascade" }),
    practitionerId: text("practitioner_id")
      .notNull()
      .references(() => practitioners.id),
    role: text("role", { enum: OHC_TEAM_ROLES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.employerId, t.practitionerId] })],
);

export const employments = pgTable(
  "employments",
  {
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    employerId: integer("employer_id")
      .notNull()
      .references(() => employers.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.personId, t.employerId] }), unique("employments_person").on(t.personId)],
);

export const ANNOUNCEMENT_TYPES = ["info", "notification", "warning", "success"] as const;

/**
 * The messaging service's state for customers (one row, id 1): maintenance mode, and the announcement shown above
 * the conversations (spec part 2 §3 "Customer messaging info"; the description is markdown).
 */
export const messagingStatus = pgTable("messaging_status", {
  id: integer("id").primaryKey(),
  maintenance: boolean("maintenance").notNull().default(false),
  announcementActive: boolean("announcement_active").notNull().default(false),
  announcementHeading: text("announcement_heading"),
  announcementDescription: text("announcement_description"),
  announcementType: text("announcement_type", { enum: ANNOUNCEMENT_TYPES }).notNull().default("info"),
});
