import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { setTimeout as sleep } from "node:timers/promises";
import { type S3TestServer, startS3Server } from "@assay/test-kit/s3-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStore, S3BlobStoreOptions } from "../blob-store.ts";
import { createS3BlobStore, MAX_OBJECT_BYTES } from "./s3-blob-store.ts";

// Runs against a real S3-compatible server on loopback that verifies SigV4 presigned signatures
// and expiry (@assay/test-kit/s3-server.ts), so every 403 below comes from the store, as it would
// from AWS S3.

let server: S3TestServer;
const stores: BlobStore[] = [];

function options(overrides: Partial<S3BlobStoreOptions> = {}): S3BlobStoreOptions {
  return {
    bucket: server.bucket,
    region: server.region,
    endpoint: server.endpoint,
    forcePathStyle: true,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    prefix: "assay/",
    ...overrides,
  };
}

function storeWith(overrides: Partial<S3BlobStoreOptions> = {}): BlobStore {
  const store = createS3BlobStore(options(overrides));
  stores.push(store);
  return store;
}

/** A PUT as wire protocol §5.8 clients send it: absolute URL, the given headers, no auth. */
function put(url: string, body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(url, { method: "PUT", body, headers, redirect: "manual" });
}

async function expectRefused(response: Response): Promise<void> {
  expect(response.status).toBe(403);
  expect(await response.text()).toMatch(/<Code>(SignatureDoesNotMatch|AccessDenied)<\/Code>/);
}

const uniqueKey = () => `uploads/project-1/${randomUUID()}.jsonl`;
const contentType = "application/jsonl";
const content = '{"input":"2+2","truth":"4"}\n';
const size = Buffer.byteLength(content);

beforeAll(async () => {
  server = await startS3Server();
});

afterAll(async () => {
  for (const store of stores) await store.close();
  await server?.stop();
});

describe("createS3BlobStore: presigned uploads", () => {
  it("signs content-type and content-length into the URL and answers the headers to send", async () => {
    const store = storeWith();
    const objectKey = uniqueKey();
    const before = Date.now();
    const upload = await store.createUploadUrl({
      objectKey,
      contentType,
      size,
      expiresInSeconds: 900,
    });

    const url = new URL(upload.url);
    expect(`${url.protocol}//${url.host}`).toBe(server.endpoint);
    expect(url.pathname).toBe(`/${server.bucket}/assay/${objectKey}`);
    const signed = url.searchParams.get("X-Amz-SignedHeaders")?.split(";");
    expect(signed).toEqual(expect.arrayContaining(["content-type", "content-length", "host"]));
    expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
    // A checksum computed at signing time (of no body) would make the real upload fail.
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    expect(upload.method).toBe("PUT");
    expect(upload.headers).toEqual({ "Content-Type": contentType });
    const expiresAt = upload.expiresAt.getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 899_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 900_000);
  });

  it("accepts a PUT with the announced type and size; stat and read return the bytes", async () => {
    const store = storeWith();
    const objectKey = uniqueKey();
    const upload = await store.createUploadUrl({
      objectKey,
      contentType,
      size,
      expiresInSeconds: 60,
    });

    const response = await put(upload.url, content, upload.headers);
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);

    expect(await store.stat(objectKey)).toEqual({ size });
    expect((await buffer(await store.read(objectKey))).toString()).toBe(content);
  });

  it("refuses a PUT with another Content-Type", async () => {
    const store = storeWith();
    const objectKey = uniqueKey();
    const upload = await store.createUploadUrl({
      objectKey,
      contentType,
      size,
      expiresInSeconds: 60,
    });

    await expectRefused(await put(upload.url, content, { "Content-Type": "text/plain" }));
    expect(await store.stat(objectKey)).toBeUndefined();
  });

  it("refuses a body larger or smaller than announced", async () => {
    const store = storeWith();
    const objectKey = uniqueKey();
    const upload = await store.createUploadUrl({
      objectKey,
      contentType,
      size,
      expiresInSeconds: 60,
    });

    await expectRefused(await put(upload.url, content + content, upload.headers));
    await expectRefused(await put(upload.url, content.slice(1), upload.headers));
    expect(await store.stat(objectKey)).toBeUndefined();
  });

  it("refuses an expired URL", async () => {
    const store = storeWith();
    const objectKey = uniqueKey();
    const upload = await store.createUploadUrl({
      objectKey,
      contentType,
      size,
      expiresInSeconds: 1,
    });

    await sleep(2_100);
    await expectRefused(await put(upload.url, content, upload.headers));
    expect(await store.stat(objectKey)).toBeUndefined();
  });

  it("refuses a URL whose signature or key was changed", async () => {
    const store = storeWith();
    const objectKey = uniqueKey();
    const upload = await store.createUploadUrl({
      objectKey,
      contentType,
      size,
      expiresInSeconds: 60,
    });

    const otherSignature = new URL(upload.url);
    const signature = otherSignature.searchParams.get("X-Amz-Signature") ?? "";
    otherSignature.searchParams.set(
      "X-Amz-Signature",
      (signature.startsWith("0") ? "1" : "0") + signature.slice(1),
    );
    await expectRefused(await put(otherSignature.href, content, upload.headers));

    const otherKey = uniqueKey();
    const movedUrl = upload.url.replace(objectKey, otherKey);
    expect(movedUrl).not.toBe(upload.url);
    await expectRefused(await put(movedUrl, content, upload.headers));

    expect(await store.stat(objectKey)).toBeUndefined();
    expect(await store.stat(otherKey)).toBeUndefined();
  });

  it("refuses a URL signed with the wrong secret", async () => {
    const store = storeWith({ secretAccessKey: "not-the-secret" });
    const upload = await store.createUploadUrl({
      objectKey: uniqueKey(),
      contentType,
      size,
      expiresInSeconds: 60,
    });

    expect(upload.url).not.toContain("not-the-secret");
    await expectRefused(await put(upload.url, content, upload.headers));
  });

  it("puts publicEndpoint into the URL and signs it for that host", async () => {
    const publicEndpoint = `http://localhost:${server.port}`;
    const store = storeWith({ publicEndpoint });
    const objectKey = uniqueKey();
    const upload = await store.createUploadUrl({
      objectKey,
      contentType,
      size,
      expiresInSeconds: 60,
    });

    expect(upload.url.startsWith(`${publicEndpoint}/${server.bucket}/assay/`)).toBe(true);
    // The host is signed: the same URL sent to the service's own address is refused.
    const internalUrl = upload.url.replace(publicEndpoint, server.endpoint);
    await expectRefused(await put(internalUrl, content, upload.headers));

    const response = await put(upload.url, content, upload.headers);
    expect(response.ok).toBe(true);
    // The service itself still talks to `endpoint`.
    expect(await store.stat(objectKey)).toEqual({ size });
  });

  it("refuses to sign a size above the upload limit or a negative one", async () => {
    const store = storeWith();
    for (const badSize of [MAX_OBJECT_BYTES + 1, -1, 1.5]) {
      await expect(
        store.createUploadUrl({
          objectKey: uniqueKey(),
          contentType,
          size: badSize,
          expiresInSeconds: 60,
        }),
      ).rejects.toThrow(RangeError);
    }
  });
});

describe("createS3BlobStore: server-side objects", () => {
  it("writes, stats, reads and deletes a Buffer", async () => {
    const store = storeWith();
    const objectKey = `datasets/${randomUUID()}.jsonl`;
    const bytes = Buffer.from("line 1\nline 2\n");

    await store.write(objectKey, bytes, "application/jsonl");
    expect(store.driver).toBe("s3");
    expect(await store.stat(objectKey)).toEqual({ size: bytes.length });
    expect(await buffer(await store.read(objectKey))).toEqual(bytes);

    await store.delete(objectKey);
    expect(await store.stat(objectKey)).toBeUndefined();
  });

  it("writes a Readable of unknown length", async () => {
    const store = storeWith();
    const objectKey = `datasets/${randomUUID()}.jsonl`;
    const parts = ["alpha\n", "beta\n", "gamma\n"];

    await store.write(objectKey, Readable.from(parts), "application/jsonl");
    expect((await buffer(await store.read(objectKey))).toString()).toBe(parts.join(""));
  });

  it("refuses a Readable longer than the upload limit", async () => {
    const store = storeWith();
    const objectKey = `datasets/${randomUUID()}.bin`;
    const mebibyte = Buffer.alloc(1024 * 1024);
    function* tooLong() {
      for (let i = 0; i <= MAX_OBJECT_BYTES / mebibyte.length; i++) yield mebibyte;
    }

    await expect(
      store.write(objectKey, Readable.from(tooLong()), "application/octet-stream"),
    ).rejects.toThrow(RangeError);
    expect(await store.stat(objectKey)).toBeUndefined();
  });

  it("answers undefined for a missing key, rejects reading it, and deletes it without error", async () => {
    const store = storeWith();
    const objectKey = `missing/${randomUUID()}`;

    expect(await store.stat(objectKey)).toBeUndefined();
    await expect(store.read(objectKey)).rejects.toThrow();
    await expect(store.delete(objectKey)).resolves.toBeUndefined();
  });

  it("prepends the prefix to every key", async () => {
    const prefixed = storeWith({ prefix: "tenant-a/" });
    const bare = storeWith({ prefix: "" });
    const objectKey = `datasets/${randomUUID()}.txt`;

    await prefixed.write(objectKey, Buffer.from("prefixed"), "text/plain");
    expect(await bare.stat(`tenant-a/${objectKey}`)).toEqual({ size: 8 });
    expect(await bare.stat(objectKey)).toBeUndefined();

    await prefixed.delete(objectKey);
    expect(await bare.stat(`tenant-a/${objectKey}`)).toBeUndefined();
  });
});
