import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { people } from "./people";

/** What a stored file is for; each purpose has its own key prefix in the storage and its own rules of access. */
export const FILE_PURPOSES = ["kela-card", "message-attachment", "questionnaire-file"] as const;

/**
 * A file a person uploaded, kept in the file storage (S3, or the development folder) under `storageKey`. The row
 * exists from the moment an upload is offered; `uploadedAt` is set once the stored bytes were checked (type by
 * their first bytes, size), and only then is the file used.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: FILE_PURPOSES }).notNull(),
    storageKey: text("storage_key").notNull().unique(),
    /** The type the upload was signed for; once uploaded, the type its bytes show. */
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }),
  },
  (t) => [index("stored_files_owner_idx").on(t.ownerId)],
);

/** A person's Kela card: the images of its two sides. */
export const kelaCards = pgTable("kela_cards", {
  personId: uuid("person_id")
    .primaryKey()
    .references(() => people.id, { onDelete: "cascade" }),
  frontFileId: uuid("front_file_id")
    .notNull()
    .references(() => storedFiles.id),
  backFileId: uuid("back_file_id")
    .notNull()
    .references(() => storedFiles.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  /** Who saved them: the person, or a guardian acting through a mandate. */
  updatedBy: uuid("updated_by").references(() => people.id, { onDelete: "set null" }),
});

/**
 * An upload in progress: the browser got signed URLs for its files and finishes the upload with the token. Only a
 * hash of the token is kept; a token belongs to one person, expires, and is used once.
 */
export const uploadTokens = pgTable(
  "upload_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => people.id, { onDelete: "set null" }),
    purpose: text("purpose", { enum: FILE_PURPOSES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("upload_tokens_owner_idx").on(t.ownerId), index("upload_tokens_expires_idx").on(t.expiresAt)],
);

/** The files an upload token covers, by their place in the upload (`front`, `back`). */
export const uploadTokenFiles = pgTable(
  "upload_token_files",
  {
    tokenId: uuid("token_id")
      .notNull()
      .references(() => uploadTokens.id, { onDelete: "cascade" }),
    slot: text("slot").notNull(),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.slot] }), index("upload_token_files_file_idx").on(t.fileId)],
);
