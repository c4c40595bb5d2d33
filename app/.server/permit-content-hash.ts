import { createHash } from "node:crypto";
import type { LocalizedText } from "./db/schema";

/**
 * The content hash of a direct-compensation permit in the insurers' development stand-in: the seed's demo permits
 * and the permits the stand-in's application page grants are named the same way.
 */
export function permitContentHash(
  personId: string,
  symptom: LocalizedText,
  bodyPart: LocalizedText,
  validTo: string,
  salt: string,
): string {
  return createHash("sha256")
    .update(JSON.stringify([personId, symptom.fi, bodyPart.fi, validTo, salt]))
    .digest("hex")
    .slice(0, 32);
}
