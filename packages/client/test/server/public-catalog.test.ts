import { createReadStream, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { type Benchmark, Client, type Model, NotFoundError, PublicClient } from "@assay/client";
import { ConflictError } from "@assay/client/errors";
import { GSM8K_TEST_FILE } from "@assay/test-kit/shared-datasets.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLog } from "../support/service-clients.ts";

/**
 * `client.public` and `PublicClient` against a real Assay server. Built-in benchmark data comes
 * from a local mirror of the shared datasets, never from the internet.
 */

interface CatalogFileEntry {
  key: string;
  company: string;
  deprecated: boolean;
}

const CATALOG = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../../server/src/catalog/models/models.json"), "utf8"),
) as CatalogFileEntry[];
const CURRENT = CATALOG.filter((m) => !m.deprecated);

const GSM8K_TEST_ROWS = 1319;

/** Serves `/<key>/<file>` from the shared datasets, counting the requests. */
async function startMirror(): Promise<{ url: string; requests: string[]; server: Server }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? "");
    if (request.url !== "/gsm8k/test.jsonl") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "application/jsonl" });
    createReadStream(GSM8K_TEST_FILE).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, server };
}

let mirror: Awaited<ReturnType<typeof startMirror>>;
let service: TestService;
beforeAll(async () => {
  mirror = await startMirror();
  service = await startTestService({
    env: { ASSAY_DATASET_MIRROR_URL: mirror.url, OPENAI_API_KEY: "sk-test" },
  });
});
afterAll(async () => {
  await service?.close();
  await new Promise((resolve) => mirror?.server.close(resolve));
});

function client(options: { fetch?: ReturnType<typeof requestLog>["fetch"] } = {}): Client {
  return new Client({ apiKey: service.apiKey, baseURL: service.apiUrl, ...options });
}

describe("client.public", () => {
  it("shares the client's configuration and makes no organization lookup", async () => {
    const log = requestLog(service.apiUrl);
    const parent = new Client({
      apiKey: service.apiKey,
      baseURL: service.apiUrl,
      fetch: log.fetch,
      timeout: 12_345,
      maxRetries: 1,
      defaultHeaders: { "x-trace": "abc" },
    });
    const pub = parent.public;
    expect(pub).toBeInstanceOf(PublicClient);
    expect(parent.public).toBe(pub);
    expect([pub.baseURL, pub.timeout, pub.maxRetries]).toEqual([service.apiUrl, 12_345, 1]);
    expect(parent.withOptions({ timeout: 99 }).public.timeout).toBe(99);

    await pub.models.get({ page_size: 1 });
    await pub.benchmarks.get({ page_size: 1 });
    expect(log.requests.map((r) => r.route)).toEqual(["GET /models", "GET /datasets"]);
    expect(parent.organizationId).toBeUndefined();
  });

  it("works as a standalone PublicClient", async () => {
    const pub = new PublicClient({ apiKey: service.apiKey, baseURL: service.apiUrl });
    const page = await pub.models.get({ page_size: 2 });
    expect(page.count).toBe(2);
    const view = pub.withOptions({ maxRetries: 0 });
    expect(view.models).not.toBe(pub.models);
    await expect(view.benchmarks.get()).resolves.toHaveProperty("benchmarks");
  });
});

describe("public models", () => {
  it("answers one page with counts and facets over the whole catalog", async () => {
    const log = requestLog(service.apiUrl);
    const page = await client({ fetch: log.fetch }).public.models.get({ page_size: 5 });
    expect(log.requests[0]?.url.search).toBe("?page_size=5");
    expect(page.models).toHaveLength(5);
    expect(page.count).toBe(5);
    expect(page.total_count).toBe(CURRENT.length);
    expect(page.companies).toEqual(
      expect.arrayContaining(["OpenAI", "Anthropic", "Google", "Meta"]),
    );
    for (const facet of [page.categories, page.regions, page.licenses, page.sizes]) {
      expect(facet.length).toBeGreaterThan(0);
    }
    for (const model of page.models) expect(model).not.toHaveProperty("organization_id");

    const next = await client().public.models.get({ page: 2, page_size: 5 });
    expect(next.models.map((m) => m.id)).not.toEqual(page.models.map((m) => m.id));
  });

  it("filters by company, free text and deprecation", async () => {
    const log = requestLog(service.apiUrl);
    const pub = client({ fetch: log.fetch }).public;

    const anthropic = await pub.models.get({ companies: ["Anthropic", "Cohere"] });
    expect(log.requests.at(-1)?.url.search).toBe("?companies=Anthropic%2CCohere");
    const expected = CURRENT.filter((m) => m.company === "Anthropic" || m.company === "Cohere");
    expect(anthropic.total_count).toBe(expected.length);
    expect(new Set(anthropic.models.map((m) => m.key))).toEqual(
      new Set(expected.map((m) => m.key)),
    );

    const gemini = await pub.models.get({ query: "gemini" });
    expect(gemini.total_count).toBeGreaterThan(0);
    expect(gemini.models.every((m) => m.key.includes("gemini"))).toBe(true);

    const withDeprecated = await pub.models.get({ include_deprecated: true, page_size: 500 });
    expect(log.requests.at(-1)?.url.search).toBe("?page_size=500&include_deprecated=true");
    expect(withDeprecated.total_count).toBe(CATALOG.length);
    expect(withDeprecated.models.some((m) => m.deprecated)).toBe(true);
    const without = await pub.models.get({ include_deprecated: false });
    expect(log.requests.at(-1)?.url.search).toBe("?include_deprecated=false");
    expect(without.total_count).toBe(CURRENT.length);

    const byKey = await pub.models.get({ key: "claude", sort_by: "name", order: "desc" });
    const names = byKey.models.map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
  });
});

describe("public benchmarks", () => {
  it("lists the built-in catalog with facets", async () => {
    const page = await client().public.benchmarks.get();
    // The page is `benchmarks` (the wire's `datasets`), like client.benchmarks.get().
    expect(Object.keys(page).sort()).toEqual(
      ["benchmarks", "categories", "count", "languages", "total_count"].sort(),
    );
    const keys = page.benchmarks.map((b) => b.key);
    expect(keys).toEqual(expect.arrayContaining(["gsm8k", "mmlu", "hellaswag"]));
    expect(page.total_count).toBe(page.benchmarks.length);
    expect(page.count).toBe(page.benchmarks.length);
    expect(page.languages).toContain("English");
    expect(page.categories).toContain("math");

    const math = await client().public.benchmarks.get({ categories: ["math"] });
    expect(math.benchmarks.map((b) => b.key)).toContain("gsm8k");
    expect(math.benchmarks.every((b) => b.categories.includes("math"))).toBe(true);
  });

  it("reads a built-in benchmark's prompts (downloaded once, from the mirror)", async () => {
    const pub = client().public;
    const { benchmarks } = await pub.benchmarks.get({ key: "gsm8k" });
    const gsm8k = benchmarks.find((b) => b.key === "gsm8k");
    expect(gsm8k).toBeDefined();
    const id = gsm8k?.id as string;

    const first = await pub.benchmarks.getPrompts(id, { page_size: 3 });
    expect(first.count).toBe(GSM8K_TEST_ROWS);
    expect(first.prompts).toHaveLength(3);
    expect(first.prompts[0]?.truth).toBe("18");

    const all = await pub.benchmarks.getAllPrompts(id);
    expect(all).toHaveLength(GSM8K_TEST_ROWS);
    expect(new Set(all.map((p) => p.id)).size).toBe(GSM8K_TEST_ROWS);

    const search = await pub.benchmarks.getPrompts(id, {
      search: "input",
      search_value: "Janet",
      sort_by: "id",
    });
    expect(search.count).toBeGreaterThan(0);
    expect(search.count).toBeLessThan(GSM8K_TEST_ROWS);
    expect(search.prompts.every((p) => JSON.stringify(p.input).includes("Janet"))).toBe(true);

    // The project route serves the same data.
    const viaProject = await client().benchmarks.getPrompts(id, { page_size: 3 });
    expect(viaProject).toEqual(first);
    expect(mirror.requests).toEqual(["/gsm8k/test.jsonl"]);

    await expect(
      pub.benchmarks.getPrompts("00000000-0000-4000-8000-000000000000"),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("a built-in benchmark whose data cannot be downloaded", () => {
  it("fails at once with ConflictError saying how to load it, without retries", async () => {
    // The mirror serves only GSM8K: MMLU's download answers 404.
    const log = requestLog(service.apiUrl);
    const c = client({ fetch: log.fetch });
    const mmlu = (await c.benchmarks.getByKey("mmlu")) as Benchmark;
    const model = (await c.models.getByKey("openai/gpt-4o")) as Model;
    const before = log.requests.length;

    const error = await c.evaluations.create(model, mmlu).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toContain(
      "the data of built-in benchmark mmlu is not loaded and could not be downloaded",
    );
    expect((error as ConflictError).message).toContain("assay catalog import mmlu --file <path>");
    await expect(c.public.benchmarks.getPrompts(mmlu.id)).rejects.toBeInstanceOf(ConflictError);
    expect(log.requests.slice(before).map((r) => r.route)).toEqual([
      `POST /organizations/${c.organizationId}/projects/${c.projectId}/evaluations`,
      `GET /datasets/${mmlu.id}/prompts`,
    ]);
    expect((await c.evaluations.getMany()).totalCount).toBe(0);
  });
});
