import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { CreateUploadResponse, ErrorBody, GetOrganizationResponse } from "@assay/protocol";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUploadService } from "../src/resources/uploads/service.ts";

let service: TestService;
let projectPath: string;
let scope: { organizationId: string; projectId: string };

beforeAll(async () => {
  service = await startTestService();
  const org = await service.call<GetOrganizationResponse>("GET", "/organizations");
  scope = { organizationId: org.body.data.id, projectId: org.body.data.projects[0]?.id as string };
  projectPath = `/organizations/${scope.organizationId}/projects/${scope.projectId}`;
});
afterAll(() => service.close());

async function uploadUrl(
  body: { filename: string; type: string; size: number },
  route = "traces/upload",
) {
  const res = await service.call<CreateUploadResponse>("POST", `${projectPath}/${route}`, {
    json: body,
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** PUT with no API key, as clients do (the URL is the authorization). */
function put(
  url: string,
  body: RequestInit["body"],
  headers: Record<string, string>,
  init: RequestInit = {},
) {
  return fetch(url, { method: "PUT", body, headers, ...init });
}

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

const objectKeyOf = async (uploadId: string) =>
  (
    await service.running.deps.db
      .selectFrom("uploads")
      .select("object_key")
      .where("id", "=", uploadId)
      .executeTakeFirstOrThrow()
  ).object_key;

describe("upload URLs", () => {
  it("are absolute URLs on the public origin, with the headers to send and an expiry", async () => {
    const data = await uploadUrl({ filename: "a.jsonl", type: "application/jsonl", size: 5 });
    expect(data.url.startsWith(`${service.origin}/api/v1/blobs/`)).toBe(true);
    expect(data.method).toBe("PUT");
    expect(data.headers).toEqual({ "Content-Type": "application/jsonl" });
    const ttl = Date.parse(data.expires_at) - service.clock.now().getTime();
    expect(ttl).toBeGreaterThan(899_000);
    expect(ttl).toBeLessThanOrEqual(900_000);
  });

  it("accept the announced bytes, without an API key, and store them", async () => {
    const body = '{"input":"hi","output":"there"}\n';
    const data = await uploadUrl({
      filename: "ok.jsonl",
      type: "application/jsonl",
      size: Buffer.byteLength(body),
    });
    const res = await put(data.url, body, data.headers);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: "success", data: { size: Buffer.byteLength(body) } });
    expect(await service.running.deps.blobs.stat(await objectKeyOf(data.upload_id))).toEqual({
      size: Buffer.byteLength(body),
    });

    const uploads = createUploadService({ ...service.running.deps, urlTtlSeconds: 900 });
    const found = await uploads.findUploaded(scope, "trace", "ok.jsonl");
    expect(found?.id).toBe(data.upload_id);
    expect(await uploads.findUploaded(scope, "benchmark", "ok.jsonl")).toBeUndefined();
  });

  it("accept exactly 50 MiB", async () => {
    const size = 52_428_800;
    const data = await uploadUrl({ filename: "big.jsonl", type: "application/jsonl", size });
    const res = await put(data.url, new Uint8Array(size).fill(0x20), data.headers);
    expect(res.status).toBe(200);
    expect(await service.running.deps.blobs.stat(await objectKeyOf(data.upload_id))).toEqual({
      size,
    });
  });

  it("refuse an expired URL with 403", async () => {
    const data = await uploadUrl({ filename: "late.jsonl", type: "application/jsonl", size: 2 });
    service.clock.advance(901_000);
    try {
      const res = await put(data.url, "{}", data.headers);
      expect(res.status).toBe(403);
      expect(await json<ErrorBody>(res)).toEqual({
        error: { message: "upload URL has expired; request a new one", code: "PERMISSION_DENIED" },
      });
    } finally {
      service.clock.advance(-901_000);
    }
  });

  it("refuse a tampered URL with 403", async () => {
    const a = await uploadUrl({ filename: "a.jsonl", type: "application/jsonl", size: 2 });
    const b = await uploadUrl({ filename: "b.jsonl", type: "application/jsonl", size: 2 });
    const [payloadA] = a.url.split("/").at(-1)?.split(".") ?? [];
    const [, signatureB] = b.url.split("/").at(-1)?.split(".") ?? [];
    const grant = JSON.parse(Buffer.from(payloadA as string, "base64url").toString()) as Record<
      string,
      unknown
    >;
    const bigger = Buffer.from(JSON.stringify({ ...grant, n: 52_428_800 })).toString("base64url");
    const base = `${service.origin}/api/v1/blobs/`;
    for (const token of [
      `${payloadA}.${signatureB}`,
      `${bigger}.${a.url.split(".").at(-1)}`,
      "garbage",
      `${payloadA}.`,
    ]) {
      const res = await put(base + token, "{}", a.headers);
      expect(res.status, token).toBe(403);
      expect((await json<ErrorBody>(res)).error.message).toBe("upload URL signature is invalid");
    }
  });

  it("refuse a Content-Type other than announced with 403", async () => {
    const data = await uploadUrl({ filename: "t.jsonl", type: "application/jsonl", size: 2 });
    const res = await put(data.url, "{}", { "Content-Type": "application/json" });
    expect(res.status).toBe(403);
    expect((await json<ErrorBody>(res)).error.message).toBe(
      "Content-Type must be application/jsonl, as announced when the URL was requested",
    );
  });

  it("refuse a body larger than announced with 413, by its Content-Length", async () => {
    const data = await uploadUrl({ filename: "o.jsonl", type: "application/jsonl", size: 3 });
    const res = await put(data.url, "{}\n{}\n", data.headers);
    expect(res.status).toBe(413);
    expect(res.headers.get("connection")).toBe("close");
    expect(
      await service.running.deps.blobs.stat(await objectKeyOf(data.upload_id)),
    ).toBeUndefined();
  });

  it("refuse a chunked body that grows past the announced size, keeping nothing", async () => {
    const data = await uploadUrl({
      filename: "chunked.jsonl",
      type: "application/jsonl",
      size: 1000,
    });
    const chunks = [new Uint8Array(600).fill(0x41), new Uint8Array(600).fill(0x42)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const res = await put(data.url, stream, data.headers, { duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    expect((await json<ErrorBody>(res)).error.message).toBe(
      "body is larger than the 1000 bytes announced for this upload",
    );
    expect(
      await service.running.deps.blobs.stat(await objectKeyOf(data.upload_id)),
    ).toBeUndefined();
    expect(await readdir(join(service.database.dataDir, "blobs", "tmp"))).toEqual([]);
  });

  it("refuse a body shorter than announced with 400, keeping nothing", async () => {
    const data = await uploadUrl({ filename: "short.jsonl", type: "application/jsonl", size: 100 });
    const res = await put(data.url, "{}", data.headers);
    expect(res.status).toBe(400);
    expect(
      await service.running.deps.blobs.stat(await objectKeyOf(data.upload_id)),
    ).toBeUndefined();
  });

  it("refuse a second PUT to the same URL with 412, keeping the first body", async () => {
    const data = await uploadUrl({ filename: "once.jsonl", type: "application/jsonl", size: 2 });
    expect((await put(data.url, "{}", data.headers)).status).toBe(200);
    const again = await put(data.url, "[]", data.headers);
    expect(again.status).toBe(412);
    const stream = await service.running.deps.blobs.read(await objectKeyOf(data.upload_id));
    expect((await stream.toArray()).join("")).toBe("{}");
  });

  it("make the newest upload of a file name the one a later create call gets", async () => {
    const first = await uploadUrl({ filename: "same.jsonl", type: "application/jsonl", size: 2 });
    await put(first.url, "{}", first.headers);
    const second = await uploadUrl({ filename: "same.jsonl", type: "application/jsonl", size: 3 });
    await put(second.url, "{}\n", second.headers);
    const uploads = createUploadService({ ...service.running.deps, urlTtlSeconds: 900 });
    expect((await uploads.findUploaded(scope, "trace", "same.jsonl"))?.id).toBe(second.upload_id);
  });
});

describe("upload URL requests are validated", () => {
  it.each([
    [
      { filename: "t.jsonl", type: "application/jsonl", size: 52_428_801 },
      "body.size",
      "must be at most 52428800 bytes (50 MiB)",
    ],
    [
      { filename: "t.jsonl", type: "application/jsonl", size: 0 },
      "body.size",
      "must be at least 1 byte",
    ],
    [
      { filename: "t.jsonl", type: "application/jsonl", size: 1.5 },
      "body.size",
      "must be an integer",
    ],
    [{ filename: "t.jsonl", type: "application/jsonl" }, "body.size", "is required"],
    [
      { filename: "../t.jsonl", type: "application/jsonl", size: 1 },
      "body.filename",
      "must be a file name without '/' or '\\'",
    ],
    [
      { filename: "", type: "application/jsonl", size: 1 },
      "body.filename",
      "Too small: expected string to have >=1 characters",
    ],
    [
      { filename: "t.jsonl", type: "jsonl", size: 1 },
      "body.type",
      "must be a MIME type such as application/jsonl",
    ],
    [
      { filename: "t.csv", type: "text/csv", size: 1 },
      "body.type",
      expect.stringMatching(/^must be one of application\/jsonl, /),
    ],
    [
      { filename: "t.jsonl", type: "application/jsonl", size: 1, extra: true },
      "body.extra",
      "is not a known field",
    ],
  ])("refuses %j naming %s", async (body, field, message) => {
    const res = await service.call<ErrorBody>("POST", `${projectPath}/traces/upload`, {
      json: body,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(res.body.error.details?.[0]).toEqual({ field, message });
    expect(res.body.error.message.startsWith(`${field}: `)).toBe(true);
  });

  it("takes the benchmark document types on the benchmark route, and the optional key", async () => {
    for (const type of ["text/csv", "application/pdf", "text/markdown", "application/jsonl"]) {
      const res = await service.call("POST", `${projectPath}/upload`, {
        json: { key: "My Benchmark", filename: "doc", type, size: 10 },
      });
      expect(res.status, type).toBe(200);
    }
  });

  it("lists every problem of one request", async () => {
    const res = await service.call<ErrorBody>("POST", `${projectPath}/traces/upload`, {
      json: { size: "big" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details?.map((d) => d.field)).toEqual([
      "body.filename",
      "body.type",
      "body.size",
    ]);
    expect(res.body.error.message).toBe("body.filename: is required (and 2 more)");
  });
});
