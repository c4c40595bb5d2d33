import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import type { Database, Transaction } from "../db/client";
import * as s from "../db/schema";
import { reportError } from "../error-reporting";
import type { FileStorage } from "./file-storage";
import { newStorageKey } from "./file-storage";
import { detectImageType, type ImageType } from "~/lib/image-file";

/**
 * Browser uploads in two steps, for any purpose (the Kela card now, message attachments later): `openUpload` makes
 * a token for one person, a stored-file row and a signed PUT URL per file; `claimUpload` uses the token up once and
 * hands back the files, which the caller then checks and takes into use. Only a hash of the token is kept.
 */

type Purpose = (typeof s.FILE_PURPOSES)[number];
/** How long the browser may take to start its PUTs (each may then run for the spec's 120 s). */
const UPLOAD_URL_SECONDS = 10 * 60;
/** How long an upload may take from opening to finishing. */
const UPLOAD_TOKEN_SECONDS = 15 * 60;
/** Unfinished uploads one person may have open at once (each one reserves rows and storage keys). */
const OPEN_UPLOADS_MAX = 10;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type OpenedUpload = {
  token: string;
  files: Record<string, { url: string; headers: Record<string, string> }>;
};

export async function openUpload(
  db: Database,
  store: FileStorage,
  upload: {
    ownerId: string;
    createdBy: string;
    purpose: Purpose;
    files: Record<string, { contentType: string; maxBytes: number }>;
  },
  now: Date,
): Promise<OpenedUpload | null> {
  const [open] = await db
    .select({ n: count() })
    .from(s.uploadTokens)
    .where(
      and(eq(s.uploadTokens.ownerId, upload.ownerId), isNull(s.uploadTokens.usedAt), gt(s.uploadTokens.expiresAt, now)),
    );
  if (open.n >= OPEN_UPLOADS_MAX) return null;
  const token = randomBytes(32).toString("base64url");
  const slots = Object.entries(upload.files).map(([slot, rules]) => ({
    slot,
    rules,
    key: newStorageKey(upload.purpose),
  }));
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(s.uploadTokens)
      .values({
        tokenHash: hashToken(token),
        ownerId: upload.ownerId,
        createdBy: upload.createdBy,
        purpose: upload.purpose,
        createdAt: now,
        expiresAt: new Date(now.getTime() + UPLOAD_TOKEN_SECONDS * 1000),
      })
      .returning({ id: s.uploadTokens.id });
    for (const { slot, rules, key } of slots) {
      const [file] = await tx
        .insert(s.storedFiles)
        .values({
          ownerId: upload.ownerId,
          purpose: upload.purpose,
          storageKey: key,
          contentType: rules.contentType,
          createdAt: now,
        })
        .returning({ id: s.storedFiles.id });
      await tx.insert(s.uploadTokenFiles).values({ tokenId: row.id, slot, fileId: file.id });
    }
  });
  const files: OpenedUpload["files"] = {};
  for (const { slot, rules, key } of slots) {
    const signed = await store.signUpload(key, { ...rules, expiresInSeconds: UPLOAD_URL_SECONDS }, now);
    files[slot] = { url: signed.url, headers: signed.headers };
  }
  return { token, files };
}

export type UploadedFile = { slot: string; id: string; key: string };

/**
 * Uses up an upload token of `ownerId` for `purpose` (whatever the caller then finds in the files) and returns its
 * files; a token of someone else, or unknown, is `notFound`, one used before `used`, one too old `expired`.
 */
export async function claimUpload(
  db: Database,
  claim: { token: string; ownerId: string; purpose: Purpose },
  now: Date,
): Promise<{ type: "claimed"; files: UploadedFile[] } | { type: "notFound" | "used" | "expired" }> {
  const tokenHash = hashToken(claim.token);
  const mine = and(eq(s.uploadTokens.tokenHash, tokenHash), eq(s.uploadTokens.ownerId, claim.ownerId));
  // One statement decides: of two concurrent finishes, only one gets the token.
  const [claimed] = await db
    .update(s.uploadTokens)
    .set({ usedAt: now })
    .where(
      and(
        mine,
        eq(s.uploadTokens.purpose, claim.purpose),
        isNull(s.uploadTokens.usedAt),
        gt(s.uploadTokens.expiresAt, now),
      ),
    )
    .returning({ id: s.uploadTokens.id });
  if (!claimed) {
    const [row] = await db
      .select({ usedAt: s.uploadTokens.usedAt, purpose: s.uploadTokens.purpose })
      .from(s.uploadTokens)
      .where(mine);
    if (!row || row.purpose !== claim.purpose) return { type: "notFound" };
    return { type: row.usedAt ? "used" : "expired" };
  }
  const files = await db
    .select({ slot: s.uploadTokenFiles.slot, id: s.storedFiles.id, key: s.storedFiles.storageKey })
    .from(s.uploadTokenFiles)
    .innerJoin(s.storedFiles, eq(s.storedFiles.id, s.uploadTokenFiles.fileId))
    .where(eq(s.uploadTokenFiles.tokenId, claimed.id));
  return { type: "claimed", files };
}

export type ImageCheck =
  { ok: true; type: ImageType; size: number } | { ok: false; problem: "missing" | "tooLarge" | "invalidType" };

/**
 * What an uploaded file really is: there, not empty, within `maxBytes` (asked of the storage before any byte is
 * read), and a JPEG or PNG by its first bytes — never by the type its PUT declared.
 */
export async function checkStoredImage(store: FileStorage, key: string, maxBytes: number): Promise<ImageCheck> {
  const info = await store.stat(key);
  if (!info || info.size === 0) return { ok: false, problem: "missing" };
  if (info.size > maxBytes) return { ok: false, problem: "tooLarge" };
  const bytes = await store.get(key);
  if (!bytes || bytes.byteLength === 0) return { ok: false, problem: "missing" };
  if (bytes.byteLength > maxBytes) return { ok: false, problem: "tooLarge" };
  const type = detectImageType(bytes);
  return type ? { ok: true, type, size: bytes.byteLength } : { ok: false, problem: "invalidType" };
}

/** Marks checked files uploaded, with the type their bytes show. */
export async function markUploaded(
  tx: Database | Transaction,
  files: { id: string; type: string; size: number }[],
  now: Date,
) {
  for (const file of files)
    await tx
      .update(s.storedFiles)
      .set({ contentType: file.type, sizeBytes: file.size, uploadedAt: now })
      .where(eq(s.storedFiles.id, file.id));
}

/** Deletes files from the storage and their rows (rows first: a file without a row is only an orphan). */
export async function discardFiles(
  db: Database | Transaction,
  store: FileStorage,
  files: { id: string; key: string }[],
) {
  if (!files.length) return;
  await db.delete(s.storedFiles).where(
    inArray(
      s.storedFiles.id,
      files.map((f) => f.id),
    ),
  );
  await deleteQuietly(
    store,
    files.map((f) => f.key),
  );
}

/** Deletes files from the storage; a failure is reported and leaves an orphan, never fails the request. */
export async function deleteQuietly(store: FileStorage, keys: string[]) {
  for (const key of keys) {
    try {
      await store.delete(key);
    } catch (error) {
      reportError(error, { storageKey: key });
    }
  }
}

/**
 * Housekeeping: the files of uploads that were never finished (their token expired over an hour ago) are deleted,
 * and so are old tokens.
 */
export async function purgeAbandonedUploads(db: Database, store: FileStorage, now: Date) {
  const before = new Date(now.getTime() - 60 * 60 * 1000);
  const abandoned = await db
    .select({ id: s.storedFiles.id, key: s.storedFiles.storageKey })
    .from(s.storedFiles)
    .innerJoin(s.uploadTokenFiles, eq(s.uploadTokenFiles.fileId, s.storedFiles.id))
    .innerJoin(s.uploadTokens, eq(s.uploadTokens.id, s.uploadTokenFiles.tokenId))
    .where(and(isNull(s.storedFiles.uploadedAt), lt(s.uploadTokens.expiresAt, before)))
    .limit(500);
  await discardFiles(db, store, abandoned);
  await db.delete(s.uploadTokens).where(lt(s.uploadTokens.expiresAt, before));
}
