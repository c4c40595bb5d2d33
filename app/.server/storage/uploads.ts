import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import type { Database, Transaction } from "../db/client";
import * as s from "../db/schema";
import { reportError } from "../error-reporting";
import type { FileStorage, StoredObject } from "./file-storage";
import { INCOMING, isSealedKey, newIncomingKey, sealedKeyOf } from "./file-storage";
import { detectImageType, type ImageType } from "~/lib/image-file";

/**
 * Browser uploads in two steps, for any purpose (the Kela card, message attachments): `openUpload` makes a token
 * for one person, a stored-file row and a signed PUT URL per file, under an incoming key; `claimUpload` uses the
 * token up once and hands back the files, which the caller then reads once, checks, and seals (`sealUploads`): the
 * checked bytes are copied to a key no URL is signed for, so a later PUT to the same URL changes nothing in use.
 * Only a hash of the token is kept.
 */

type Purpose = (typeof s.FILE_PURPOSES)[number];
/**
 * How long the browser may take to start a PUT (which may then run for the spec's 120 s). Browsers start it as
 * soon as they get the URL; kept short because an S3 URL cannot be revoked once the upload is finished.
 */
const UPLOAD_URL_SECONDS = 2 * 60;
/** How long an upload may take from opening to finishing. */
const UPLOAD_TOKEN_SECONDS = 15 * 60;
/** Incoming files younger than this are left to housekeeping's next round: no token lives longer, plus a margin. */
const INCOMING_KEPT_SECONDS = UPLOAD_TOKEN_SECONDS + 5 * 60;
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
    key: newIncomingKey(upload.purpose),
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

export type UploadRead = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; problem: "missing" | "tooLarge" };

/**
 * The bytes of an uploaded file, read once: there, not empty, within `maxBytes` (asked of the storage before any
 * byte is read, and counted again in what was read). Whatever the caller checks and seals are these bytes, never
 * a second read of the key, which a still-valid URL could have changed meanwhile.
 */
export async function readUpload(store: FileStorage, key: string, maxBytes: number): Promise<UploadRead> {
  const info = await store.stat(key);
  if (!info || info.size === 0) return { ok: false, problem: "missing" };
  if (info.size > maxBytes) return { ok: false, problem: "tooLarge" };
  const bytes = await store.get(key);
  if (!bytes || bytes.byteLength === 0) return { ok: false, problem: "missing" };
  if (bytes.byteLength > maxBytes) return { ok: false, problem: "tooLarge" };
  return { ok: true, bytes };
}

export type ImageCheck =
  | { ok: true; type: ImageType; bytes: Uint8Array<ArrayBuffer> }
  | { ok: false; problem: "missing" | "tooLarge" | "invalidType" };

/** What an uploaded file really is: `readUpload`'s bytes, a JPEG or PNG by their first bytes (never the PUT's type). */
export async function checkStoredImage(store: FileStorage, key: string, maxBytes: number): Promise<ImageCheck> {
  const read = await readUpload(store, key, maxBytes);
  if (!read.ok) return read;
  const type = detectImageType(read.bytes);
  return type ? { ok: true, type, bytes: read.bytes } : { ok: false, problem: "invalidType" };
}

/** A claimed file (`claimUpload`) with the bytes that were read and checked, and the type they showed. */
export type CheckedUpload = { id: string; key: string; bytes: Uint8Array; type: string };

/**
 * Takes checked uploads into use: writes exactly the checked bytes under sealed keys, then in one transaction
 * points their rows at them, marks them uploaded and runs `takeIntoUse` (what the files are for); afterwards the
 * incoming objects are deleted. If anything fails, the sealed copies are removed again and the error is thrown.
 */
export async function sealUploads<T>(
  db: Database,
  store: FileStorage,
  files: CheckedUpload[],
  now: Date,
  takeIntoUse: (tx: Transaction) => Promise<T>,
): Promise<{ sealed: { id: string; key: string }[]; result: T }> {
  const sealed = files.map((f) => ({ ...f, sealedKey: sealedKeyOf(f.key) }));
  let result: T;
  try {
    for (const file of sealed) await store.put(file.sealedKey, file.bytes, file.type);
    result = await db.transaction(async (tx) => {
      for (const file of sealed)
        await tx
          .update(s.storedFiles)
          .set({
            storageKey: file.sealedKey,
            contentType: file.type,
            sizeBytes: file.bytes.byteLength,
            uploadedAt: now,
          })
          .where(eq(s.storedFiles.id, file.id));
      return takeIntoUse(tx);
    });
  } catch (error) {
    await deleteQuietly(
      store,
      sealed.map((f) => f.sealedKey),
    );
    throw error;
  }
  await deleteQuietly(
    store,
    sealed.map((f) => f.key),
  );
  return { sealed: sealed.map((f) => ({ id: f.id, key: f.sealedKey })), result };
}

/** A stored file's bytes to serve: only ever a sealed one (an incoming key can still change), else null. */
export async function readStoredFile(store: FileStorage, key: string): Promise<Uint8Array<ArrayBuffer> | null> {
  return isSealedKey(key) ? store.get(key) : null;
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

/** Which of `keys` belong to an upload still open: a file not yet taken in, its token unused and unexpired. */
async function openUploadKeys(db: Database, keys: string[], now: Date): Promise<Set<string>> {
  const open = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .select({ key: s.storedFiles.storageKey })
      .from(s.storedFiles)
      .innerJoin(s.uploadTokenFiles, eq(s.uploadTokenFiles.fileId, s.storedFiles.id))
      .innerJoin(s.uploadTokens, eq(s.uploadTokens.id, s.uploadTokenFiles.tokenId))
      .where(
        and(
          inArray(s.storedFiles.storageKey, keys.slice(i, i + 500)),
          isNull(s.storedFiles.uploadedAt),
          isNull(s.uploadTokens.usedAt),
          gt(s.uploadTokens.expiresAt, now),
        ),
      );
    for (const row of rows) open.add(row.key);
  }
  return open;
}

/**
 * Whether a PUT to `key` may still be stored: the development storage asks this, so an upload's URL stops working
 * once the upload is finished, refused or expired. (S3 cannot be asked: there the sealed copy and the sweep of
 * incoming objects protect what is in use.)
 */
export async function uploadIsOpen(db: Database, key: string, now: Date): Promise<boolean> {
  return (await openUploadKeys(db, [key], now)).has(key);
}

/**
 * Housekeeping: the files of uploads that were never finished (their token expired over an hour ago) are deleted,
 * and so are old tokens; then every incoming object older than any token lives that belongs to no open upload:
 * what a URL stored after its upload was finished or refused, or for a row already gone.
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
  let incoming: StoredObject[];
  try {
    incoming = await store.list(INCOMING);
  } catch (error) {
    // A storage that cannot be listed now is swept next time; the rest of housekeeping goes on.
    reportError(error, { storagePrefix: INCOMING });
    return;
  }
  const old = incoming
    .filter((o) => o.lastModified.getTime() < now.getTime() - INCOMING_KEPT_SECONDS * 1000)
    .map((o) => o.key);
  const open = await openUploadKeys(db, old, now);
  await deleteQuietly(
    store,
    old.filter((key) => !open.has(key)),
  );
}
