import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { API_PATHS } from "~/route-table/api-paths";
import { now as clockNow } from "../clock";
import { deriveKey } from "../env";
import {
  assertIncomingKey,
  assertStorageKey,
  assertStoragePrefix,
  isIncomingKey,
  isStorageKey,
  type FileStorage,
  type SignedUpload,
  type StoredObject,
  type UploadRules,
} from "./file-storage";

/** Why a local upload was refused, and the status it gets (S3 answers a bad or expired signature with 403 too). */
export type UploadRefusal =
  | { reason: "method"; status: 405 }
  | { reason: "signature" | "expired"; status: 403 }
  | { reason: "contentType"; status: 415 }
  | { reason: "lengthRequired"; status: 411 }
  | { reason: "tooLarge"; status: 413 };

type UploadRequest = {
  method: string;
  key: string;
  query: URLSearchParams;
  contentType: string | null;
  contentLength: string | null;
};

/**
 * The development stand-in for object storage: files in a folder (`./data/uploads`; a temporary one in tests),
 * uploaded through `/dev/uploads/<key>` with URLs the app signs itself (HMAC with a key derived from
 * SESSION_SECRET) over the key, the method, the exact content type, the size limit and the expiry, for incoming
 * keys only. Files carry the portal's clock as their modification time, as S3 objects carry the time they were
 * written, so housekeeping ages them the same way. Production never runs it (env.ts requires S3 there, and no
 * /dev path answers).
 */
export class LocalFileStorage implements FileStorage {
  readonly kind = "local";
  readonly uploadOrigin = null;
  #key: Buffer | null = null;

  constructor(readonly root: string) {}

  #signingKey(): Buffer {
    return (this.#key ??= deriveKey("local-upload"));
  }

  #file(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  // The content type is not kept: the database records the type the file's bytes showed.
  async put(key: string, bytes: Uint8Array, _contentType?: string): Promise<void> {
    const file = this.#file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const temporary = `${file}.${randomBytes(6).toString("hex")}.part`;
    await writeFile(temporary, bytes);
    const written = clockNow();
    await utimes(temporary, written, written);
    await rename(temporary, file);
  }

  async stat(key: string) {
    const info = await this.#statFile(key);
    return info?.isFile() ? { size: info.size, contentType: null } : null;
  }

  async #statFile(key: string) {
    try {
      return await stat(this.#file(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<Uint8Array<ArrayBuffer> | null> {
    try {
      return new Uint8Array(await readFile(this.#file(key)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.#file(key), { force: true });
  }

  async list(prefix: string): Promise<StoredObject[]> {
    assertStoragePrefix(prefix);
    const found: StoredObject[] = [];
    const walk = async (folder: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(path.join(this.root, ...folder.split("/")), { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const key = folder + entry.name;
        if (entry.isDirectory()) await walk(`${key}/`);
        // Files being written (`.part`) are no keys yet.
        else if (entry.isFile() && isStorageKey(key)) {
          const info = await this.#statFile(key);
          if (info) found.push({ key, lastModified: info.mtime });
        }
      }
    };
    await walk(prefix);
    return found;
  }

  async signUpload(key: string, rules: UploadRules, now: Date): Promise<SignedUpload> {
    assertIncomingKey(key);
    const expires = Math.floor(now.getTime() / 1000) + rules.expiresInSeconds;
    const query = new URLSearchParams({
      type: rules.contentType,
      max: String(rules.maxBytes),
      expires: String(expires),
    });
    query.set("signature", this.#sign(key, query));
    return {
      url: `${API_PATHS.devUploads}/${key}?${query}`,
      headers: { "Content-Type": rules.contentType },
      expiresAt: new Date(expires * 1000),
    };
  }

  #sign(key: string, query: URLSearchParams): string {
    const signed = ["PUT", key, query.get("type"), query.get("max"), query.get("expires")].join("\n");
    return createHmac("sha256", this.#signingKey()).update(signed).digest("base64url");
  }

  /**
   * Whether an upload request may be stored, decided from its line and headers alone, before its body is read:
   * method PUT, an incoming key with an untampered signature, not expired, exactly the signed content type, and a
   * declared length within the signed limit. (The route also asks the database whether the upload is still open.)
   */
  checkUpload(request: UploadRequest, now: Date): UploadRefusal | null {
    if (request.method !== "PUT") return { reason: "method", status: 405 };
    const given = Buffer.from(request.query.get("signature") ?? "");
    const expected = Buffer.from(
      isIncomingKey(request.key) ? this.#sign(request.key, request.query) : "x".repeat(given.length + 1),
    );
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { reason: "signature", status: 403 };
    const expires = Number(request.query.get("expires"));
    if (!Number.isFinite(expires) || expires * 1000 <= now.getTime()) return { reason: "expired", status: 403 };
    if ((request.contentType ?? "").trim().toLowerCase() !== request.query.get("type"))
      return { reason: "contentType", status: 415 };
    if (request.contentLength === null || !/^\d+$/.test(request.contentLength))
      return { reason: "lengthRequired", status: 411 };
    const max = Number(request.query.get("max"));
    if (!(Number(request.contentLength) <= max)) return { reason: "tooLarge", status: 413 };
    return null;
  }

  /**
   * Stores the body of a checked upload (`checkUpload` first). Reads at most the signed limit, whatever the body
   * claims; false when it was longer.
   */
  async receive(key: string, body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<boolean> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (body) {
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          return false;
        }
        chunks.push(value);
      }
    }
    await this.put(key, Buffer.concat(chunks));
    return true;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}
