import { PermissionDeniedError, ServiceError } from "@assay/client/errors";
import { MAX_UPLOAD_BYTES } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { testClient } from "./support/fixtures.ts";
import { startScriptedServer } from "./support/scripted-server.ts";

const UPLOAD_HEADERS = { "Content-Type": "application/jsonl", "x-amz-meta-file": "t.jsonl" };

describe("upload()", () => {
  it("PUTs the bytes with exactly the announced headers and no credentials", async () => {
    await using server = await startScriptedServer();
    server.on("PUT", "/blobs/tok-1", { body: { status: "success", data: { size: 11 } } });
    const seen: RequestInit[] = [];
    const client = testClient(server, {
      defaultHeaders: { "x-team": "evals" },
      fetch: (input, init) => {
        seen.push(init);
        return fetch(input, init);
      },
    });
    const bytes = new TextEncoder().encode('{"a":1}\n{}\n');
    await client.upload({ url: `${server.baseURL}/blobs/tok-1`, headers: UPLOAD_HEADERS }, bytes);

    expect(seen.map((init) => [init.method, init.headers])).toEqual([["PUT", UPLOAD_HEADERS]]);
    const [request] = server.requests;
    expect(request?.method).toBe("PUT");
    expect(request?.body.toString()).toBe('{"a":1}\n{}\n');
    expect(request?.headers["content-type"]).toBe("application/jsonl");
    expect(request?.headers["x-amz-meta-file"]).toBe("t.jsonl");
    expect(request?.headers["content-length"]).toBe("11");
    for (const name of ["x-api-key", "authorization", "x-assay-client", "x-team"]) {
      expect(request?.headers[name]).toBeUndefined();
    }
  });

  it("takes a Blob and an ArrayBuffer", async () => {
    await using server = await startScriptedServer();
    server.on("PUT", "/blobs/b", { status: 200 });
    const client = testClient(server);
    const target = { url: `${server.baseURL}/blobs/b`, headers: { "content-type": "text/plain" } };
    await client.upload(target, new Blob(["blob body"]));
    await client.upload(target, new TextEncoder().encode("buffer body").buffer);
    expect(server.requests.map((r) => r.body.toString())).toEqual(["blob body", "buffer body"]);
  });

  it("refuses more than 50 MiB before any request", async () => {
    await using server = await startScriptedServer();
    let fetched = 0;
    const client = testClient(server, {
      fetch: async () => {
        fetched++;
        return new Response(null, { status: 200 });
      },
    });
    const target = { url: `${server.baseURL}/blobs/big`, headers: {} };
    // A Blob-like with only a size: the check must not need the bytes.
    const tooBig = { size: MAX_UPLOAD_BYTES + 1 } as unknown as Blob;
    const error = await client.upload(target, tooBig).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toBe(
      "File is 52428801 bytes; uploads are limited to 52428800 bytes (50 MiB).",
    );
    expect(fetched).toBe(0);
    // Exactly the limit is allowed.
    await client.upload(target, { size: MAX_UPLOAD_BYTES } as unknown as Blob);
    expect(fetched).toBe(1);
    expect(server.requests).toHaveLength(0);
  });

  it("raises the mapped status error for a non-2xx answer", async () => {
    await using server = await startScriptedServer();
    server.on("PUT", "/blobs/expired", {
      status: 403,
      body: { error: { message: "upload URL expired", code: "PERMISSION_DENIED" } },
    });
    const client = testClient(server);
    const target = { url: `${server.baseURL}/blobs/expired`, headers: {} };
    const error = await client.upload(target, new Uint8Array([1])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as Error).message).toBe("Error code: 403 - upload URL expired");
    expect(server.requests).toHaveLength(1);
  });

  it("retries a failed PUT like any request", async () => {
    await using server = await startScriptedServer();
    server.on("PUT", "/blobs/r", { status: 503 }, { status: 200 });
    const client = testClient(server);
    await client.upload({ url: `${server.baseURL}/blobs/r`, headers: {} }, new Uint8Array([7, 8]));
    expect(server.requests.map((r) => [...r.body])).toEqual([
      [7, 8],
      [7, 8],
    ]);
  });

  it("refuses a relative URL", async () => {
    await using server = await startScriptedServer();
    const client = testClient(server);
    await expect(
      client.upload({ url: "/blobs/x", headers: {} }, new Uint8Array([1])),
    ).rejects.toBeInstanceOf(ServiceError);
  });
});
