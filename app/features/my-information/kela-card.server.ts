import { and, eq, inArray, or } from "drizzle-orm";
import { z } from "zod";
import { logAccess } from "~/.server/access-log";
import type { Database, Transaction } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { newSealedKey, type FileStorage } from "~/.server/storage";
import {
  checkStoredImage,
  claimUpload,
  deleteQuietly,
  discardFiles,
  openUpload,
  readStoredFile,
  sealUploads,
  type CheckedUpload,
} from "~/.server/storage/uploads";
import { IMAGE_TYPES, MAX_IMAGE_BYTES, detectImageType, type ImageType } from "~/lib/image-file";
import { API_PATHS } from "~/route-table/api-paths";
import type { UserSession } from "~/.server/guards";
import {
  KELA_CARD_SIDES,
  imageProblem,
  type ImageProblem,
  type InitUploadAnswer,
  type KelaCardImages,
  type KelaCardSide,
} from "./kela-card-rules";

/**
 * The Kela card's images: kept in the file storage, recorded in `kela_cards`, and read by their owner only (the
 * session's acting person). Saving replaces both sides at once and deletes the replaced files afterwards. Every
 * read of an image and every save writes an access-log row.
 */

const PURPOSE = "kela-card";

type Images = Record<KelaCardSide, { bytes: Uint8Array; type: ImageType }>;
export type SideProblems = Partial<Record<KelaCardSide, ImageProblem>>;

/** POST /api/kela-card/init-upload: `{ mimetypes: { front, back } }`, each an allowed image type. */
export const initUploadSchema = z.object(
  {
    mimetypes: z.object(
      {
        front: z.enum(IMAGE_TYPES, { error: "myInformation.kelaCard.errors.front.invalidType" }),
        back: z.enum(IMAGE_TYPES, { error: "myInformation.kelaCard.errors.back.invalidType" }),
      },
      { error: "myInformation.kelaCard.errors.uploadFailed" },
    ),
  },
  { error: "myInformation.kelaCard.errors.uploadFailed" },
);

const imageUrl = (fileId: string) => `${API_PATHS.kelaCardImages}/${fileId}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The acting person's Kela card as image URLs, or null when none was saved. */
export async function kelaCardImages(db: Database, session: UserSession): Promise<KelaCardImages | null> {
  const [card] = await db
    .select({ front: s.kelaCards.frontFileId, back: s.kelaCards.backFileId })
    .from(s.kelaCards)
    .where(eq(s.kelaCards.personId, session.actingPerson.id));
  return card ? { front: imageUrl(card.front), back: imageUrl(card.back) } : null;
}

/**
 * One image of the acting person's own Kela card, by its file id; null for anyone else's file, a replaced one or
 * an unknown id. Logs the read.
 */
export async function readKelaCardImage(
  db: Database,
  store: FileStorage,
  session: UserSession,
  fileId: string,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string } | null> {
  if (!UUID.test(fileId)) return null;
  const [file] = await db
    .select({ key: s.storedFiles.storageKey, contentType: s.storedFiles.contentType })
    .from(s.kelaCards)
    .innerJoin(
      s.storedFiles,
      or(eq(s.storedFiles.id, s.kelaCards.frontFileId), eq(s.storedFiles.id, s.kelaCards.backFileId)),
    )
    .where(and(eq(s.kelaCards.personId, session.actingPerson.id), eq(s.storedFiles.id, fileId)));
  if (!file) return null;
  const bytes = await readStoredFile(store, file.key);
  if (!bytes) return null;
  await logAccess(
    { actorId: session.user.id, subjectId: session.actingPerson.id, resource: PURPOSE, resourceId: fileId },
    db,
  );
  return { bytes, contentType: file.contentType };
}

/**
 * A posted form's two files: both images, or each side's problem (by size and first bytes, never name or type).
 * `tooLarge` names the sides dropped while the form was read because they passed the limit.
 */
export async function checkPostedImages(
  files: Record<KelaCardSide, File | null>,
  tooLarge: readonly string[] = [],
): Promise<{ images: Images } | { problems: SideProblems }> {
  const problems: SideProblems = {};
  const images: Partial<Images> = {};
  for (const side of KELA_CARD_SIDES) {
    if (tooLarge.includes(side)) {
      problems[side] = "tooLarge";
      continue;
    }
    const file = files[side];
    const bytes = file && file.size <= MAX_IMAGE_BYTES ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
    const problem = file ? imageProblem(file.size, bytes) : "missing";
    if (problem) problems[side] = problem;
    else images[side] = { bytes, type: detectImageType(bytes)! };
  }
  return Object.keys(problems).length ? { problems } : { images: images as Images };
}

/** Saves both images of a form post (checked by `checkPostedImages`) as the acting person's Kela card. */
export async function saveKelaCard(db: Database, store: FileStorage, session: UserSession, images: Images, now: Date) {
  // Checked in memory already: stored under sealed keys straight away.
  const keys = { front: newSealedKey(PURPOSE), back: newSealedKey(PURPOSE) };
  try {
    for (const side of KELA_CARD_SIDES) await store.put(keys[side], images[side].bytes, images[side].type);
    const replaced = await db.transaction(async (tx) => {
      const ids = {} as Record<KelaCardSide, string>;
      for (const side of KELA_CARD_SIDES) {
        const [row] = await tx
          .insert(s.storedFiles)
          .values({
            ownerId: session.actingPerson.id,
            purpose: PURPOSE,
            storageKey: keys[side],
            contentType: images[side].type,
            sizeBytes: images[side].bytes.byteLength,
            createdAt: now,
            uploadedAt: now,
          })
          .returning({ id: s.storedFiles.id });
        ids[side] = row.id;
      }
      return replaceCard(tx, session, ids, now);
    });
    await deleteQuietly(store, replaced);
  } catch (error) {
    await deleteQuietly(store, Object.values(keys));
    throw error;
  }
}

/**
 * Points the acting person's Kela card at new files, removes the rows of the files it replaces and logs the write;
 * returns the storage keys of the replaced files, to delete once the transaction has committed.
 */
async function replaceCard(
  tx: Transaction,
  session: UserSession,
  files: Record<KelaCardSide, string>,
  now: Date,
): Promise<string[]> {
  const personId = session.actingPerson.id;
  const [old] = await tx
    .select({ front: s.kelaCards.frontFileId, back: s.kelaCards.backFileId })
    .from(s.kelaCards)
    .where(eq(s.kelaCards.personId, personId))
    .for("update");
  const values = { frontFileId: files.front, backFileId: files.back, updatedAt: now, updatedBy: session.user.id };
  await tx
    .insert(s.kelaCards)
    .values({ personId, ...values })
    .onConflictDoUpdate({ target: s.kelaCards.personId, set: values });
  const removed = old
    ? await tx
        .delete(s.storedFiles)
        .where(and(eq(s.storedFiles.ownerId, personId), inArray(s.storedFiles.id, [old.front, old.back])))
        .returning({ key: s.storedFiles.storageKey })
    : [];
  await logAccess(
    { actorId: session.user.id, subjectId: personId, resource: PURPOSE, resourceId: files.front, action: "write" },
    tx,
  );
  return removed.map((r) => r.key);
}

/**
 * Starts a browser upload of both sides (the spec's init-upload): signed PUT URLs for exactly the declared types,
 * at most MAX_IMAGE_BYTES each, and the token that finishes it. Null when the person has too many open uploads.
 */
export async function startKelaCardUpload(
  db: Database,
  store: FileStorage,
  session: UserSession,
  mimetypes: Record<KelaCardSide, ImageType>,
  now: Date,
): Promise<InitUploadAnswer | null> {
  const opened = await openUpload(
    db,
    store,
    {
      ownerId: session.actingPerson.id,
      createdBy: session.user.id,
      purpose: PURPOSE,
      files: {
        front: { contentType: mimetypes.front, maxBytes: MAX_IMAGE_BYTES },
        back: { contentType: mimetypes.back, maxBytes: MAX_IMAGE_BYTES },
      },
    },
    now,
  );
  return opened && { front: opened.files.front, back: opened.files.back, token: opened.token };
}

export type FinishUploadResult =
  { type: "success" } | { type: "notFound" | "expired" | "used" } | { type: "invalid"; problems: SideProblems };

/**
 * Finishes a browser upload (the spec's finish-upload): the token must be the acting person's own, unexpired and
 * unused (this call uses it up, whatever the outcome), and each side's stored bytes must be there, within the size
 * limit and a JPEG or PNG by their first bytes. Exactly the bytes checked are sealed, the card points at them and
 * the old files are deleted; a failed check deletes the uploaded ones instead.
 */
export async function finishKelaCardUpload(
  db: Database,
  store: FileStorage,
  session: UserSession,
  token: string,
  now: Date,
): Promise<FinishUploadResult> {
  const claim = await claimUpload(db, { token, ownerId: session.actingPerson.id, purpose: PURPOSE }, now);
  if (claim.type !== "claimed") return claim;
  const problems: SideProblems = {};
  const checked: CheckedUpload[] = [];
  const ids = {} as Record<KelaCardSide, string>;
  for (const side of KELA_CARD_SIDES) {
    const file = claim.files.find((f) => f.slot === side);
    const check = file ? await checkStoredImage(store, file.key, MAX_IMAGE_BYTES) : null;
    if (!file || !check?.ok) problems[side] = check && !check.ok ? check.problem : "missing";
    else {
      checked.push({ id: file.id, key: file.key, bytes: check.bytes, type: check.type });
      ids[side] = file.id;
    }
  }
  if (Object.keys(problems).length) {
    await discardFiles(db, store, claim.files);
    return { type: "invalid", problems };
  }
  const { result: replaced } = await sealUploads(db, store, checked, now, (tx) => replaceCard(tx, session, ids, now));
  await deleteQuietly(store, replaced);
  return { type: "success" };
}
