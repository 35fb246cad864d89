import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Benchmark,
  type Client,
  type CustomBenchmark,
  isCustomBenchmark,
  NotFoundError,
  ServiceError,
} from "@assay/client";
import { ConflictError, UnprocessableEntityError, WaitTimeoutError } from "@assay/client/errors";
import { MAX_UPLOAD_BYTES } from "@assay/protocol";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenantClient, requestLog, serviceClient } from "../support/service-clients.ts";

/**
 * `client.benchmarks` against a real Assay server. Built-in benchmarks are only listed here:
 * reading their prompts would download data (see public-catalog.test.ts for that, from a mirror).
 */

let service: TestService;
let directory: string;
beforeAll(async () => {
  service = await startTestService();
  directory = await mkdtemp(join(tmpdir(), "assay-client-benchmarks-"));
});
afterAll(async () => {
  await service?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

/** JSONL rows `{"input", "truth", "subset"}`: question n, answer n, subsets alternating. */
function dataset(rows: number): Uint8Array {
  const lines = Array.from({ length: rows }, (_, i) =>
    JSON.stringify({
      input: `Question ${i + 1}: what is ${i + 1} + 0?`,
      truth: String(i + 1),
      subset: i % 2 === 0 ? "odd" : "even",
    }),
  );
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

let names = 0;
const uniqueName = (label: string) => {
  names += 1;
  return `${label} ${names}`;
};

async function customBenchmark(client: Client, id: string): Promise<CustomBenchmark> {
  const benchmark = await client.benchmarks.getById(id);
  if (!isCustomBenchmark(benchmark)) throw new Error(`${id} is not a custom benchmark`);
  return benchmark;
}

describe("listing and lookup", () => {
  it("lists the built-in benchmarks for a fresh project", async () => {
    const client = await newTenantClient(service);
    // Shaped like models.get(): `client.benchmarks.get().benchmarks`.
    const answer = await client.benchmarks.get();
    expect(Object.keys(answer)).toEqual(["benchmarks"]);
    const listed = answer.benchmarks;
    const keys = listed.map((b) => b.key);
    expect(keys).toEqual(expect.arrayContaining(["gsm8k", "mmlu", "hellaswag"]));
    expect(listed.some(isCustomBenchmark)).toBe(false);
    expect((await client.benchmarks.get({ type: "custom" })).benchmarks).toEqual([]);

    const gsm8k = (await client.benchmarks.getByKey("gsm8k")) as Benchmark;
    expect(gsm8k).toMatchObject({ key: "gsm8k", name: "GSM8K", prompt_count: 1319 });
    expect(gsm8k).not.toHaveProperty("organization_id");
    await expect(client.benchmarks.getById(gsm8k.id)).resolves.toEqual(gsm8k);

    const math = (await client.benchmarks.get({ categories: ["Math"], languages: ["english"] }))
      .benchmarks;
    expect(math.map((b) => b.key)).toContain("gsm8k");
    expect(math.every((b) => !isCustomBenchmark(b) && b.categories.includes("math"))).toBe(true);

    await expect(
      client.benchmarks.getById("00000000-0000-4000-8000-000000000000"),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("detaches and reattaches a built-in benchmark", async () => {
    const log = requestLog(service.apiUrl);
    const client = await newTenantClient(service, { fetch: log.fetch });
    const gsm8k = (await client.benchmarks.getByKey("gsm8k")) as Benchmark;
    const before = (await client.benchmarks.get()).benchmarks.map((b) => b.id);

    const detached = await client.benchmarks.remove([gsm8k.id]);
    expect(log.requests.at(-1)).toMatchObject({
      method: "PATCH",
      body: { datasets: before.filter((id) => id !== gsm8k.id) },
    });
    expect(detached.datasets).not.toContain(gsm8k.id);
    expect(await client.benchmarks.getByKey("gsm8k")).toBeUndefined();

    const reattached = await client.benchmarks.add([gsm8k.id]);
    expect(new Set(reattached.datasets)).toEqual(new Set(before));
    expect(await client.benchmarks.getByKey("gsm8k")).toMatchObject({ id: gsm8k.id });
  });
});

describe("custom benchmarks", () => {
  it("creates one from bytes: upload, PUT, create; listed under custom", async () => {
    const log = requestLog(service.apiUrl);
    const client = await newTenantClient(service, { fetch: log.fetch });
    await client.init();
    log.requests.length = 0;

    const bytes = dataset(12);
    const name = uniqueName("Arithmetic");
    const created = await client.benchmarks.createCustom({
      name,
      description: "small sums",
      file: bytes,
      filename: "sums.jsonl",
      system_prompt: "Answer with a number only.",
    });
    expect(created).toEqual({
      organization_id: client.organizationId,
      project_id: client.projectId,
      benchmark_id: expect.any(String),
    });

    expect(log.requests.map((r) => `${r.method} ${r.url.pathname.split("/").at(-1)}`)).toEqual([
      "POST upload",
      expect.stringMatching(/^PUT /),
      "POST custom-benchmarks",
    ]);
    expect(log.requests[0]?.body).toEqual({
      key: name,
      filename: "sums.jsonl",
      type: "application/jsonl",
      size: bytes.byteLength,
    });
    expect(log.requests[2]?.body).toEqual({
      name,
      description: "small sums",
      file: "sums.jsonl",
      system_prompt: "Answer with a number only.",
    });

    const [listed, ...others] = (await client.benchmarks.get({ type: "custom" })).benchmarks;
    expect(others).toEqual([]);
    expect(listed).toMatchObject({
      id: created.benchmark_id,
      name,
      kind: "custom",
      prompt_count: 12,
      files: ["sums.jsonl"],
      generation_status: "ready",
      system_prompt: "Answer with a number only.",
      scoring_metric: "exact_match",
    });
    // Custom first, then the built-in ones.
    expect((await client.benchmarks.get()).benchmarks[0]?.id).toBe(created.benchmark_id);
  });

  it("creates one from a file path, named and typed from the path", async () => {
    const log = requestLog(service.apiUrl);
    const client = serviceClient(service, { fetch: log.fetch });
    const path = join(directory, "capitals.jsonl");
    await writeFile(path, dataset(7));
    const name = uniqueName("From a path");

    const { benchmark_id } = await client.benchmarks.createCustom({
      name,
      description: "",
      file: path,
      additional_metrics: ["readability"],
    });
    const announce = log.requests.find((r) => r.url.pathname.endsWith("/upload"));
    expect(announce?.body).toEqual({
      key: name,
      filename: "capitals.jsonl",
      type: "application/jsonl",
      size: dataset(7).byteLength,
    });
    expect(await customBenchmark(client, benchmark_id)).toMatchObject({
      name,
      prompt_count: 7,
      files: ["capitals.jsonl"],
      metrics: ["readability"],
    });
    expect(
      (await client.benchmarks.get({ type: "custom", name })).benchmarks.map((b) => b.id),
    ).toEqual([benchmark_id]);
  });

  it("takes a File's own name, and a content type when given", async () => {
    const log = requestLog(service.apiUrl);
    const client = serviceClient(service, { fetch: log.fetch });
    const file = new File([dataset(4) as Uint8Array<ArrayBuffer>], "from-a-file.jsonl");
    const { benchmark_id } = await client.benchmarks.createCustom({
      name: uniqueName("A File"),
      description: "",
      file,
      contentType: "application/x-ndjson",
    });
    expect(log.requests.find((r) => r.url.pathname.endsWith("/upload"))?.body).toMatchObject({
      filename: "from-a-file.jsonl",
      type: "application/x-ndjson",
      size: file.size,
    });
    const put = log.requests.find((r) => r.method === "PUT");
    expect(put?.url.origin).toBe(new URL(service.apiUrl).origin);
    expect(await customBenchmark(client, benchmark_id)).toMatchObject({ prompt_count: 4 });
  });

  it("reports a missing path or a directory as a ServiceError before any request", async () => {
    const log = requestLog(service.apiUrl);
    const client = serviceClient(service, { fetch: log.fetch });
    const error = await client.benchmarks
      .createCustom({ name: "x", description: "", file: join(directory, "missing.jsonl") })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toMatch(/^Cannot read .*missing\.jsonl: ENOENT/);
    await expect(
      client.benchmarks.createCustom({ name: "x", description: "", file: directory }),
    ).rejects.toThrow(`Cannot read ${directory}: not a regular file`);
    expect(log.requests).toEqual([]);
  });

  it("needs a filename for contents", async () => {
    const log = requestLog(service.apiUrl);
    const client = serviceClient(service, { fetch: log.fetch });
    await expect(
      client.benchmarks.createCustom({ name: "x", description: "", file: dataset(1) }),
    ).rejects.toThrow("A file given by its contents needs a filename.");
    expect(log.requests).toEqual([]);
  });

  it("pages, searches and sorts prompts, with the total count", async () => {
    const client = serviceClient(service);
    const { benchmark_id } = await client.benchmarks.createCustom({
      name: uniqueName("Paging"),
      description: "",
      file: new Blob([dataset(30) as Uint8Array<ArrayBuffer>]),
      filename: "paging.jsonl",
    });

    const first = await client.benchmarks.getPrompts(benchmark_id, { page_size: 10 });
    expect(first.count).toBe(30);
    expect(first.prompts).toHaveLength(10);
    expect(first.prompts[0]).toEqual({
      id: "1",
      input: "Question 1: what is 1 + 0?",
      truth: "1",
      subset: "odd",
    });

    const third = await client.benchmarks.getPrompts(benchmark_id, { page: 3, page_size: 10 });
    expect(third.count).toBe(30);
    expect(third.prompts.map((p) => p.truth)).toEqual(
      Array.from({ length: 10 }, (_, i) => String(21 + i)),
    );

    const found = await client.benchmarks.getPrompts(benchmark_id, {
      search: "input",
      search_value: "question 2",
      sort_by: "truth",
      sort_order: "desc",
    });
    // "Question 2:" and "Question 20:" … "Question 29:"
    expect(found.count).toBe(11);
    expect(found.prompts.map((p) => p.truth)).toEqual([
      "29",
      "28",
      "27",
      "26",
      "25",
      "24",
      "23",
      "22",
      "21",
      "20",
      "2",
    ]);

    const byTruth = await client.benchmarks.getPrompts(benchmark_id, {
      search: "truth",
      search_value: "7",
    });
    expect(byTruth.prompts.map((p) => p.truth).sort()).toEqual(["17", "27", "7"]);
    expect(byTruth.count).toBe(3);

    const beyond = await client.benchmarks.getPrompts(benchmark_id, { page: 9, page_size: 10 });
    expect(beyond).toEqual({ prompts: [], count: 30 });
  });

  it("reads every prompt in pages of 100", async () => {
    const log = requestLog(service.apiUrl);
    const client = serviceClient(service, { fetch: log.fetch });
    const path = join(directory, "many.jsonl");
    await writeFile(path, dataset(250));
    const { benchmark_id } = await client.benchmarks.createCustom({
      name: uniqueName("Many rows"),
      description: "",
      file: path,
    });
    log.requests.length = 0;

    const prompts = await client.benchmarks.getAllPrompts(benchmark_id);
    expect(prompts).toHaveLength(250);
    expect(new Set(prompts.map((p) => p.id)).size).toBe(250);
    expect(prompts.map((p) => Number(p.truth)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 250 }, (_, i) => i + 1),
    );
    expect(log.requests.map((r) => r.url.search)).toEqual([
      "?page=1&page_size=100",
      "?page=2&page_size=100",
      "?page=3&page_size=100",
    ]);
  });

  it("counts the prompts per subset and reads one subset's prompts", async () => {
    const client = serviceClient(service);
    const { benchmark_id } = await client.benchmarks.createCustom({
      name: uniqueName("Subsets"),
      description: "",
      file: dataset(5),
      filename: "subsets.jsonl",
    });
    expect(await client.benchmarks.getSubsets(benchmark_id)).toEqual([
      { name: "odd", prompt_count: 3 },
      { name: "even", prompt_count: 2 },
    ]);
    const even = await client.benchmarks.getPrompts(benchmark_id, { subset: "even" });
    expect([even.count, even.prompts.map((p) => p.truth)]).toEqual([2, ["2", "4"]]);
  });

  it("refuses a file with bad rows (422 naming the lines) and creates nothing", async () => {
    const client = await newTenantClient(service);
    const good = JSON.stringify({ input: "2 + 2?", truth: "4" });
    const text = [
      good,
      "{not json",
      good,
      JSON.stringify({ input: "no truth here" }),
      JSON.stringify({ input: "", truth: "x" }),
      good,
    ].join("\n");
    const name = uniqueName("Broken");
    const error = await client.benchmarks
      .createCustom({
        name,
        description: "",
        file: new TextEncoder().encode(text),
        filename: "broken.jsonl",
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    const refused = error as UnprocessableEntityError;
    expect(refused.statusCode).toBe(422);
    expect(refused.message).toContain("broken.jsonl was refused, nothing was imported");
    expect(refused.message).toMatch(/line 2: /);
    expect(refused.message).toMatch(/line 4: truth is missing/);
    expect(refused.message).toMatch(/line 5: input is empty/);
    expect(refused.message).not.toMatch(/line [136]:/);
    expect((await client.benchmarks.get({ type: "custom" })).benchmarks).toEqual([]);
  });

  it("creates a messages benchmark whose rows give input as a string (one user message)", async () => {
    const client = await newTenantClient(service);
    const rows = [
      { input: "What is the capital of France?", truth: "Paris" },
      { input: [{ role: "user", content: "And of Italy?" }], truth: "Rome" },
    ];
    const { benchmark_id } = await client.benchmarks.createCustom({
      name: uniqueName("Capitals"),
      description: "",
      input_type: "messages",
      file: new TextEncoder().encode(rows.map((row) => JSON.stringify(row)).join("\n")),
      filename: "capitals.jsonl",
    });
    const prompts = await client.benchmarks.getAllPrompts(benchmark_id);
    expect(prompts.map((p) => p.input)).toEqual([
      [{ role: "user", content: "What is the capital of France?" }],
      [{ role: "user", content: "And of Italy?" }],
    ]);

    const bad = `${JSON.stringify({ input: [{ role: "robot", content: "hi" }], truth: "x" })}\n`;
    const error = await client.benchmarks
      .createCustom({
        name: uniqueName("Bad chat"),
        description: "",
        input_type: "messages",
        file: new TextEncoder().encode(bad),
        filename: "bad-chat.jsonl",
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as Error).message).toMatch(/line 1: input\[0\]\.role must be one of/);
  });

  it("refuses a second benchmark with the same name", async () => {
    const client = serviceClient(service);
    const name = uniqueName("Twice");
    const input = { name, description: "", file: dataset(2), filename: "twice.jsonl" };
    await client.benchmarks.createCustom(input);
    await expect(client.benchmarks.createCustom(input)).rejects.toBeInstanceOf(ConflictError);
  });

  it("refuses a file over 50 MiB before any request", async () => {
    const log = requestLog(service.apiUrl);
    const client = serviceClient(service, { fetch: log.fetch });
    const tooLarge = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    expect(tooLarge.byteLength).toBe(52_428_801);

    const error = await client.benchmarks
      .createCustom({ name: "Huge", description: "", file: tooLarge, filename: "huge.jsonl" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toBe(
      "huge.jsonl is 52428801 bytes; benchmark files are limited to 52428800 bytes (50 MiB).",
    );

    const path = join(directory, "huge.jsonl");
    await writeFile(path, tooLarge);
    await expect(
      client.benchmarks.createCustom({ name: "Huge", description: "", file: path }),
    ).rejects.toThrow("huge.jsonl is 52428801 bytes");

    // One document too many bytes refuses the whole smart benchmark, before the first upload.
    await expect(
      client.benchmarks.createSmart({
        name: "Huge",
        description: "",
        system_prompt: "",
        files: [{ data: dataset(1), filename: "fine.txt" }, path],
      }),
    ).rejects.toThrow("huge.jsonl is 52428801 bytes");
    expect(log.requests).toEqual([]);
  });

  it("keeps each tenant's benchmarks to itself", async () => {
    const owner = serviceClient(service);
    const { benchmark_id } = await owner.benchmarks.createCustom({
      name: uniqueName("Private"),
      description: "",
      file: dataset(3),
      filename: "private.jsonl",
    });
    const other = await newTenantClient(service);
    await expect(other.benchmarks.getById(benchmark_id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(other.benchmarks.getPrompts(benchmark_id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(other.benchmarks.add([benchmark_id])).rejects.toThrow(/unknown benchmark id/);
  });
});

describe("smart benchmarks", () => {
  it("uploads each document in turn, then creates a benchmark that is generating", async () => {
    const log = requestLog(service.apiUrl);
    const client = await newTenantClient(service, { fetch: log.fetch });
    await client.init();
    log.requests.length = 0;
    const path = join(directory, "handbook.md");
    await writeFile(path, "# Handbook\n\nRefunds are possible within 30 days.\n");
    const name = uniqueName("Support handbook");

    const created = await client.benchmarks.createSmart({
      name,
      description: "questions about our handbook",
      system_prompt: "You answer customer questions.",
      files: [
        path,
        { data: new TextEncoder().encode("Shipping takes 3 to 5 days."), filename: "faq.txt" },
      ],
      metrics: ["faithfulness"],
    });

    expect(log.requests.map((r) => r.method)).toEqual(["POST", "PUT", "POST", "PUT", "POST"]);
    expect(log.requests[0]?.body).toMatchObject({
      key: name,
      filename: "handbook.md",
      type: "text/markdown",
    });
    expect(log.requests[2]?.body).toMatchObject({
      key: name,
      filename: "faq.txt",
      type: "text/plain",
    });
    expect(log.requests[4]?.body).toEqual({
      name,
      description: "questions about our handbook",
      system_prompt: "You answer customer questions.",
      files: ["handbook.md", "faq.txt"],
      metrics: ["faithfulness"],
    });

    const [listed] = (await client.benchmarks.get({ type: "custom" })).benchmarks;
    expect(listed).toMatchObject({
      id: created.benchmark_id,
      name,
      kind: "smart",
      generation_status: "generating",
      files: ["handbook.md", "faq.txt"],
      prompt_count: 0,
    });

    // This service runs no workers: the generation never ends, and the wait gives up.
    const waited = await client.benchmarks
      .waitForGeneration(created.benchmark_id, { intervalMs: 50, timeoutMs: 300 })
      .catch((e: unknown) => e);
    expect(waited).toBeInstanceOf(WaitTimeoutError);
    expect((waited as WaitTimeoutError).message).toBe(
      `Benchmark ${created.benchmark_id} was still generating after 300 ms; it goes on on the server.`,
    );
    const gsm8k = (await client.benchmarks.getByKey("gsm8k")) as Benchmark;
    await expect(client.benchmarks.waitForGeneration(gsm8k.id)).rejects.toThrow(
      `benchmark ${gsm8k.id} is built in: it is not generated`,
    );
  });
});
