import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import type { S3Config } from "../env";
import {
  assertIncomingKey,
  assertStorageKey,
  assertStoragePrefix,
  isStorageKey,
  type FileStorage,
  type SignedUpload,
  type StoredObject,
  type UploadRules,
} from "./file-storage";

/** The SDK is loaded on first use only: a portal on the local stand-in never loads it. */
const sdk = () => Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/s3-request-presigner")]);

/**
 * Object storage over the S3 API (AWS S3 or a compatible service at `S3_ENDPOINT`), with the AWS SDK. Uploads are
 * presigned PUT URLs whose signature covers the key, the method, the expiry and the Content-Type header, so the
 * browser must send exactly the type the portal signed. A presigned PUT cannot limit the body's size (only a POST
 * policy can), so the size is checked when the upload is finished (`stat`) and an oversized file is deleted; the
 * bucket takes uploads only through URLs the portal signs, for a few minutes at a time. Nor can a presigned URL be
 * revoked once its upload is finished: it stays usable until it expires, which is why it is signed for incoming
 * keys only, the portal keeps checked bytes under sealed keys, and housekeeping sweeps incoming objects (`list`).
 */
export class S3FileStorage implements FileStorage {
  readonly kind = "s3";
  readonly uploadOrigin: string;
  #client: Promise<S3Client> | null = null;

  /** `transport` stands in for the network in tests (the SDK's request handler). */
  constructor(
    private readonly config: S3Config,
    private readonly transport?: S3ClientConfig["requestHandler"],
  ) {
    this.uploadOrigin = config.endpoint
      ? new URL(config.endpoint).origin
      : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
  }

  #s3(): Promise<S3Client> {
    return (this.#client ??= sdk().then(
      ([{ S3Client }]) =>
        new S3Client({
          region: this.config.region,
          endpoint: this.config.endpoint ?? undefined,
          // A service of one's own is addressed by path (https://endpoint/bucket/key); AWS by bucket host name.
          forcePathStyle: !!this.config.endpoint,
          credentials: { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey },
          // Checksums only where S3 requires them: a presigned URL then carries no checksum that the browser's
          // PUT would have to match.
          requestChecksumCalculation: "WHEN_REQUIRED",
          responseChecksumValidation: "WHEN_REQUIRED",
          ...(this.transport ? { requestHandler: this.transport } : {}),
        }),
    ));
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertStorageKey(key);
    const [[{ PutObjectCommand }], client] = await Promise.all([sdk(), this.#s3()]);
    await client.send(
      new PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async stat(key: string) {
    assertStorageKey(key);
    const [[{ HeadObjectCommand }], client] = await Promise.all([sdk(), this.#s3()]);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? null };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<Uint8Array<ArrayBuffer> | null> {
    assertStorageKey(key);
    const [[{ GetObjectCommand }], client] = await Promise.all([sdk(), this.#s3()]);
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return new Uint8Array(object.Body ? await object.Body.transformToByteArray() : []);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    const [[{ DeleteObjectCommand }], client] = await Promise.all([sdk(), this.#s3()]);
    await client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  async list(prefix: string): Promise<StoredObject[]> {
    assertStoragePrefix(prefix);
    const [[{ ListObjectsV2Command }], client] = await Promise.all([sdk(), this.#s3()]);
    const found: StoredObject[] = [];
    let continuation: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, ContinuationToken: continuation }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key && object.LastModified && isStorageKey(object.Key))
          found.push({ key: object.Key, lastModified: object.LastModified });
      continuation = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuation);
    return found;
  }

  async signUpload(key: string, rules: UploadRules, now: Date): Promise<SignedUpload> {
    assertIncomingKey(key);
    const [[{ PutObjectCommand }, { getSignedUrl }], client] = await Promise.all([sdk(), this.#s3()]);
    const url = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: this.config.bucket, Key: key, ContentType: rules.contentType }),
      { expiresIn: rules.expiresInSeconds, signingDate: now, signableHeaders: new Set(["content-type"]) },
    );
    return {
      url,
      headers: { "Content-Type": rules.contentType },
      expiresAt: new Date(now.getTime() + rules.expiresInSeconds * 1000),
    };
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
}
