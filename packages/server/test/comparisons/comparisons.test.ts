import type { ComparisonResponse, Evaluation, ListResultsResponse, Result } from "@assay/protocol";
import {
  createEvaluation,
  createModel,
  gsm8kBehavior,
  importGsm8k,
  runEvaluation,
  type Tenant,
  tenantOf,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcnemarScorePValue } from "../../src/engine/stats/index.ts";

let service: TestService;
const fakes: FakeModelServer[] = [];
let owner: Tenant;
let stranger: Tenant;
let gsm8kId: string;
/** Wrong on questions ≡ 3 mod 4 (the reference), and on ≡ 7 mod 8 only (better). */
let reference: Evaluation;
let better: Evaluation;
/** The better model on the first 40 prompts only. */
let shorter: Evaluation;

async function fake(behavior = gsm8kBehavior()) {
  const server = await startFakeModelServer({ behavior });
  fakes.push(server);
  return server;
}

beforeAll(async () => {
  service = await startTestService({
    workers: true,
    env: {
      ALLOWED_MODEL_HOSTS: "127.0.0.1",
      ASSAY_JOB_POLL_INTERVAL_MS: "50",
      ASSAY_RATE_LIMIT_ENABLED: "false",
    },
  });
  owner = await tenantOf(service);
  stranger = await tenantOf(service, (await service.admin.create({ organization: "Other" })).key);
  gsm8kId = await importGsm8k(service);
  const referenceModel = await createModel(service, owner, (await fake()).url, "acme/reference");
  const betterServer = await fake(gsm8kBehavior((i) => i % 8 === 7));
  const betterModel = await createModel(service, owner, betterServer.url, "acme/better");
  const run = (model: string, limit: number) =>
    runEvaluation(service, owner, { model_id: model, dataset_id: gsm8kId, limit });
  [reference, better, shorter] = await Promise.all([
    run(referenceModel, 200),
    run(betterModel, 200),
    run(betterModel, 40),
  ]);
}, 120_000);

afterAll(async () => {
  await service?.close();
  await Promise.all(fakes.map((f) => f.close()));
});

function compare(query: string, key = owner.key) {
  return service.call<ComparisonResponse>("GET", `/results/comparison?${query}`, { apiKey: key });
}

async function allResults(id: string): Promise<Result[]> {
  const res = await service.call<ListResultsResponse>(
    "GET",
    `/results?evaluation_id=${id}&page_size=500`,
  );
  return res.body.results;
}

describe("GET /results/comparison", () => {
  it("pairs the results by prompt, with counters of whole evaluations and paired statistics", async () => {
    const res = await compare(`evaluation_id_1=${reference.id}&evaluation_id_2=${better.id}`);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.total_count).toBe(200);
    expect(body.results).toHaveLength(100);
    expect(body).toMatchObject({
      correct_count_1: reference.assay.progress.correct,
      total_results_1: 200,
      correct_count_2: better.assay.progress.correct,
      total_results_2: 200,
    });

    // The 2×2 counted independently from the two evaluations' own result listings.
    const first = new Map((await allResults(reference.id)).map((r) => [r.prompt_id, r]));
    const cells = { both: 0, only1: 0, only2: 0, neither: 0 };
    for (const r2 of await allResults(better.id)) {
      const r1 = first.get(r2.prompt_id)!;
      if (r1.passed && r2.passed) cells.both += 1;
      else if (r1.passed) cells.only1 += 1;
      else if (r2.passed) cells.only2 += 1;
      else cells.neither += 1;
    }
    expect(cells.only2).toBeGreaterThan(20);
    const stats = body.assay;
    expect(stats).toMatchObject({
      pairs: 200,
      both_correct: cells.both,
      only_1_correct: cells.only1,
      only_2_correct: cells.only2,
      both_wrong: cells.neither,
      significant: true,
      method: "mcnemar_tango",
    });
    expect(stats.accuracy_1).toBeCloseTo((cells.both + cells.only1) / 200, 12);
    expect(stats.accuracy_2).toBeCloseTo((cells.both + cells.only2) / 200, 12);
    expect(stats.difference).toBeCloseTo((cells.only2 - cells.only1) / 200, 12);
    expect(stats.difference_interval.low).toBeGreaterThan(0);
    expect(stats.difference_interval.high).toBeGreaterThan(stats.difference);
    expect(stats.p_value).toBeCloseTo(mcnemarScorePValue(cells.only1, cells.only2), 15);
    expect(stats.verdict).toMatch(/^evaluation 2 is better \(\+\d+\.\d points, p [<=] 0\.\d+\)$/);

    const row = body.results[3]!;
    const own1 = first.get(row.prompt_id)!;
    expect(row).toMatchObject({
      result_id_1: own1.position,
      prompt: own1.prompt,
      truth: own1.truth,
      result1: own1.result,
      score1: own1.score,
      passed1: own1.passed,
      subset: own1.subset,
    });
    expect(Number.isInteger(row.result_id_2)).toBe(true);
  });

  it("gives each subset its paired statistics, Holm-adjusted, summing to the whole", async () => {
    const { body } = await compare(`evaluation_id_1=${reference.id}&evaluation_id_2=${better.id}`);
    const results = await allResults(reference.id);
    const names = [...new Set(results.map((r) => r.subset))].sort();
    expect(body.assay.subsets.map((s) => s.subset)).toEqual(names);
    const sum = (key: "pairs" | "both_correct" | "only_1_correct" | "only_2_correct") =>
      body.assay.subsets.reduce((total, s) => total + s[key], 0);
    expect(sum("pairs")).toBe(body.assay.pairs);
    expect(sum("only_1_correct")).toBe(body.assay.only_1_correct);
    expect(sum("only_2_correct")).toBe(body.assay.only_2_correct);
    const m = body.assay.subsets.length;
    for (const s of body.assay.subsets) {
      expect(s.p_value).toBeCloseTo(mcnemarScorePValue(s.only_1_correct, s.only_2_correct), 15);
      // The subset's own interval and p say the same thing (Holm's p is a separate adjustment).
      const excludesZero = s.difference_interval.low > 0 || s.difference_interval.high < 0;
      expect(excludesZero).toBe(s.p_value < 0.05);
      expect(s.p_value_holm).toBeGreaterThanOrEqual(s.p_value);
      expect(s.p_value_holm).toBeLessThanOrEqual(Math.min(1, m * s.p_value) + 1e-15);
      expect(s.difference).toBeCloseTo((s.only_2_correct - s.only_1_correct) / s.pairs, 14);
      expect(s.difference_interval.low).toBeLessThanOrEqual(s.difference);
      expect(s.difference_interval.high).toBeGreaterThanOrEqual(s.difference);
    }
    // The outcome filter changes the rows, not the statistics.
    const filtered = await compare(
      `evaluation_id_1=${reference.id}&evaluation_id_2=${better.id}&outcome_filter=both_fail`,
    );
    expect(filtered.body.assay.subsets).toEqual(body.assay.subsets);
  });

  it("swapping the evaluations mirrors the statistics", async () => {
    const res = await compare(`evaluation_id_1=${better.id}&evaluation_id_2=${reference.id}`);
    const forward = await compare(`evaluation_id_1=${reference.id}&evaluation_id_2=${better.id}`);
    expect(res.body.assay.difference).toBeCloseTo(-forward.body.assay.difference, 14);
    expect(res.body.assay.difference_interval.low).toBeCloseTo(
      -forward.body.assay.difference_interval.high,
      14,
    );
    expect(res.body.assay.p_value).toBe(forward.body.assay.p_value);
    expect(res.body.assay.verdict).toMatch(/^evaluation 1 is better/);
  });

  it("filters by outcome: each filter keeps its rows, and together they cover every pair", async () => {
    const base = `evaluation_id_1=${reference.id}&evaluation_id_2=${better.id}&page_size=500`;
    const expected = {
      both_succeed: [true, true],
      both_fail: [false, false],
      reference_fails: [false, true],
      comparison_fails: [true, false],
    } as const;
    let covered = 0;
    for (const [filter, [passed1, passed2]] of Object.entries(expected)) {
      const res = await compare(`${base}&outcome_filter=${filter}`);
      expect(res.status).toBe(200);
      expect(res.body.total_count).toBe(res.body.results.length);
      for (const row of res.body.results)
        expect([row.passed1, row.passed2]).toEqual([passed1, passed2]);
      // The statistics stay those of every pair.
      expect(res.body.assay.pairs).toBe(200);
      covered += res.body.total_count;
    }
    expect(covered).toBe(200);
    const stats = (await compare(base)).body.assay;
    const failing = await compare(`${base}&outcome_filter=reference_fails`);
    expect(failing.body.total_count).toBe(stats.only_2_correct);
    const bad = await compare(`${base}&outcome_filter=sometimes`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("outcome_filter");
  });

  it("searches the prompts, truths and answers, ignoring case", async () => {
    const sample = (await allResults(reference.id))[17]!;
    const needle = sample.prompt.slice(sample.prompt.indexOf("Question: ") + 10).slice(0, 40);
    const res = await compare(
      `evaluation_id_1=${reference.id}&evaluation_id_2=${better.id}&search=${encodeURIComponent(needle.toUpperCase())}`,
    );
    expect(res.body.total_count).toBeGreaterThanOrEqual(1);
    expect(res.body.results.map((r) => r.prompt_id)).toContain(sample.prompt_id);
    for (const row of res.body.results)
      expect(row.prompt.toLowerCase()).toContain(needle.toLowerCase());
    const none = await compare(
      `evaluation_id_1=${reference.id}&evaluation_id_2=${better.id}&search=${encodeURIComponent("no such 100%_text")}`,
    );
    expect(none.body).toMatchObject({ total_count: 0, results: [] });
    expect(none.body.assay.pairs).toBe(200);
  });

  it("pages in benchmark order", async () => {
    const base = `evaluation_id_1=${reference.id}&evaluation_id_2=${better.id}`;
    const page = await compare(`${base}&page=3&page_size=7`);
    expect(page.body.results.map((r) => r.result_id_1)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    const beyond = await compare(`${base}&page=99&page_size=7`);
    expect(beyond.body.results).toEqual([]);
    expect(beyond.body.total_count).toBe(200);
  });

  it("pairs only the prompts both answered, and counts whole evaluations apart", async () => {
    const res = await compare(`evaluation_id_1=${reference.id}&evaluation_id_2=${shorter.id}`);
    expect(res.body).toMatchObject({ total_count: 40, total_results_1: 200, total_results_2: 40 });
    expect(res.body.assay.pairs).toBe(40);
  });

  it("finds no difference between an evaluation and itself", async () => {
    const res = await compare(`evaluation_id_1=${better.id}&evaluation_id_2=${better.id}`);
    expect(res.body.assay).toMatchObject({
      pairs: 200,
      only_1_correct: 0,
      only_2_correct: 0,
      difference: 0,
      p_value: 1,
      significant: false,
      verdict: "no significant difference (p = 1.00)",
    });
    expect(res.body.assay.difference_interval.low).toBeLessThan(0);
    expect(res.body.assay.difference_interval.high).toBeGreaterThan(0);
  });

  it("compares with an evaluation that has no results yet: no pairs, nothing known", async () => {
    const hanging = await startFakeModelServer({ behavior: () => ({ hang: true }) });
    fakes.push(hanging);
    const model = await createModel(service, owner, hanging.url, "acme/hanging");
    const empty = await createEvaluation(service, owner, {
      model_id: model,
      dataset_id: gsm8kId,
      limit: 4,
    });
    try {
      const res = await compare(`evaluation_id_1=${reference.id}&evaluation_id_2=${empty.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        results: [],
        total_count: 0,
        total_results_1: 200,
        correct_count_2: 0,
        total_results_2: 0,
      });
      expect(res.body.assay).toMatchObject({
        pairs: 0,
        difference: 0,
        difference_interval: { low: -1, high: 1 },
        p_value: 1,
        significant: false,
        verdict: "no prompts answered by both evaluations to compare",
      });
    } finally {
      await service.call("POST", `/evaluations/${empty.id}/cancel`);
    }
  });

  it("refuses evaluations of different benchmarks with 400 naming evaluation_id_2", async () => {
    await uploadFile(service, owner, "tiny.jsonl", '{"input":"2+2?","truth":"4"}\n');
    const benchmark = await service.call<{ data: { benchmark_id: string } }>(
      "POST",
      `/organizations/${owner.org}/projects/${owner.project}/custom-benchmarks`,
      { json: { name: "Tiny", description: "", file: "tiny.jsonl" } },
    );
    const other = await createEvaluation(service, owner, {
      model_id: reference.model_id,
      dataset_id: benchmark.body.data.benchmark_id,
    });
    const res = await compare(`evaluation_id_1=${reference.id}&evaluation_id_2=${other.id}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: {
        code: "VALIDATION_ERROR",
        details: [{ field: "query.evaluation_id_2" }],
      },
    });
    expect(res.text).toContain(benchmark.body.data.benchmark_id);
  });

  it("names the missing evaluation with 404, and requires both ids", async () => {
    const missing = await compare(`evaluation_id_1=nope&evaluation_id_2=${better.id}`);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("evaluation_id_1");
    const missing2 = await compare(`evaluation_id_1=${better.id}&evaluation_id_2=nope`);
    expect(missing2.status).toBe(404);
    expect(missing2.text).toContain("evaluation_id_2");
    const absent = await compare(`evaluation_id_1=${better.id}`);
    expect(absent.status).toBe(400);
    expect(absent.text).toContain("evaluation_id_2");
    const anonymous = await service.call(
      "GET",
      `/results/comparison?evaluation_id_1=${better.id}&evaluation_id_2=${better.id}`,
      { apiKey: null },
    );
    expect(anonymous.status).toBe(401);
  });

  it("answers another organization's private evaluations like missing ones, public ones normally", async () => {
    const query = `evaluation_id_1=${reference.id}&evaluation_id_2=${better.id}`;
    const foreign = await compare(query, stranger.key);
    const missing = await compare(
      `evaluation_id_1=nope&evaluation_id_2=${better.id}`,
      stranger.key,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(missing.text);

    const publish = (id: string, isPublic: boolean) =>
      service.call("PATCH", `/evaluations/${id}`, { json: { is_public: isPublic } });
    await publish(reference.id, true);
    try {
      // One public, one still private: the private one is named.
      const half = await compare(query, stranger.key);
      expect(half.status).toBe(404);
      expect(half.text).toContain("evaluation_id_2");
      await publish(better.id, true);
      const open = await compare(query, stranger.key);
      expect(open.status).toBe(200);
      expect(open.body.assay).toEqual((await compare(query)).body.assay);
    } finally {
      await publish(reference.id, false);
      await publish(better.id, false);
    }
    expect((await compare(query, stranger.key)).status).toBe(404);
  });
});
