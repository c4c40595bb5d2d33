import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { people } from "./people";

/**
 * Server-side sessions. The cookie holds a random id; only its SHA-256 is stored, so a database dump
 * cannot be replayed as cookies.
 */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    /** The identified user (null until registration finishes). */
    userId: uuid("user_id").references(() => people.id, { onDelete: "cascade" }),
    /** Whose data the session reads: the user, or a child the user holds a mandate for. */
    actingPersonId: uuid("acting_person_id").references(() => people.id, { onDelete: "cascade" }),
    /** Strong identification without a patient record yet: identity code and names, for registration. */
    pendingIdentity: jsonb("pending_identity").$type<{
      identityCode: string;
      firstName?: string;
      lastName?: string;
      /** Set when a guardian registers a child named by their mandate: the guardian's person id. */
      guardianId?: string;
    } | null>(),
    acr: text("acr"),
    /** A non-secret handle for the person's own session list ("end this session"); never the cookie's id. */
    publicId: uuid("public_id").notNull().defaultRandom().unique(),
    /** The browser's User-Agent at login, shortened, so the session list can name the browser. */
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp("absolute_expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * Identified, but the person has SMS login on and has not yet entered the code sent to their verified phone:
     * until then the session counts as logged out everywhere except the SMS code page.
     */
    awaitingSecondFactor: boolean("awaiting_second_factor").notNull().default(false),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * One-time SMS codes: verifying a phone for SMS login (onboarding on the front page, or switching it on in My
 * information) and the second factor at login. Only a hash of the code is kept; a code expires, allows a few
 * wrong tries and is used once.
 */
export const smsChallenges = pgTable(
  "sms_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    personId: uuid("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["onboarding", "login"] }).notNull(),
    phoneNumber: text("phone_number").notNull(),
    codeHash: text("code_hash").notNull(),
    /** A login code counts only for the session it was sent for. */
    sessionIdHash: text("session_id_hash"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when the code was accepted, or when it was given up (too many tries, or replaced by a new code). */
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [index("sms_challenges_person_idx").on(t.personId, t.createdAt)],
);

/** Fixed-window counters for rate limits, shared by every app node. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/** Who read whose health data, what and when (required by Finnish law for patient data). */
export const accessLog = pgTable(
  "access_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    actorId: uuid("actor_id").notNull(),
    subjectId: uuid("subject_id").notNull(),
    action: text("action").notNull(),
    resource: text("resource").notNull(),
    resourceId: text("resource_id"),
  },
  (t) => [index("access_log_subject_idx").on(t.subjectId, t.at)],
);

/**
 * Messages the portal sends (SMS, e-mail). A delivery adapter sends them in production; in development
 * `/dev/outbox` lists them, so the links in them can be followed.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    channel: text("channel", { enum: ["sms", "email"] }).notNull(),
    recipient: text("recipient").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The request that queued it (request-id.ts), passed on to the SMS gateway with the message. */
    requestId: text("request_id"),
  },
  (t) => [index("outbox_created_idx").on(t.createdAt)],
);
