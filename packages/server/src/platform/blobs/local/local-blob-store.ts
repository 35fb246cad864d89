import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { link, mkdir, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { baseContentType } from "@assay/protocol/files";
import { AppError } from "../../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { BlobInfo, BlobStore, PresignedUpload, UploadUrlRequest } from "../blob-store.ts";
import { signUploadGrant, verifyUploadToken } from "./upload-token.ts";

export interface LocalBlobStoreOptions {
  /** Folder holding `objects/` and `tmp/`. */
  root: string;
  /** Where the service's signed-upload route is reachable from clients, e.g. `https://host/api/v1/blobs`. */
  uploadBaseUrl: string;
  /** HMAC key for upload URLs (derived from the master key). */
  signingKey: Buffer;
  clock: Clock;
}

/** An incoming PUT to a signed upload URL. */
export interface SignedUpload {
  token: string;
  contentType: string | undefined;
  contentLength: number | undefined;
  body: Readable;
}

export interface LocalBlobStore extends BlobStore {
  readonly driver: "local";
  /** Stores the body of a PUT to one of our upload URLs, enforcing what the URL granted. */
  receiveUpload(upload: SignedUpload): Promise<{ size: number }>;
}

// Object keys are chosen by the service; this only guards against a bug ever escaping the folder.
const SAFE_KEY = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]{0,511}$/;

/**
 * Blobs in a local folder. Writes go to `tmp/` and are renamed into `objects/` only when
 * complete, so a reader never sees half a file and a failed upload leaves nothing behind.
 */
export function createLocalBlobStore(options: LocalBlobStoreOptions): LocalBlobStore {
  const objects = join(options.root, "objects");
  const tmp = join(options.root, "tmp");

  const pathOf = (objectKey: string) => {
    if (!SAFE_KEY.test(objectKey)) throw new Error(`unsafe object key: ${objectKey}`);
    return join(objects, objectKey);
  };
  const tempPath = async () => {
    await mkdir(tmp, { recursive: true });
    return join(tmp, randomUUID());
  };

  async function statBlob(objectKey: string): Promise<BlobInfo | undefined> {
    try {
      const s = await stat(pathOf(objectKey));
      return s.isFile() ? { size: s.size } : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async function createUploadUrl(request: UploadUrlRequest): Promise<PresignedUpload> {
    pathOf(request.objectKey);
    const expiresAt = new Date(options.clock.now().getTime() + request.expiresInSeconds * 1000);
    const token = signUploadGrant(
      {
        objectKey: request.objectKey,
        contentType: request.contentType,
        size: request.size,
        exp: Math.floor(expiresAt.getTime() / 1000),
      },
      options.signingKey,
    );
    return {
      url: `${options.uploadBaseUrl}/${token}`,
      method: "PUT",
      headers: { "Content-Type": request.contentType },
      expiresAt,
    };
  }

  async function receiveUpload(upload: SignedUpload): Promise<{ size: number }> {
    const grant = verifyUploadToken(upload.token, options.signingKey);
    if (!grant) throw new AppError("PERMISSION_DENIED", "upload URL signature is invalid");
    if (options.clock.now().getTime() > grant.exp * 1000) {
      throw new AppError("PERMISSION_DENIED", "upload URL has expired; request a new one");
    }
    if (baseContentType(upload.contentType ?? "") !== baseContentType(grant.contentType)) {
      throw new AppError(
        "PERMISSION_DENIED",
        `Content-Type must be ${grant.contentType}, as announced when the URL was requested`,
      );
    }
    if (upload.contentLength !== undefined && upload.contentLength > grant.size) {
      throw tooLarge(grant.size);
    }
    const target = pathOf(grant.objectKey);
    if (await statBlob(grant.objectKey)) {
      throw new AppError(
        "PRECONDITION_FAILED",
        "this upload URL was already used; request a new one",
      );
    }

    const temp = await tempPath();
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        // Content-Length may lie or be absent (chunked): count what actually arrives.
        callback(received > grant.size ? tooLarge(grant.size) : null, chunk);
      },
    });
    try {
      upload.body.pipe(counter);
      await pipeline(counter, createWriteStream(temp, { flags: "wx", mode: 0o600 }));
      if (received < grant.size) {
        throw new AppError(
          "VALIDATION_ERROR",
          `body has ${received} bytes but the URL was issued for ${grant.size}; the upload is incomplete`,
        );
      }
      await mkdir(dirname(target), { recursive: true });
      // link() refuses to replace an existing file: two racing PUTs of one URL store one body.
      await link(temp, target).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "EEXIST") {
          throw new AppError(
            "PRECONDITION_FAILED",
            "this upload URL was already used; request a new one",
          );
        }
        throw error;
      });
      return { size: received };
    } finally {
      upload.body.unpipe(counter);
      await rm(temp, { force: true });
    }
  }

  return {
    driver: "local",
    createUploadUrl,
    stat: statBlob,
    receiveUpload,
    async read(objectKey) {
      const path = pathOf(objectKey);
      await stat(path);
      return createReadStream(path);
    },
    async write(objectKey, body) {
      const target = pathOf(objectKey);
      const temp = await tempPath();
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          createWriteStream(temp, { mode: 0o600 }),
        );
        await mkdir(dirname(target), { recursive: true });
        await rename(temp, target);
      } finally {
        await rm(temp, { force: true });
      }
    },
    async delete(objectKey) {
      await rm(pathOf(objectKey), { force: true });
    },
    async removeAbandoned(olderThan) {
      let removed = 0;
      const names = await readdir(tmp).catch(() => [] as string[]);
      for (const name of names) {
        const path = join(tmp, name);
        const s = await stat(path).catch(() => undefined);
        if (s && s.mtime < olderThan) {
          await unlink(path).catch(() => {});
          removed++;
        }
      }
      return removed;
    },
    async close() {},
  };
}

function tooLarge(size: number): AppError {
  return new AppError(
    "PAYLOAD_TOO_LARGE",
    `body is larger than the ${size} bytes announced for this upload`,
  );
}
