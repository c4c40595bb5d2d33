import Busboy from "@fastify/busboy";
import type { RequestHandler } from "express";
import type { Readable } from "node:stream";
import type { RouterContextProvider } from "react-router";
import { ATTACHMENTS_MAX_BYTES, QUESTIONNAIRE_FILE_FIELD } from "~/lib/attachment-file";
import { MAX_IMAGE_BYTES } from "~/lib/image-file";
import { routeIdForPath, type RouteId } from "~/route-table";
import { readForm } from "./api";
import { requestInfo } from "./context";
import { answerUnread } from "./http-guards";

/**
 * The forms that post files without JavaScript, and their limits. Such a form is read as a stream: its text
 * fields are kept, each file field keeps its bytes only up to its limit, and a field that passes it is dropped
 * and named in `tooLarge`, so the page answers with its own field error and everything else typed. What is kept
 * in memory is bounded by the limits whatever the body's size; how much is read at all is bounded by `bodyCapOf`
 * (the Express guard refuses a longer body by its Content-Length before anything is read).
 *
 * The body is read in Express (`readUploadForms`), before React Router, which hands every action a new Request
 * over the same body stream and so cannot be given a body a middleware has read. The root middleware takes the
 * CSRF token from this reading, and the form's action its fields (`readFormWithFiles`), both through the load
 * context, which a client cannot write to.
 */
export type UploadFormLimits = {
  /** The most bytes kept per file field, over all its files (a message's attachments count together). */
  files: Readonly<Record<string, number>>;
  /**
   * File fields named by a prefix rather than one by one (a questionnaire step's file questions, `file:<name>`):
   * their files count together against `maxBytes`, and the field whose file passes it is the one dropped.
   */
  filePrefix?: { prefix: string; maxBytes: number };
  /** The most bytes of text (names and values of the text fields) a real post of the form needs. */
  textBytes: number;
};

const MESSAGE_FORM: UploadFormLimits = { files: { attachments: ATTACHMENTS_MAX_BYTES }, textBytes: 512 * 1024 };

const UPLOAD_FORMS: Partial<Record<RouteId, UploadFormLimits>> = {
  newConversation: MESSAGE_FORM,
  conversation: MESSAGE_FORM,
  kelaCard: { files: { front: MAX_IMAGE_BYTES, back: MAX_IMAGE_BYTES }, textBytes: 64 * 1024 },
  questionnaire: {
    files: {},
    filePrefix: { prefix: QUESTIONNAIRE_FILE_FIELD, maxBytes: ATTACHMENTS_MAX_BYTES },
    textBytes: 512 * 1024,
  },
};

/**
 * How many times a form's own limit is read before giving up: a file a little over the limit (a 10 MB photo for
 * a 5 MB limit, a video for a message) is read and dropped so the form comes back with its error; beyond this a
 * body is refused unread (413, the error view in the page's language) rather than spending the bandwidth on it.
 */
export const BODY_CAP_FACTOR = 4;

/** The form that posts files to this path (any language; also React Router's `.data` call of it), or null. */
export function uploadFormOf(pathname: string): UploadFormLimits | null {
  const id = routeIdForPath(pathname.replace(/\.data$/, ""));
  return (id && UPLOAD_FORMS[id]) || null;
}

/** The largest body a real post of the form makes: its files at their limits and its text. */
export function formLimitOf(limits: UploadFormLimits): number {
  return Object.values(limits.files).reduce((sum, n) => sum + n, limits.textBytes + (limits.filePrefix?.maxBytes ?? 0));
}

/** The most bytes read of a post of the form (see BODY_CAP_FACTOR). */
export function bodyCapOf(limits: UploadFormLimits): number {
  return BODY_CAP_FACTOR * formLimitOf(limits);
}

/** A posted upload form: its text fields and the files kept, and the file fields dropped for passing their limit. */
export type UploadFormBody = { form: FormData; tooLarge: string[] };

/** A body that is no well-formed form (400), or has more than the form's text or cap (413). */
export class FormBodyError extends Error {
  constructor(readonly status: 400 | 413) {
    super(status === 400 ? "Malformed multipart form" : "Form body too large");
  }
}

const MULTIPART = /^multipart\/form-data\s*;/i;

/**
 * Express middleware: a multipart post to a form that takes files is read here, within its limits, into
 * `res.locals.uploadForm` (see the module's comment). A body that is not a form, or has more text than the form, is
 * answered by the app's error view (`answerUnread`) without reading further.
 */
export function readUploadForms(): RequestHandler {
  return (req, res, next) => {
    const limits = req.method === "POST" ? uploadFormOf(req.path) : null;
    const type = req.headers["content-type"] ?? "";
    if (!limits || !MULTIPART.test(type)) return next();
    readMultipart(req, type, req.headers["content-length"], limits).then(
      (body) => {
        res.locals.uploadForm = body;
        next();
      },
      (error: unknown) => {
        if (!(error instanceof FormBodyError)) return next(error);
        answerUnread(req, res, error.status);
        next();
      },
    );
  };
}

/**
 * The form of a page that takes files: as read by `readUploadForms`, else as any other form (`readForm`: a post
 * that is not multipart, or one that did not come through Express).
 */
export async function readFormWithFiles(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<UploadFormBody> {
  return requestInfo(context).uploadForm ?? { form: await readForm(request), tooLarge: [] };
}

/** The limit a file field counts against: its own, or its prefix's shared one; none for a field the form lacks. */
function limitOf(limits: UploadFormLimits, name: string): { key: string; max: number } | null {
  if (Object.hasOwn(limits.files, name)) return { key: name, max: limits.files[name] };
  const shared = limits.filePrefix;
  return shared && name.startsWith(shared.prefix) ? { key: shared.prefix, max: shared.maxBytes } : null;
}

/** One part as it arrived: a text field, or a file (null while it is read, or once its field is dropped). */
type Entry = { name: string; value: string } | { name: string; file: File | null; chunks: Uint8Array[] };

/**
 * Reads a multipart body within `limits`: text fields are kept (more text than the form has is a FormBodyError
 * 413), each file field's bytes only up to its limit — past it the field's files are dropped and the field is
 * named in `tooLarge`, while the rest of the body is still read (for the text fields after it), up to the cap.
 */
export async function readMultipart(
  body: Readable,
  contentType: string,
  contentLength: string | undefined,
  limits: UploadFormLimits,
): Promise<UploadFormBody> {
  const cap = bodyCapOf(limits);
  if (contentLength && Number(contentLength) > cap) throw new FormBodyError(413);
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { "content-type": contentType },
      // A field value or name past these is cut and flagged; the part count bounds the work on a forged post.
      limits: { fieldSize: limits.textBytes, fieldNameSize: 200, parts: 1000 },
    });
  } catch {
    throw new FormBodyError(400);
  }

  const entries: Entry[] = [];
  const fileBytes = new Map<string, number>();
  const tooLarge = new Set<string>();
  let textBytes = 0;
  let textOverflow = false;

  parser.on("field", (name, value, nameTruncated, valueTruncated) => {
    textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (nameTruncated || valueTruncated || textBytes > limits.textBytes) textOverflow = true;
    else entries.push({ name, value });
  });
  parser.on("file", (name, stream, fileName, _encoding, mimeType) => {
    const limit = limitOf(limits, name);
    // A file field the form does not have is read past and dropped.
    if (!limit) {
      stream.resume();
      return;
    }
    const { key, max } = limit;
    const entry = { name, file: null as File | null, chunks: [] as Uint8Array[] };
    entries.push(entry);
    stream.on("data", (chunk: Buffer) => {
      const total = (fileBytes.get(key) ?? 0) + chunk.length;
      fileBytes.set(key, total);
      if (tooLarge.has(name)) return;
      if (total > max) {
        // Past the limit: the field's files are dropped, those kept before too, and the rest is only counted.
        tooLarge.add(name);
        for (const e of entries)
          if (e.name === name && "chunks" in e) {
            e.chunks = [];
            e.file = null;
          }
        return;
      }
      entry.chunks.push(chunk);
    });
    stream.on("end", () => {
      if (!tooLarge.has(name)) entry.file = new File(entry.chunks as BlobPart[], fileName, { type: mimeType });
      entry.chunks = [];
    });
  });

  const finished = new Promise<void>((resolve, reject) => {
    parser.on("finish", resolve);
    parser.on("error", reject);
  });
  // A malformed body stops the reading at once (and is no unhandled rejection when the cap stops it first).
  let failed = false;
  finished.catch(() => (failed = true));

  let read = 0;
  try {
    // Leaving the loop early must not destroy the request: its socket still carries the answer.
    for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>) {
      if (failed) break;
      read += chunk.byteLength;
      // Only a body that is longer than it said gets here: nothing more is read.
      if (read > cap) throw new FormBodyError(413);
      if (!parser.write(chunk)) await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), finished]);
    }
    parser.end();
    await finished;
  } catch (error) {
    parser.destroy();
    throw error instanceof FormBodyError ? error : new FormBodyError(400);
  }
  if (textOverflow) throw new FormBodyError(413);

  const form = new FormData();
  for (const e of entries) {
    if ("value" in e) form.append(e.name, e.value);
    else if (e.file && !tooLarge.has(e.name)) form.append(e.name, e.file);
  }
  return { form, tooLarge: [...tooLarge] };
}
