import { once } from "node:events";
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ErrorBody } from "@assay/protocol";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import {
  type CreateTracesAnswer,
  type ListTracesResponse,
  projectPath,
  putFile,
  type Tenant,
  tenantOf,
  traceUploadUrl,
} from "@assay/test-kit/trace-fixtures.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const LIMIT = 52_428_800;
const LINE_BYTES = 1024;

let service: TestService;
let tenant: Tenant;
let dir: string;

beforeAll(async () => {
  service = await startTestService({ env: { ASSAY_RATE_LIMIT_ENABLED: "false" } });
  tenant = await tenantOf(service);
  dir = mkdtempSync(join(tmpdir(), "assay-traces-limit-"));
});
afterAll(async () => {
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One JSONL line of exactly LINE_BYTES bytes (line end included): a chat exchange, padded. */
function line(i: number): string {
  const head = `{"input":[{"role":"user","content":"Question ${String(i).padStart(7, "0")}: is the invoice for order ${i} overdue?"}],"output":"`;
  const tail = '","metadata":{"model":"gpt-4o-mini"}}\n';
  return (
    head +
    "No, it is due next week. ".repeat(64).slice(0, LINE_BYTES - head.length - tail.length) +
    tail
  );
}

/** A JSONL file of `bytes` bytes written 1 MiB at a time (never held whole); answers its lines. */
async function writeFile(path: string, bytes: number): Promise<number> {
  const out = createWriteStream(path);
  const lines = Math.floor(bytes / LINE_BYTES);
  for (let first = 0; first < lines; first += 1024) {
    const chunk = Array.from({ length: Math.min(1024, lines - first) }, (_, k) => line(first + k));
    if (!out.write(chunk.join(""))) await once(out, "drain");
  }
  // Whatever is left (the one byte over the limit) as trailing whitespace.
  if (bytes % LINE_BYTES > 0) out.write(" ".repeat(bytes % LINE_BYTES));
  out.end();
  await once(out, "finish");
  expect(statSync(path).size).toBe(bytes);
  return lines;
}

describe("the 50 MiB limit", () => {
  it("takes a file of exactly 52,428,800 bytes, parsing it as it streams", async () => {
    const path = join(dir, "limit.jsonl");
    const lines = await writeFile(path, LIMIT);
    const url = await traceUploadUrl(service, tenant, "limit.jsonl", LIMIT);
    expect(url.status).toBe(200);
    expect(await putFile(url.body.data.url, url.body.data.headers, path, LIMIT)).toBe(200);

    // The service runs in this process, so its memory is this process's. The bound is loose:
    // the test runner's heap settings leave the young generation room for tens of MB of garbage
    // (growth seen here: 10 to 100 MB). It still fails an import that holds the file, its text
    // and its parse at once. bench/trace-ingest.ts measures the service as users run it.
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const res = await service.call<CreateTracesAnswer>("POST", `${projectPath(tenant)}/traces`, {
      json: { filename: "limit.jsonl" },
    });
    clearInterval(sampler);
    expect(res.status).toBe(201);
    expect(res.body.data.trace_ids).toHaveLength(lines);
    const growthMb = (peak - before) / 1048576;
    expect(growthMb).toBeLessThan(200);

    const listed = await service.call<ListTracesResponse>(
      "GET",
      `${projectPath(tenant)}/traces?source=limit.jsonl&sort_by=position&sort_order=desc&page_size=1`,
    );
    expect(listed.body.data.total_count).toBe(lines);
    expect(listed.body.data.traces[0]).toMatchObject({
      position: lines,
      input: `Question ${String(lines - 1).padStart(7, "0")}: is the invoice for order ${lines - 1} overdue?`,
    });
  }, 60_000);

  it("refuses one byte more when the URL is asked for", async () => {
    const res = await traceUploadUrl(service, tenant, "over.jsonl", LIMIT + 1);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { field: "body.size", message: "must be at most 52428800 bytes (50 MiB)" },
    ]);
  });

  it("refuses one byte more at upload, and nothing is there to create traces from", async () => {
    const path = join(dir, "over.jsonl");
    await writeFile(path, LIMIT + 1);
    const url = await traceUploadUrl(service, tenant, "over.jsonl", LIMIT);
    expect(url.status).toBe(200);
    expect(await putFile(url.body.data.url, url.body.data.headers, path, LIMIT + 1)).toBe(413);
    const create = await service.call<ErrorBody>("POST", `${projectPath(tenant)}/traces`, {
      json: { filename: "over.jsonl" },
    });
    expect(create.status).toBe(400);
    expect(create.body.error.details?.[0]?.field).toBe("body.filename");
  });
});
