import type { Readable } from "node:stream";

/** Where and how a client uploads one file without credentials of its own. */
export interface PresignedUpload {
  /** Absolute URL; carries its own authorization (signature and expiry). */
  url: string;
  method: "PUT";
  /** Headers the PUT must send exactly as given (the signature covers them). */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface UploadUrlRequest {
  /** Server-chosen object key; never derived from user input. */
  objectKey: string;
  /** The Content-Type the client announced; the PUT must send the same. */
  contentType: string;
  /** The size the client announced, in bytes (≤ 50 MiB); the PUT may not send more. */
  size: number;
  expiresInSeconds: number;
}

export interface BlobInfo {
  size: number;
}

/**
 * The blob storage port: uploaded files (benchmark datasets, documents, traces) live here, not in
 * the database. One folder per implementation: `local/` (default, a folder under the data dir,
 * uploads served by this service) and `s3/` (any S3-compatible store, real presigned URLs).
 */
export interface BlobStore {
  readonly driver: "local" | "s3";
  createUploadUrl(request: UploadUrlRequest): Promise<PresignedUpload>;
  /** The object's size, or undefined when it does not exist (e.g. never uploaded). */
  stat(objectKey: string): Promise<BlobInfo | undefined>;
  /** Streams an object; rejects when it does not exist. */
  read(objectKey: string): Promise<Readable>;
  /** Stores server-produced content (e.g. a downloaded dataset). */
  write(objectKey: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** Removes an object; removing a missing object is not an error. */
  delete(objectKey: string): Promise<void>;
  /**
   * Deletes partial uploads older than `olderThan` that a crash left behind; answers how many.
   * Stores whose writes are atomic (S3) never have any.
   */
  removeAbandoned(olderThan: Date): Promise<number>;
  close(): Promise<void>;
}

/** Settings of the S3-compatible driver (AWS S3, MinIO, R2, …). */
export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** API endpoint the service talks to; unset means AWS. */
  endpoint?: string;
  /** Endpoint put into presigned URLs when clients reach the store under another address. */
  publicEndpoint?: string;
  forcePathStyle: boolean;
  /** Unset means the AWS default credential chain. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Prepended to every object key, e.g. `assay/`. */
  prefix: string;
}
