import { env } from "../env";
import type { FileStorage } from "./file-storage";
import { LocalFileStorage } from "./local";
import { S3FileStorage } from "./s3";

export { newSealedKey, type FileStorage } from "./file-storage";
export { LocalFileStorage } from "./local";
export { readStoredFile } from "./uploads";

let current: FileStorage | null = null;

/**
 * The file storage of this configuration: S3-compatible object storage when `S3_BUCKET` is set, otherwise the
 * development stand-in under `UPLOADS_DIR` (`./data/uploads`). Production refuses to start without S3 (env.ts).
 */
export function storage(): FileStorage {
  return (current ??= fromEnvironment());
}

/** Tests put a storage of their own (a temporary folder) in place; null goes back to the configured one. */
export function setStorage(next: FileStorage | null) {
  current = next;
}

function fromEnvironment(): FileStorage {
  const { s3, environment, uploadsDir } = env();
  if (s3) {
    const missing = (["region", "accessKeyId", "secretAccessKey"] as const).filter((k) => !s3[k]);
    if (missing.length)
      throw new Error("S3_BUCKET is set, so S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too");
    return new S3FileStorage(s3);
  }
  if (environment === "production") throw new Error("production keeps files in S3 only: set S3_BUCKET");
  return new LocalFileStorage(uploadsDir);
}
