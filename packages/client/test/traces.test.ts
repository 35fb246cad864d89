import { mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NotFoundError, ServiceError } from "@assay/client";
import { UnprocessableEntityError } from "@assay/client/errors";
import { MAX_UPLOAD_BYTES } from "@assay/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { traceContentType } from "../src/resources/traces.ts";
import { organizationReply, testClient, uploadUrlReply } from "./support/fixtures.ts";
import { type ScriptedServer, startScriptedServer } from "./support/scripted-server.ts";
import {
  bodyOf,
  listedTraceBody,
  PROJECT_PATH,
  TRACE_ID,
  traceBody,
  wrapped,
} from "./support/trace-fixtures.ts";

/** `client.traces` against a scripted server: the three-call upload, listing, get and delete. */

const TRACES = `${PROJECT_PATH}/traces`;
const UPLOAD = `${TRACES}/upload`;
const TRACE = `${TRACES}/${TRACE_ID}`;
const JSONL = '{"input": "hi", "output": "hello"}\n{"input": "bye", "output": "ciao"}\n';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "assay-client-traces-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A server that takes an upload: URL, PUT target and the create call. */
async function uploadServer(): Promise<ScriptedServer> {
  const server = await startScriptedServer();
  server.on("GET", "/organizations", organizationReply());
  server.on("POST", UPLOAD, uploadUrlReply(`${server.baseURL}/blobs/token`));
  server.on("PUT", "/blobs/token", { status: 200 });
  server.on("POST", TRACES, wrapped({ trace_ids: ["t-1", "t-2"] }, 201));
  return server;
}

describe("upload", () => {
  it("announces a path by base name, type and size, PUTs its bytes, then creates the traces", async () => {
    await using server = await uploadServer();
    const path = join(dir, "traces.jsonl");
    await writeFile(path, JSONL);

    const answer = await testClient(server).traces.upload(path);
    expect(answer).toEqual({ trace_ids: ["t-1", "t-2"] });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /organizations",
      `POST ${UPLOAD}`,
      "PUT /blobs/token",
      `POST ${TRACES}`,
    ]);
    const [announce, put, create] = server.requests.slice(1);
    expect(bodyOf(announce)).toEqual({
      filename: "traces.jsonl",
      type: "application/jsonl",
      size: Buffer.byteLength(JSONL),
    });
    expect(put?.body.toString()).toBe(JSONL);
    expect(put?.headers["content-type"]).toBe("application/jsonl");
    // The presigned PUT carries no credentials.
    expect(put?.headers["x-api-key"]).toBeUndefined();
    expect(bodyOf(create)).toEqual({ filename: "traces.jsonl" });
  });

  it("takes contents with a name, or a File, and an explicit content type", async () => {
    await using server = await uploadServer();
    const traces = testClient(server).traces;
    const bytes = new TextEncoder().encode('[{"input": "a"}]');

    await traces.upload({ data: bytes, filename: "batch.json" });
    await traces.upload(new File([JSONL], "from-a-file.jsonl"));
    await traces.upload({ data: bytes, filename: "odd.txt", contentType: "application/x-ndjson" });
    expect(server.requestsTo("POST", UPLOAD).map(bodyOf)).toEqual([
      { filename: "batch.json", type: "application/json", size: bytes.byteLength },
      {
        filename: "from-a-file.jsonl",
        type: "application/jsonl",
        size: Buffer.byteLength(JSONL),
      },
      { filename: "odd.txt", type: "application/x-ndjson", size: bytes.byteLength },
    ]);
    expect(server.requestsTo("POST", TRACES).map(bodyOf)).toEqual([
      { filename: "batch.json" },
      { filename: "from-a-file.jsonl" },
      { filename: "odd.txt" },
    ]);
  });

  it("refuses a file over 50 MiB before any request, and contents without a name", async () => {
    await using server = await uploadServer();
    const traces = testClient(server).traces;
    // Sparse: the size is on disk at once, the bytes are never written or read.
    const path = join(dir, "huge.jsonl");
    await writeFile(path, "");
    await truncate(path, MAX_UPLOAD_BYTES + 1);

    const error = await traces.upload(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toBe(
      "huge.jsonl is 52428801 bytes; trace files are limited to 52428800 bytes (50 MiB).",
    );
    await expect(traces.upload(new Uint8Array([1]))).rejects.toThrow(
      "A trace file given by its contents needs a filename.",
    );
    await expect(traces.upload(join(dir, "missing.jsonl"))).rejects.toThrow(
      `Cannot read ${join(dir, "missing.jsonl")}`,
    );
    expect(server.requests).toHaveLength(0);
  });

  it("surfaces the server's refusal of a bad file as UnprocessableEntityError", async () => {
    await using server = await uploadServer();
    server.on("POST", TRACES, {
      status: 422,
      body: { error: { message: "line 2: not a JSON object", code: "UNPROCESSABLE" } },
    });
    const error = await testClient(server)
      .traces.upload({ data: new TextEncoder().encode("{}\n[]\n"), filename: "bad.jsonl" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as Error).message).toBe("Error code: 422 - line 2: not a JSON object");
  });

  it("types files by extension: JSONL for .jsonl and .ndjson, else JSON", () => {
    expect(traceContentType("a.jsonl")).toBe("application/jsonl");
    expect(traceContentType("A.NDJSON")).toBe("application/jsonl");
    expect(traceContentType("a.json")).toBe("application/json");
    expect(traceContentType("traces")).toBe("application/json");
  });
});

describe("get, getSources, delete", () => {
  it("read one trace, the source files, and delete by id or object", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    server.on("GET", TRACE, wrapped(traceBody()));
    server.on("GET", `${TRACES}/sources`, wrapped({ sources: ["a.jsonl", "b.json"] }));
    const deleted = { organization_id: "org-1", project_id: "proj-1", id: TRACE_ID };
    server.on("DELETE", TRACE, wrapped(deleted));
    const traces = testClient(server).traces;

    expect(await traces.get(TRACE_ID)).toEqual(traceBody());
    expect(await traces.getSources()).toEqual(["a.jsonl", "b.json"]);
    expect(await traces.delete(traceBody())).toEqual(deleted);
    await expect(traces.get("gone")).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("getMany", () => {
  it("always sends page and page size; filters only when given, in snake_case", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    server.on("GET", TRACES, wrapped({ traces: [listedTraceBody()], count: 1, total_count: 1 }));
    const traces = testClient(server).traces;

    expect(await traces.getMany()).toEqual({
      traces: [listedTraceBody()],
      count: 1,
      totalCount: 1,
      pagination: { page: 1, pageSize: 100, totalPages: 1, totalCount: 1 },
    });
    await traces.getMany({
      page: 3,
      pageSize: 0,
      source: "a.jsonl",
      judgeId: "j-1",
      status: "fail",
      timeRange: "7d",
      search: "refund",
      sortBy: "position",
      sortOrder: "asc",
    });
    // Empty texts are left out, as the original SDK leaves out falsy values.
    await traces.getMany({ source: "", search: "" });
    expect(server.requestsTo("GET", TRACES).map((r) => r.query.toString())).toEqual([
      "page=1&page_size=100",
      "page=3&page_size=1&source=a.jsonl&judge_id=j-1&status=fail&time_range=7d&search=refund&sort_by=position&sort_order=asc",
      "page=1&page_size=100",
    ]);
  });
});
