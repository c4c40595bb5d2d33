import { MAX_IMAGE_BYTES, MAX_IMAGE_MEGABYTES, detectImageType } from "~/lib/image-file";
import type { T } from "~/lib/translate";
import type { ImageProblem, KelaCardSide } from "./kela-card-sides";

/**
 * The Kela card's rules, shared by the server and the browser (spec part 1 §3–§5, §9): two sides, each a JPEG or a
 * PNG by its bytes, at most MAX_IMAGE_BYTES; both are needed before anything is saved.
 */
export { KELA_CARD_SIDES, type ImageProblem, type KelaCardImages, type KelaCardSide } from "./kela-card-sides";

/** The message of a side's problem (myInformation.kelaCard.errors.<side>.<problem>). */
export function problemMessage(t: T, side: KelaCardSide, problem: ImageProblem): string {
  return t(`myInformation.kelaCard.errors.${side}.${problem}`, { megabytes: MAX_IMAGE_MEGABYTES });
}

/** A chosen file's problem from its size and its first bytes (null: none; an empty file is no file). */
export function imageProblem(size: number, firstBytes: Uint8Array): ImageProblem | null {
  if (size === 0) return "missing";
  if (size > MAX_IMAGE_BYTES) return "tooLarge";
  return detectImageType(firstBytes) ? null : "invalidType";
}

/** The answer of init-upload: where to PUT each side, with which headers, and the token that finishes it. */
export type InitUploadAnswer = {
  front: { url: string; headers?: Record<string, string> };
  back: { url: string; headers?: Record<string, string> };
  token: string;
};

/** Upload tokens are 32 random bytes, base64url. */
export const UPLOAD_TOKEN = /^[\w-]{43}$/;
