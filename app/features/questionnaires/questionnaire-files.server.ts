import { and, count, eq, inArray, notInArray } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import * as s from "~/.server/db/schema";
import { newSealedKey, type FileStorage } from "~/.server/storage";
import { discardFiles } from "~/.server/storage/uploads";
import {
  ATTACHMENTS_MAX_BYTES,
  QUESTIONNAIRE_FILE_FIELD,
  attachmentContentType,
  bytesMatchExtension,
  cleanFileName,
  fileExtension,
} from "~/lib/attachment-file";
import { ANSWER_FIELD } from "./questionnaire-view";
import { fileContent, fileIdOf, type FileAnswer } from "./answer-values.server";
import type { Problem } from "./survey-parts.server";
import type { StepFileQuestion } from "./survey-steps.server";

/**
 * The files of a questionnaire's file questions. They are posted with the step (`file:<question>`, with or without
 * JavaScript), checked like a message's attachments (the kinds a message takes, the bytes matching the name, a
 * step's files at most 9 MB together) and by the question's own `acceptedTypes` and `maxSize`, and written at once
 * under a sealed key: no URL is ever signed for them, so nothing can change them after the check. Each is tied to
 * its invitation, and an answer may name only the files of its own invitation (`invitationFiles`).
 */

const PURPOSE = "questionnaire-file";
/** The most files one invitation keeps while it is being answered (a question takes at most MAX_FILES of them). */
export const INVITATION_FILES_MAX = 20;
const K = "questionnaires.form.files";

/** The files attached to an invitation, as a file question's answer names them. */
export async function invitationFiles(db: Database, invitationId: number): Promise<FileAnswer[]> {
  const rows = await db
    .select({ id: s.storedFiles.id, name: s.questionnaireFiles.fileName, type: s.storedFiles.contentType })
    .from(s.questionnaireFiles)
    .innerJoin(s.storedFiles, eq(s.storedFiles.id, s.questionnaireFiles.fileId))
    .where(eq(s.questionnaireFiles.invitationId, invitationId));
  return rows.map((r) => ({ name: r.name, type: r.type, content: fileContent(r.id) }));
}

/** Whether a file of this name and type is one the question takes (`acceptedTypes`: `.pdf`, `image/*`, `image/png`). */
function accepted(accept: string | null, fileName: string, type: string): boolean {
  if (!accept) return true;
  return accept
    .split(",")
    .map((token) => token.trim().toLowerCase())
    .some((token) =>
      token.startsWith(".")
        ? token.slice(1) === fileExtension(fileName)
        : token.endsWith("/*")
          ? type.startsWith(token.slice(0, -1))
          : token === type,
    );
}

/**
 * Checks and stores the files posted for the step's file questions, and adds each stored file's id to its
 * question's answer field, as a file attached before is posted. A question whose files are refused stores none of
 * them and has a problem; `tooLarge` names the fields the form's reading dropped for passing the step's limit.
 */
export async function attachStepFiles(
  db: Database,
  store: FileStorage,
  step: {
    ownerId: string;
    invitationId: number;
    questions: readonly StepFileQuestion[];
    form: FormData;
    tooLarge: readonly string[];
  },
  now: Date,
): Promise<{ files: FileAnswer[]; problems: Problem[] }> {
  const files: FileAnswer[] = [];
  const problems: Problem[] = [];
  const megabytes = (bytes: number) => Math.floor(bytes / 1_000_000);
  // Files replaced or removed are deleted only when the answers are sent: the invitation's files are bounded so
  // that posting step after step cannot fill the storage.
  const [held] = await db
    .select({ n: count() })
    .from(s.questionnaireFiles)
    .where(eq(s.questionnaireFiles.invitationId, step.invitationId));
  let attached = held.n;
  for (const q of step.questions) {
    const field = QUESTIONNAIRE_FILE_FIELD + q.name;
    const refuse = (problem: string, values?: Problem["values"]) =>
      problems.push({ name: q.name, key: `${K}.${problem}`, kept: [], values });
    const maxBytes = Math.min(q.maxBytes ?? ATTACHMENTS_MAX_BYTES, ATTACHMENTS_MAX_BYTES);
    if (step.tooLarge.includes(field)) {
      refuse("tooLarge", { megabytes: megabytes(maxBytes) });
      continue;
    }
    // An empty file input posts a nameless empty file, which is no file.
    const posted = step.form
      .getAll(field)
      .filter((v): v is File => typeof v !== "string" && (v.name !== "" || v.size > 0));
    if (!posted.length) continue;
    if (!q.multiple && posted.length > 1) {
      refuse("tooMany");
      continue;
    }
    if (attached + posted.length > INVITATION_FILES_MAX) {
      refuse("tooManyInAll", { count: INVITATION_FILES_MAX });
      continue;
    }
    const checked: { name: string; type: string; bytes: Uint8Array }[] = [];
    for (const file of posted) {
      const name = cleanFileName(file.name);
      const type = attachmentContentType(name);
      if (!type || !accepted(q.accept, name, type)) {
        refuse("type");
        break;
      }
      if (file.size === 0) {
        refuse("empty");
        break;
      }
      if (file.size > maxBytes) {
        refuse("tooLarge", { megabytes: megabytes(maxBytes) });
        break;
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (!bytesMatchExtension(name, bytes)) {
        refuse("type");
        break;
      }
      checked.push({ name, type, bytes });
    }
    if (checked.length !== posted.length) continue;
    for (const file of checked) {
      const key = newSealedKey(PURPOSE);
      await store.put(key, file.bytes, file.type);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(s.storedFiles)
          .values({
            ownerId: step.ownerId,
            purpose: PURPOSE,
            storageKey: key,
            contentType: file.type,
            sizeBytes: file.bytes.byteLength,
            createdAt: now,
            uploadedAt: now,
          })
          .returning({ id: s.storedFiles.id });
        await tx
          .insert(s.questionnaireFiles)
          .values({ fileId: row.id, invitationId: step.invitationId, fileName: file.name });
        return row.id;
      });
      step.form.append(ANSWER_FIELD + q.name, id);
      attached++;
      files.push({ name: file.name, type: file.type, content: fileContent(id) });
    }
  }
  return { files, problems };
}

/**
 * Deletes the invitation's files that `answers` (a draft's, or the answers sent) no longer name: one removed from
 * its question, one replaced, those of a question the answers hide. `only`: just these files.
 */
export async function discardUnusedFiles(
  db: Database,
  store: FileStorage,
  invitationId: number,
  answers: unknown,
  only?: readonly string[],
) {
  if (only && !only.length) return;
  const named = namedFiles(answers);
  const conditions = [eq(s.questionnaireFiles.invitationId, invitationId)];
  if (named.length) conditions.push(notInArray(s.questionnaireFiles.fileId, named));
  if (only) conditions.push(inArray(s.questionnaireFiles.fileId, [...only]));
  const unused = await db
    .select({ id: s.storedFiles.id, key: s.storedFiles.storageKey })
    .from(s.questionnaireFiles)
    .innerJoin(s.storedFiles, eq(s.storedFiles.id, s.questionnaireFiles.fileId))
    .where(and(...conditions));
  await discardFiles(db, store, unused);
}

/** Every stored file an answer names, at any depth (a dynamic panel's file questions too). */
function namedFiles(value: unknown, found: string[] = [], depth = 0): string[] {
  if (depth > 8 || typeof value !== "object" || value === null) return found;
  const id = fileIdOf(value);
  if (id && /^[0-9a-f-]{36}$/.test(id)) found.push(id);
  for (const v of Array.isArray(value) ? value : Object.values(value)) namedFiles(v, found, depth + 1);
  return found;
}
