import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type {
  BlobInfo,
  BlobStore,
  PresignedUpload,
  S3BlobStoreOptions,
  UploadUrlRequest,
} from "../blob-store.ts";

/** The upload limit (50 MiB, as the original API has it); also the most `write` buffers from a stream. */
export const MAX_OBJECT_BYTES = 52_428_800;

/** S3 refuses presigned URLs that live longer than seven days. */
const MAX_EXPIRES_IN_SECONDS = 604_800;

/**
 * The S3-compatible driver (AWS S3, MinIO, R2, …). Loaded only when configured (STYLE habit 6):
 * importing this module creates nothing and talks to no one; clients are built by the factory and
 * connect on first use.
 *
 * Presigned uploads sign `content-type` and `content-length` with the exact announced values, so
 * the store itself answers 403 to a PUT with another type or another size (threat D1). The PUT
 * sends no other header we could sign: wire protocol §5.8 clients send only `Content-Type` and
 * `Content-Length`, so `If-None-Match` (D3) is left to the finalize step, not to the URL.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const { bucket, prefix } = options;
  const client = new S3Client(clientConfig(options, options.endpoint));
  // Clients may reach the store under another address than the service; the host is part of the
  // signature, so the URL must be signed for the address the client will use.
  const presignClient =
    options.publicEndpoint === undefined
      ? client
      : new S3Client(clientConfig(options, options.publicEndpoint));
  const keyOf = (objectKey: string) => prefix + objectKey;

  return {
    driver: "s3",

    async createUploadUrl(request: UploadUrlRequest): Promise<PresignedUpload> {
      const { objectKey, contentType, size, expiresInSeconds } = request;
      if (!Number.isSafeInteger(size) || size < 0 || size > MAX_OBJECT_BYTES) {
        throw new RangeError(`upload size must be an integer from 0 to ${MAX_OBJECT_BYTES} bytes`);
      }
      if (
        !Number.isInteger(expiresInSeconds) ||
        expiresInSeconds < 1 ||
        expiresInSeconds > MAX_EXPIRES_IN_SECONDS
      ) {
        throw new RangeError(`expiresInSeconds must be from 1 to ${MAX_EXPIRES_IN_SECONDS}`);
      }
      const signingDate = new Date();
      const command = new PutObjectCommand({
        Bucket: bucket,
        Key: keyOf(objectKey),
        ContentType: contentType,
        ContentLength: size,
      });
      const url = await getSignedUrl(presignClient, command, {
        expiresIn: expiresInSeconds,
        signingDate,
        // The presigner leaves content-type unsigned unless named here; content-length is named
        // too because SDKs have silently dropped it before (aws-sdk-js#806). Both signed, the
        // store refuses any other type or size.
        signableHeaders: new Set(["content-type", "content-length"]),
      });
      return {
        url,
        method: "PUT",
        // Content-Length is set by every HTTP client from the body; only the type is ours to give.
        headers: { "Content-Type": contentType },
        expiresAt: new Date(signingDate.getTime() + expiresInSeconds * 1000),
      };
    },

    async stat(objectKey: string): Promise<BlobInfo | undefined> {
      try {
        const head = await client.send(
          new HeadObjectCommand({ Bucket: bucket, Key: keyOf(objectKey) }),
        );
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async read(objectKey: string): Promise<Readable> {
      const object = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: keyOf(objectKey) }),
      );
      const body: unknown = object.Body;
      if (body instanceof Readable) return body;
      throw new Error(`GetObject returned no readable body for "${objectKey}"`);
    },

    async write(objectKey: string, body: Buffer | Readable, contentType: string): Promise<void> {
      // PutObject needs the length up front. A stream of unknown length is buffered (bounded by
      // the 50 MiB upload limit) rather than pulling in @aws-sdk/lib-storage's multipart upload:
      // server-produced blobs are never larger than an upload may be.
      const bytes = Buffer.isBuffer(body) ? body : await collect(body, MAX_OBJECT_BYTES);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(objectKey),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },

    async delete(objectKey: string): Promise<void> {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(objectKey) }));
      } catch (error) {
        // S3 answers 204 for a missing key; some compatible stores answer 404.
        if (!isNotFound(error)) throw error;
      }
    },

    // A PUT to S3 either stores the whole object or nothing: no partial files to clean up.
    async removeAbandoned(): Promise<number> {
      return 0;
    },

    async close(): Promise<void> {
      client.destroy();
      if (presignClient !== client) presignClient.destroy();
    },
  };
}

function clientConfig(options: S3BlobStoreOptions, endpoint: string | undefined): S3ClientConfig {
  const { accessKeyId, secretAccessKey } = options;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    // Name the settings, never their values.
    throw new Error("S3 access key id and secret access key must be set together");
  }
  return {
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(endpoint === undefined ? {} : { endpoint }),
    // Unset means the AWS default credential chain (environment, profile, instance role).
    ...(accessKeyId === undefined || secretAccessKey === undefined
      ? {}
      : { credentials: { accessKeyId, secretAccessKey } }),
    // The default ("when supported") puts `x-amz-checksum-crc32=AAAAAA==`, the checksum of an
    // empty body, into presigned PUT URLs, so the real upload fails its checksum; and not every
    // S3-compatible store understands flexible checksums. Use them only where the API requires.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

function isNotFound(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  // HeadObject's 404 has no body, so the SDK names it by status: NotFound. A missing bucket is
  // NoSuchBucket and stays an error.
  const { name } = error as { name?: unknown };
  return name === "NotFound" || name === "NoSuchKey";
}

async function collect(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    total += buffer.length;
    if (total > limit) {
      stream.destroy();
      throw new RangeError(`blob larger than ${limit} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total);
}
