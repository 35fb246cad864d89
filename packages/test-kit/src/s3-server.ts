import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A real S3-compatible server on a loopback port, for tests: `@20minutes/s3rver` (a maintained
 * fork of s3rver). Unlike the original s3rver 3.x, which accepts any SigV4 signature, it computes
 * SigV4 signatures (header and presigned query) from the signed headers it receives, and refuses
 * expired presigned URLs — so a wrong Content-Type, a different Content-Length, a changed key or
 * signature and an expired URL all get 403 as from AWS S3. It does not emulate ACLs or bucket
 * policies: an unsigned request is served as anonymous.
 */
export interface S3TestServer {
  /** `http://127.0.0.1:<port>`; use path-style addressing. */
  endpoint: string;
  port: number;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

interface S3rverOptions {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: { closeAllConnections(): void };
}

// The package is CommonJS and ships no types; describe the little we use.
const S3rver = createRequire(import.meta.url)("@20minutes/s3rver") as new (
  options: S3rverOptions,
) => S3rverInstance;

export async function startS3Server(): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), "assay-s3-"));
  const bucket = "assay-test";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  let address: AddressInfo;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    port: address.port,
    bucket,
    region: "us-east-1",
    // s3rver's built-in account; any other key id is refused with InvalidAccessKeyId.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async stop() {
      const closing = server.close();
      // Keep-alive sockets of SDK clients and fetch would hold close() open.
      server.httpServer?.closeAllConnections();
      await closing;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
