/**
 * The size limit of a message's attachments (spec part 2 §5, §9: 9 MiB in total; the customer's text says 9 MB).
 * Here rather than in the messaging feature because the server's body limits need it too.
 */
export const ATTACHMENTS_MAX_BYTES = 9_437_184;
export const ATTACHMENTS_MAX_MEGABYTES = 9;

/**
 * A questionnaire step's file questions post their files as `file:<question name>`; the files of one step count
 * together against ATTACHMENTS_MAX_BYTES (a questionnaire's attachments are the same kinds of files as a message's).
 */
export const QUESTIONNAIRE_FILE_FIELD = "file:";

/** The longest file name kept (a longer one is cut, keeping its extension). */
export const FILE_NAME_MAX_LENGTH = 200;

/** The kinds of files a message or a questionnaire takes, by extension (spec part 2 §5). */
export const ATTACHMENT_EXTENSIONS = [
  "pdf",
  "rtf",
  "ods",
  "odt",
  "pptx",
  "xlsx",
  "docx",
  "gif",
  "jpeg",
  "jpg",
  "jpe",
  "png",
  "tif",
  "tiff",
  "csv",
  "txt",
  "text",
] as const;

/** The content type each allowed extension is stored and served with. */
const CONTENT_TYPE_BY_EXTENSION: Record<(typeof ATTACHMENT_EXTENSIONS)[number], string> = {
  pdf: "application/pdf",
  rtf: "application/rtf",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odt: "application/vnd.oasis.opendocument.text",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  gif: "image/gif",
  jpeg: "image/jpeg",
  jpg: "image/jpeg",
  jpe: "image/jpeg",
  png: "image/png",
  tif: "image/tiff",
  tiff: "image/tiff",
  csv: "text/csv",
  txt: "text/plain",
  text: "text/plain",
};

/** The content types a browser may declare for an attachment (spec part 2 §5), besides the canonical ones above. */
export const ATTACHMENT_CONTENT_TYPES = [
  ...new Set([
    ...Object.values(CONTENT_TYPE_BY_EXTENSION),
    "application/msword",
    "application/vnd.ms-excel",
    "application/vnd.ms-powerpoint",
    "text/rtf",
  ]),
];

/** The `accept` attribute of the file inputs. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(",");

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
}

/** The canonical content type of an allowed file name, or null when its extension is not allowed. */
export function attachmentContentType(fileName: string): string | null {
  const ext = fileExtension(fileName) as keyof typeof CONTENT_TYPE_BY_EXTENSION;
  return Object.hasOwn(CONTENT_TYPE_BY_EXTENSION, ext) ? CONTENT_TYPE_BY_EXTENSION[ext] : null;
}

/**
 * A file name as it is kept and shown: the last path segment, without control characters, trimmed to a sane
 * length (keeping the extension). Empty when nothing is left.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  if (clean.length <= FILE_NAME_MAX_LENGTH) return clean;
  const ext = fileExtension(clean);
  return `${clean.slice(0, FILE_NAME_MAX_LENGTH - ext.length - 1)}.${ext}`;
}

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * Whether a file's bytes are what its extension claims: a PDF starts `%PDF-`, an RTF `{\rtf`, the Office and
 * OpenDocument formats are zip archives, images have their signatures, and the text formats are UTF-8 without NUL
 * bytes. A renamed executable or HTML page posing as a PDF is refused.
 */
export function bytesMatchExtension(fileName: string, bytes: Uint8Array): boolean {
  switch (fileExtension(fileName)) {
    case "pdf":
      return startsWith(bytes, ascii("%PDF-"));
    case "rtf":
      return startsWith(bytes, ascii("{\\rtf"));
    case "ods":
    case "odt":
    case "pptx":
    case "xlsx":
    case "docx":
      return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);
    case "gif":
      return startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"));
    case "jpeg":
    case "jpg":
    case "jpe":
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case "png":
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case "tif":
    case "tiff":
      return startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]);
    case "csv":
    case "txt":
    case "text":
      return isPlainText(bytes);
    default:
      return false;
  }
}

/** Text (UTF-8 or an older 8-bit encoding) has no NUL or other control bytes besides tab, line breaks and form feed. */
function isPlainText(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
  return true;
}
