import type { Config } from "../../config.ts";
import type { Clock } from "../clock.ts";
import { deriveKey } from "../crypto/master-key.ts";
import type { BlobStore } from "./blob-store.ts";
import { createLocalBlobStore } from "./local/local-blob-store.ts";

export type BlobStoreConfig = Pick<Config, "blobs" | "publicUrl" | "apiPrefix">;

/** The configured blob store; the S3 driver is only loaded when configured. */
export async function createBlobStore(
  config: BlobStoreConfig,
  masterKey: Buffer,
  clock: Clock,
): Promise<BlobStore> {
  if (config.blobs.driver === "s3") {
    const { createS3BlobStore } = await import("./s3/s3-blob-store.ts");
    return createS3BlobStore(config.blobs);
  }
  return createLocalBlobStore({
    root: config.blobs.root,
    uploadBaseUrl: `${config.publicUrl}${config.apiPrefix}/blobs`,
    signingKey: deriveKey(masterKey, "blob-urls/v1"),
    clock,
  });
}
