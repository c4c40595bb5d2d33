/**
 * The answers of the two SurveyJS question types that hold more than text, as this portal writes them.
 *
 * A file question (`file`) keeps what SurveyJS keeps, `{ name, type, content }` per file, with `content` naming a
 * file the portal stored (`stored-file:<id>`) instead of the file's bytes: the bytes stay in the file storage,
 * sealed, and an answer may name only the files attached to its own invitation (questionnaire-files.server.ts).
 *
 * A signature (`signaturepad`) is given by typing one's name, which a keyboard, a screen reader and a browser
 * without JavaScript can all do. Its answer is what the pad keeps, an image as a data URL: an SVG that writes the
 * name, made here, so the signature shows wherever the answers are read. It reads back to the name, and only an
 * image made here does.
 */

export type FileAnswer = { name: string; type: string; content: string };

const FILE_CONTENT_PREFIX = "stored-file:";

export const fileContent = (fileId: string) => FILE_CONTENT_PREFIX + fileId;

/** The stored file an answer's entry names, or null for anything else. */
export function fileIdOf(entry: unknown): string | null {
  if (typeof entry !== "object" || entry === null) return null;
  const content = (entry as { content?: unknown }).content;
  return typeof content === "string" && content.startsWith(FILE_CONTENT_PREFIX)
    ? content.slice(FILE_CONTENT_PREFIX.length)
    : null;
}

/** A file question's answer as a list of its files (none for anything that is not a list of them). */
export function fileAnswersOf(value: unknown): FileAnswer[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (v): v is FileAnswer =>
      typeof v === "object" &&
      v !== null &&
      typeof (v as FileAnswer).name === "string" &&
      typeof (v as FileAnswer).type === "string" &&
      fileIdOf(v) !== null,
  );
}

/** The longest name a signature takes. */
export const SIGNATURE_MAX_LENGTH = 100;

const SVG_PREFIX = "data:image/svg+xml;base64,";
const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (e) => Object.keys(XML_ESCAPES).find((c) => XML_ESCAPES[c] === e) ?? e);

/** A typed name as a signature's image: one line of text, as wide as the name needs. */
export function signatureImage(name: string): string {
  const width = Math.max(240, 20 * [...name].length + 16);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="64" viewBox="0 0 ${width} 64">` +
    `<text x="8" y="44" font-family="cursive" font-size="32">${escapeXml(name)}</text></svg>`;
  return SVG_PREFIX + Buffer.from(svg, "utf8").toString("base64");
}

/** The name a signature's image writes, when the image is one `signatureImage` made; else null. */
export function signedName(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith(SVG_PREFIX) || value.length > 4 * SIGNATURE_MAX_LENGTH * 8)
    return null;
  const svg = Buffer.from(value.slice(SVG_PREFIX.length), "base64").toString("utf8");
  const text = /<text [^>]*>([^<]*)<\/text>/.exec(svg);
  if (!text) return null;
  const name = unescapeXml(text[1]);
  return signatureImage(name) === value ? name : null;
}
