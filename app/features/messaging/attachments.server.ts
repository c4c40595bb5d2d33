import { and, eq, isNull } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import type { FileStorage } from "~/.server/storage/file-storage";
import { newSealedKey } from "~/.server/storage/file-storage";
import { claimUpload, discardFiles, openUpload, readUpload, sealUploads } from "~/.server/storage/uploads";
import {
  ATTACHMENTS_MAX_BYTES,
  ATTACHMENT_CONTENT_TYPES,
  attachmentContentType,
  bytesMatchExtension,
  checkAttachments,
  cleanFileName,
  type AttachmentProblem,
} from "./rules";

/**
 * A message's files: the signed upload the browser puts a file to, the check and storing of the files a message
 * is sent with (sending.server.ts calls it before the message is written), and the download for a participant.
 */

type Db = Database | Transaction;

/**
 * A file for a new message: either uploaded beforehand through `createAttachmentUpload` (the browser with
 * JavaScript; `key` is the upload's token) or posted with the form itself (without JavaScript).
 */
export type NewAttachment = { key: string; fileName: string } | { fileName: string; bytes: Uint8Array };

/**
 * Offers a signed upload for one attachment (`CreateAttachmentUpload`). The name and declared type are checked
 * here; the bytes are checked when the message is sent. Null when the person has too many uploads open.
 */
export async function createAttachmentUpload(
  db: Database,
  store: FileStorage,
  upload: { ownerPersonId: string; createdBy: string; fileName: string; contentType: string },
  now: Date,
): Promise<
  { type: "ok"; key: string; url: string; headers: Record<string, string> } | { type: "invalid" } | { type: "busy" }
> {
  const fileName = cleanFileName(upload.fileName);
  if (!fileName || !attachmentContentType(fileName) || !ATTACHMENT_CONTENT_TYPES.includes(upload.contentType))
    return { type: "invalid" };
  const opened = await openUpload(
    db,
    store,
    {
      ownerId: upload.ownerPersonId,
      createdBy: upload.createdBy,
      purpose: "message-attachment",
      files: { file: { contentType: upload.contentType, maxBytes: ATTACHMENTS_MAX_BYTES } },
    },
    now,
  );
  if (!opened) return { type: "busy" };
  return { type: "ok", key: opened.token, url: opened.files.file.url, headers: opened.files.file.headers };
}

export type StoredAttachment = { fileId: string; key: string; fileName: string; fresh: boolean };

/**
 * Checks and stores a message's attachments: names and total size first, then each file's bytes against its
 * extension. An uploaded file is read once and exactly the bytes checked are sealed (see storage/uploads.ts).
 * Returns the stored files, or the problem (with every file of this message already removed again).
 */
export async function storeAttachments(
  db: Database,
  store: FileStorage,
  ownerPersonId: string,
  attachments: NewAttachment[],
  now: Date,
): Promise<{ type: "ok"; files: StoredAttachment[] } | { type: "invalid"; problem: AttachmentProblem }> {
  const stored: StoredAttachment[] = [];
  const fail = async (problem: AttachmentProblem) => {
    await discardFiles(
      db,
      store,
      stored.map((f) => ({ id: f.fileId, key: f.key })),
    );
    return { type: "invalid" as const, problem };
  };
  const direct = attachments.filter((a): a is { fileName: string; bytes: Uint8Array } => "bytes" in a);
  const early = checkAttachments([
    ...attachments.map((a) => ({ fileName: cleanFileName(a.fileName), size: "bytes" in a ? a.bytes.byteLength : 1 })),
  ]);
  if (early) return { type: "invalid", problem: early };
  let total = direct.reduce((sum, a) => sum + a.bytes.byteLength, 0);

  for (const a of attachments) {
    const fileName = cleanFileName(a.fileName);
    if ("bytes" in a) continue;
    const claimed = await claimUpload(db, { token: a.key, ownerId: ownerPersonId, purpose: "message-attachment" }, now);
    if (claimed.type !== "claimed" || claimed.files.length !== 1) return fail("type");
    const file = claimed.files[0];
    const entry = { fileId: file.id, key: file.key, fileName, fresh: false };
    stored.push(entry);
    const read = await readUpload(store, file.key, ATTACHMENTS_MAX_BYTES - total);
    if (!read.ok) return fail(read.problem === "missing" ? "empty" : "tooLarge");
    total += read.bytes.byteLength;
    if (!bytesMatchExtension(fileName, read.bytes)) return fail("type");
    const checked = { id: file.id, key: file.key, bytes: read.bytes, type: attachmentContentType(fileName)! };
    const { sealed } = await sealUploads(db, store, [checked], now, async () => {});
    entry.key = sealed[0].key;
  }
  for (const a of direct) {
    const fileName = cleanFileName(a.fileName);
    if (!bytesMatchExtension(fileName, a.bytes)) return fail("type");
  }
  for (const a of direct) {
    const fileName = cleanFileName(a.fileName);
    const contentType = attachmentContentType(fileName)!;
    const key = newSealedKey("message-attachment");
    await store.put(key, a.bytes, contentType);
    const [row] = await db
      .insert(s.storedFiles)
      .values({
        ownerId: ownerPersonId,
        purpose: "message-attachment",
        storageKey: key,
        contentType,
        sizeBytes: a.bytes.byteLength,
        createdAt: now,
        uploadedAt: now,
      })
      .returning({ id: s.storedFiles.id });
    stored.push({ fileId: row.id, key, fileName, fresh: true });
  }
  return { type: "ok", files: stored };
}

/** The stored file of an attachment, for a user who takes part in its thread; null otherwise. */
export async function attachmentForUser(
  db: Db,
  userId: string,
  attachmentId: string,
): Promise<{ key: string; fileName: string; contentType: string } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(attachmentId)) return null;
  const [row] = await db
    .select({
      key: s.storedFiles.storageKey,
      fileName: s.messageAttachments.fileName,
      contentType: s.storedFiles.contentType,
    })
    .from(s.messageAttachments)
    .innerJoin(s.messages, eq(s.messages.id, s.messageAttachments.messageId))
    .innerJoin(
      s.threadParticipants,
      and(eq(s.threadParticipants.threadId, s.messages.threadId), eq(s.threadParticipants.userId, userId)),
    )
    .innerJoin(s.storedFiles, eq(s.storedFiles.id, s.messageAttachments.fileId))
    .where(and(eq(s.messageAttachments.id, attachmentId), isNull(s.messages.deletedAt)));
  return row ?? null;
}
