import type { ErrorBody } from "@assay/protocol";
import { holdWriteLock } from "@assay/test-kit/hold-write-lock.ts";
import {
  startTestService,
  type TestResponse,
  type TestService,
} from "@assay/test-kit/test-service.ts";
import {
  type CreateTracesAnswer,
  jsonl,
  type ListTracesResponse,
  projectPath,
  type Tenant,
  tenantOf,
} from "@assay/test-kit/trace-fixtures.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Issue 17, defect 2: an import (a trace file, a benchmark dataset) parsed and wrote on the
// service's own thread (and on SQLite held its one connection), so while it ran nothing else was
// answered. Imports now run on import
// threads, at most ASSAY_IMPORT_THREADS at once and ASSAY_IMPORT_QUEUE waiting. The tests keep
// imports running by holding the lock their writes need (holdWriteLock), not by timing.

let service: TestService;
let tenant: Tenant;

beforeAll(async () => {
  service = await startTestService({
    env: {
      ASSAY_RATE_LIMIT_ENABLED: "false",
      ASSAY_IMPORT_THREADS: "1",
      ASSAY_IMPORT_QUEUE: "1",
      // Every file on a thread, however small: these tests are about the threads.
      ASSAY_IMPORT_INLINE_BYTES: "0",
    },
  });
  tenant = await tenantOf(service);
});
afterAll(async () => {
  await service?.close();
});

const records = (file: string, n: number) =>
  jsonl(
    ...Array.from({ length: n }, (_, i) => ({ input: `${file} question ${i}`, output: "yes" })),
  );

async function upload(
  filename: string,
  content: string,
  purpose: "trace" | "benchmark" = "trace",
): Promise<void> {
  await uploadFile(
    service,
    { key: tenant.key, org: tenant.org, project: tenant.project, purpose },
    filename,
    content,
  );
}

/** Five requests that touch the database, each answered while an import waits. */
async function otherRequestsAnswer(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const health = await fetch(`${service.apiUrl}/health`);
    expect(health.status).toBe(200);
    const models = await service.call("GET", `${projectPath(tenant)}/models`, {
      apiKey: tenant.key,
    });
    expect(models.status).toBe(200);
  }
}

function startImport(filename: string): Promise<TestResponse<CreateTracesAnswer & ErrorBody>> {
  return service.call("POST", `${projectPath(tenant)}/traces`, {
    apiKey: tenant.key,
    json: { filename },
  });
}

async function traceCount(): Promise<number> {
  const res = await service.call<ListTracesResponse>("GET", `${projectPath(tenant)}/traces`, {
    apiKey: tenant.key,
  });
  return res.body.data.total_count;
}

describe("imports beside other requests", () => {
  it("answers other requests, reads included, while an import waits to write", async () => {
    await upload("waiting.jsonl", records("waiting", 2000));
    const before = await traceCount();
    const lock = await holdWriteLock(service.database, "traces");
    let settled = false;
    const importing = startImport("waiting.jsonl").finally(() => {
      settled = true;
    });
    try {
      await otherRequestsAnswer();
      // No half of the file is visible meanwhile.
      expect(await traceCount()).toBe(before);
      expect(settled).toBe(false);
    } finally {
      await lock.release();
    }
    const res = await importing;
    expect(res.status).toBe(201);
    expect(res.body.data.trace_ids).toHaveLength(2000);
    expect(await traceCount()).toBe(before + 2000);
  });

  it("runs one import and lets one wait; more at once get 503 with Retry-After, and nothing of them is stored", async () => {
    const files = ["a", "b", "c", "d", "e"].map((name) => `${name}.jsonl`);
    for (const file of files) await upload(file, records(file, 10));
    const before = await traceCount();
    const lock = await holdWriteLock(service.database, "traces");
    const early: number[] = [];
    const imports = files.map((file) =>
      startImport(file).then((res) => {
        early.push(res.status);
        return res;
      }),
    );
    let answers: TestResponse<CreateTracesAnswer & ErrorBody>[];
    try {
      // The three the line cannot take are answered at once, while the lock is still held.
      while (early.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(early).toEqual([503, 503, 503]);
    } finally {
      await lock.release();
      answers = await Promise.all(imports);
    }
    const busy = answers.filter((res) => res.status === 503);
    expect(answers.filter((res) => res.status === 201)).toHaveLength(2);
    expect(busy).toHaveLength(3);
    for (const res of busy) {
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(res.body.error.code).toBe("SERVICE_UNAVAILABLE");
      expect(res.body.error.message).toMatch(/imports are running or waiting/);
    }
    expect(await traceCount()).toBe(before + 20);
  });

  it("answers other requests while a dataset import waits to write, then stores every row", async () => {
    const rows = Array.from({ length: 3000 }, (_, i) =>
      JSON.stringify({ input: `What is ${i} + 1?`, truth: String(i + 1) }),
    );
    await upload("sums.jsonl", rows.join("\n"), "benchmark");
    const lock = await holdWriteLock(service.database, "benchmarks");
    let settled = false;
    const importing = service
      .call<{ data: { benchmark_id: string } }>(
        "POST",
        `${projectPath(tenant)}/custom-benchmarks`,
        {
          apiKey: tenant.key,
          json: { name: "Sums", description: "", file: "sums.jsonl" },
        },
      )
      .finally(() => {
        settled = true;
      });
    try {
      await otherRequestsAnswer();
      expect(settled).toBe(false);
    } finally {
      await lock.release();
    }
    const res = await importing;
    expect(res.status).toBe(201);
    const benchmark = await service.call<{ data: { prompt_count: number } }>(
      "GET",
      `${projectPath(tenant)}/benchmarks/${res.body.data.benchmark_id}`,
      { apiKey: tenant.key },
    );
    expect(benchmark.body.data.prompt_count).toBe(3000);
  });
});
