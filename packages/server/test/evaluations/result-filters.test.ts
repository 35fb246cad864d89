import { Client, type Evaluation } from "@assay/client";
import type { ListResultsResponse } from "@assay/protocol";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `GET /results`' `search` and `subset` extensions (what the dashboard's results table filters
 * with, page by page), on SQLite or PostgreSQL (DATABASE_URL), through the SDK and the raw route.
 */

let service: TestService;
let fake: FakeModelServer;
let client: Client;
let evaluation: Evaluation;

/** Twelve prompts: `geo` and `math` subsets plus four without one; one holds LIKE's wildcards. */
const ROWS = [
  { input: "Capital of France?", truth: "Paris", subset: "geo" },
  { input: "Capital of Spain?", truth: "Madrid", subset: "geo" },
  { input: "Capital of ITALY?", truth: "Rome", subset: "geo" },
  { input: "Largest ocean?", truth: "Pacific", subset: "geo" },
  { input: "2 + 2?", truth: "4", subset: "math" },
  { input: "3 + 5?", truth: "8", subset: "math" },
  { input: "What is 100% of 7?", truth: "7", subset: "math" },
  { input: "10 / 2?", truth: "5", subset: "math" },
  { input: "Colour of the sky?", truth: "blue" },
  { input: "Colour of grass?", truth: "green" },
  { input: "Opposite of up?", truth: "down" },
  { input: "Opposite of hot?", truth: "cold" },
];

beforeAll(async () => {
  // Right except for Rome and the sky; the answer names the question's city, in lower case.
  fake = await startFakeModelServer({
    behavior: ({ lastUserMessage }) => {
      const row = ROWS.find((r) => lastUserMessage.includes(r.input));
      if (!row) return { content: "I do not know.", bad: true };
      if (row.truth === "Rome") return { content: "milan" };
      if (row.truth === "blue") return { content: "grey, as in Paris" };
      return { content: row.truth };
    },
  });
  service = await startTestService({
    workers: true,
    env: { ALLOWED_MODEL_HOSTS: "127.0.0.1", ASSAY_JOB_POLL_INTERVAL_MS: "50" },
  });
  client = new Client({ apiKey: service.apiKey, baseURL: service.apiUrl });
  await client.models.createCustom({
    name: "fake/quiz",
    key: "fake/quiz",
    description: "",
    api_url: fake.url,
    max_tokens: 32,
  });
  const model = await client.models.getByKey("fake/quiz");
  await client.benchmarks.createCustom({
    name: "Quiz",
    description: "mixed",
    file: new TextEncoder().encode(`${ROWS.map((r) => JSON.stringify(r)).join("\n")}\n`),
    filename: "quiz.jsonl",
    scoring_metric: "exact_match",
  });
  const benchmark = await client.benchmarks.getByKey("quiz");
  if (!model || !benchmark) throw new Error("the model or the benchmark was not created");
  const created = await client.evaluations.create(model, benchmark);
  evaluation = await client.evaluations.waitForCompletion(created, { intervalMs: 100 });
}, 60_000);

afterAll(async () => {
  await service?.close();
  await fake?.close();
});

const truths = (results: { truth: string }[]) => results.map((r) => r.truth);

describe("filtering an evaluation's results", () => {
  it("ran the quiz: ten right, two wrong", () => {
    expect(evaluation.status).toBe("success");
    expect(evaluation.assay.progress).toMatchObject({ total: 12, correct: 10 });
  });

  it("searches prompt, response and truth, ignoring case, with the total over all pages", async () => {
    // "paris" is the truth of one prompt and in the (wrong) response of another.
    const paris = await client.results.getById(evaluation.id, { search: "PARIS" });
    expect(truths(paris.results)).toEqual(["Paris", "blue"]);
    expect(paris.totalCount).toBe(2);
    // In the prompt (upper case there), and only there.
    const italy = await client.results.getById(evaluation.id, { search: "italy" });
    expect(truths(italy.results)).toEqual(["Rome"]);
    // A response alone: "milan" is nowhere else.
    const milan = await client.results.getById(evaluation.id, { search: "Milan" });
    expect(truths(milan.results)).toEqual(["Rome"]);
    // "capital" matches three prompts; one per page, the total says three.
    const capital = await client.results.getById(evaluation.id, {
      search: "capital",
      page: 2,
      pageSize: 1,
    });
    expect(capital.totalCount).toBe(3);
    expect(truths(capital.results)).toEqual(["Madrid"]);
  });

  it("matches LIKE's wildcards literally", async () => {
    const percent = await client.results.getById(evaluation.id, { search: "100%" });
    expect(truths(percent.results)).toEqual(["7"]);
    const bare = await client.results.getById(evaluation.id, { search: "%" });
    expect(truths(bare.results)).toEqual(["7"]);
    const underscore = await client.results.getById(evaluation.id, { search: "_" });
    expect(underscore.totalCount).toBe(0);
  });

  it("filters by subset, `default` being the prompts without one", async () => {
    const geo = await client.results.getById(evaluation.id, { subset: "geo" });
    expect(truths(geo.results)).toEqual(["Paris", "Madrid", "Rome", "Pacific"]);
    const none = await client.results.getById(evaluation.id, { subset: "default" });
    expect(truths(none.results)).toEqual(["blue", "green", "down", "cold"]);
    expect(none.results.every((r) => r.subset === "default")).toBe(true);
    const unknown = await client.results.getById(evaluation.id, { subset: "history" });
    expect(unknown.totalCount).toBe(0);
  });

  it("combines subset, search and outcome, and the SDK's iterator follows them", async () => {
    // An outcome alone is counted without the prompts: the same totals.
    const failed = await client.results.getById(evaluation.id, { outcome: "failed" });
    expect(failed.totalCount).toBe(2);
    expect((await client.results.getById(evaluation.id, { outcome: "passed" })).totalCount).toBe(
      10,
    );
    const wrongGeo = await client.results.getById(evaluation.id, {
      subset: "geo",
      outcome: "failed",
    });
    expect(truths(wrongGeo.results)).toEqual(["Rome"]);
    const rightCapitals = await client.results.getById(evaluation.id, {
      subset: "geo",
      search: "capital",
      outcome: "passed",
    });
    expect(truths(rightCapitals.results)).toEqual(["Paris", "Madrid"]);
    const iterated = [];
    for await (const r of client.results.iterate(evaluation.id, { search: "of", pageSize: 2 }))
      iterated.push(r.truth);
    expect(iterated).toEqual(["Paris", "Madrid", "Rome", "7", "blue", "green", "down", "cold"]);
  });

  it("takes the filters as query parameters; blank ones mean no filter, long ones are refused", async () => {
    const base = `/results?evaluation_id=${evaluation.id}`;
    const raw = await service.call<ListResultsResponse>(
      "GET",
      `${base}&search=${encodeURIComponent(" ocean ")}&subset=geo`,
    );
    expect(raw.status).toBe(200);
    expect(truths(raw.body.results)).toEqual(["Pacific"]);
    const blank = await service.call<ListResultsResponse>("GET", `${base}&search=%20&subset=`);
    expect(blank.body.metrics.total_count).toBe(12);
    const long = await service.call("GET", `${base}&search=${"x".repeat(300)}`);
    expect(long.status).toBe(400);
    expect(long.text).toContain("search");
  });
});
