/**
 * Image files the portal accepts (the Kela card; spec part 1 §9: image/jpeg and image/png), recognised by their
 * first bytes — never by the file's name or the type a browser or client declares. Isomorphic: the browser checks a
 * chosen file before uploading it, and the server checks what it stores.
 */
export const IMAGE_TYPES = ["image/jpeg", "image/png"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/**
 * Largest image accepted, in bytes. The spec gives no limit; 5 MB holds a phone photo of a card (usually 1–4 MB)
 * and keeps a form with two of them, and the server's raised body limit for it, small.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_MEGABYTES = MAX_IMAGE_BYTES / (1024 * 1024);

/** How many leading bytes `detectImageType` needs. */
export const IMAGE_SIGNATURE_BYTES = 8;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// SOI (FF D8) followed by the first marker's FF: JFIF, Exif and raw JPEG streams all start so.
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** The image type the bytes start with, or null (another format, text, or too few bytes to tell). */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG)) return "image/png";
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  return null;
}

export function isImageType(value: unknown): value is ImageType {
  return (IMAGE_TYPES as readonly unknown[]).includes(value);
}
