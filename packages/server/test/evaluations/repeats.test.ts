import type { ComparisonResponse, Evaluation, ListResultsResponse } from "@assay/protocol";
import {
  createModel,
  createSumsBenchmark,
  runEvaluation,
  type Tenant,
  tenantOf,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Repeats end to end: each prompt asked N times with seed + i, one result per (prompt, repeat),
// the accuracy clustered by prompt, the reducers, and the results read one row per prompt. The
// fake answers a prompt wrongly under some seeds, so the figures can be computed here apart.

let service: TestService;
let fake: FakeModelServer;
let tenant: Tenant;
let benchmarkId: string;
let modelId: string;

const PROMPTS = 12;
const REPEATS = 4;
const SEED = 10;

/** Whether the fake answers prompt `id` (1-based) right under `seed`: wrong on some seeds only. */
const rightUnder = (id: number, seed: number) => (id * 7 + seed) % 5 !== 0 && id % 6 !== 0;

beforeAll(async () => {
  fake = await startFakeModelServer({
    captureBodies: true,
    behavior: (request) => {
      const id = Number(/Q(\d+):/.exec(request.lastUserMessage)?.[1] ?? 0);
      const seed = Number(request.body.seed ?? 0);
      const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(request.lastUserMessage) ?? [];
      const answer = rightUnder(id, seed) ? Number(a) + Number(b) : -1;
      return { content: `The answer is ${answer}.` };
    },
  });
  service = await startTestService({
    workers: true,
    env: {
      ALLOWED_MODEL_HOSTS: "127.0.0.1",
      ASSAY_JOB_POLL_INTERVAL_MS: "50",
      ASSAY_RATE_LIMIT_ENABLED: "false",
    },
  });
  tenant = await tenantOf(service);
  benchmarkId = await createSumsBenchmark(service, tenant, PROMPTS, 3);
  modelId = await createModel(service, tenant, fake.url);
});

afterAll(async () => {
  await service?.close();
  await fake?.close();
});

const results = (evaluationId: string, query = "") =>
  service.call<ListResultsResponse>(
    "GET",
    `/results?evaluation_id=${evaluationId}${query.includes("page_size") ? "" : "&page_size=500"}${query}`,
    { apiKey: tenant.key },
  );

/** Each prompt's right answers under seeds SEED … SEED + REPEATS − 1, as the fake gives them. */
const expectedRight = Array.from(
  { length: PROMPTS },
  (_, i) =>
    Array.from({ length: REPEATS }, (_, r) => rightUnder(i + 1, SEED + r)).filter(Boolean).length,
);

describe("a run with repeats", () => {
  let run: Evaluation;

  beforeAll(async () => {
    fake.reset();
    run = await runEvaluation(service, tenant, {
      model_id: modelId,
      dataset_id: benchmarkId,
      repeats: REPEATS,
      seed: SEED,
      temperature: 0.7,
    });
  });

  it("asks every prompt once per repeat, with seed + repeat", () => {
    const bodies = fake.stats().bodies ?? [];
    expect(bodies).toHaveLength(PROMPTS * REPEATS);
    const asked = bodies.map((b) => {
      const messages = b.messages as { content: string }[];
      return `${messages.at(-1)?.content}|${b.seed}`;
    });
    expect(new Set(asked).size).toBe(PROMPTS * REPEATS);
    expect(new Set(bodies.map((b) => b.seed))).toEqual(new Set([10, 11, 12, 13]));
    expect(run.assay.options.repeats).toBe(REPEATS);
    expect(run.assay.progress).toMatchObject({ total: PROMPTS * REPEATS, done: PROMPTS * REPEATS });
  });

  it("reports the mean of per-prompt means, clustered by prompt, and the reducers", () => {
    const means = expectedRight.map((c) => c / REPEATS);
    const mean = means.reduce((a, b) => a + b, 0) / PROMPTS;
    expect(run.accuracy).toBeCloseTo(mean, 12);
    expect(run.assay.accuracy_interval).toBe("clustered");
    const se = Math.sqrt(
      means.reduce((a, m) => a + (m - mean) ** 2, 0) / (PROMPTS * (PROMPTS - 1)),
    );
    expect(run.assay.accuracy_stderr).toBeCloseTo(se, 12);
    expect(run.assay.accuracy_ci95.low).toBeLessThan(mean);
    expect(run.assay.accuracy_ci95.high).toBeGreaterThan(mean);
    const repeats = run.assay.repeats!;
    expect(repeats.repeats).toBe(REPEATS);
    expect(repeats.prompts).toBe(PROMPTS);
    const flaky = expectedRight.filter((c) => c > 0 && c < REPEATS).length;
    expect(repeats.flip_rate).toBeCloseTo(flaky / PROMPTS, 12);
    expect(repeats.majority_vote).toBeCloseTo(
      expectedRight.filter((c) => c * 2 > REPEATS).length / PROMPTS,
      12,
    );
    const histogram = Array.from(
      { length: REPEATS + 1 },
      (_, c) => expectedRight.filter((x) => x === c).length,
    );
    expect(repeats.pass_count_histogram).toEqual(histogram);
    // pass@REPEATS: right at least once; pass^REPEATS: right every time.
    const last = repeats.pass_at_k.at(-1)!;
    expect(last.k).toBe(REPEATS);
    expect(last.pass_at_k).toBeCloseTo(expectedRight.filter((c) => c > 0).length / PROMPTS, 12);
    expect(last.pass_hat_k).toBeCloseTo(
      expectedRight.filter((c) => c === REPEATS).length / PROMPTS,
      12,
    );
    expect(repeats.pass_at_k[0]!.pass_at_k).toBeCloseTo(mean, 12);
    const subset = run.assay.subsets[0]!;
    expect(subset).toMatchObject({ name: "default", prompts: PROMPTS, total: PROMPTS * REPEATS });
    expect(subset.ci95).toEqual(run.assay.accuracy_ci95);
  });

  it("lists one row per prompt by default, with its answers", async () => {
    const page = await results(run.id);
    expect(page.status).toBe(200);
    expect(page.body.metrics.total_count).toBe(PROMPTS);
    expect(page.body.results.map((r) => r.position)).toEqual([...Array(PROMPTS).keys()]);
    for (const [i, row] of page.body.results.entries()) {
      expect(row.repeats?.map((a) => a.repeat)).toEqual([0, 1, 2, 3]);
      expect(row.score).toBeCloseTo(expectedRight[i]! / REPEATS, 12);
      expect(row.metrics.accuracy).toBeCloseTo(expectedRight[i]! / REPEATS, 12);
      expect(row.passed).toBe(expectedRight[i] === REPEATS);
      expect(row.result).toBe(row.repeats![0]!.result);
    }
  });

  it("lists every answer with repeats=each", async () => {
    const page = await results(run.id, "&repeats=each");
    expect(page.body.metrics.total_count).toBe(PROMPTS * REPEATS);
    expect(page.body.results.slice(0, 5).map((r) => [r.position, r.repeat])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 0],
    ]);
    expect(page.body.results.filter((r) => r.passed)).toHaveLength(
      expectedRight.reduce((a, b) => a + b, 0),
    );
  });

  it("filters prompts by what their answers say together, and pages them", async () => {
    const count = async (query: string) => (await results(run.id, query)).body.metrics.total_count;
    expect(await count("&outcome=passed")).toBe(expectedRight.filter((c) => c === REPEATS).length);
    expect(await count("&outcome=failed")).toBe(expectedRight.filter((c) => c < REPEATS).length);
    expect(await count("&outcome=flaky")).toBe(
      expectedRight.filter((c) => c > 0 && c < REPEATS).length,
    );
    expect(await count("&outcome=error")).toBe(0);
    const perAnswer = await results(run.id, "&outcome=flaky&repeats=each");
    expect(perAnswer.status).toBe(400);
    expect(perAnswer.text).toContain("query.outcome");
    expect(await count("&subset=default")).toBe(PROMPTS);
    expect(await count("&subset=other")).toBe(0);
    const second = await results(run.id, "&page=2&page_size=5");
    expect(second.body.results.map((r) => r.position)).toEqual([5, 6, 7, 8, 9]);
    // A search keeps the prompts whose text or any answer matches.
    const wrong = await results(run.id, `&search=${encodeURIComponent("answer is -1")}`);
    expect(wrong.body.metrics.total_count).toBe(expectedRight.filter((c) => c < REPEATS).length);
  });
});

describe("comparing runs with repeats", () => {
  it("pairs per-prompt means with a paired t interval whose verdict it is", async () => {
    const body = { model_id: modelId, dataset_id: benchmarkId, repeats: REPEATS, temperature: 0.7 };
    const a = await runEvaluation(service, tenant, { ...body, seed: SEED });
    const b = await runEvaluation(service, tenant, { ...body, seed: 40 });
    const res = await service.call<ComparisonResponse>(
      "GET",
      `/results/comparison?evaluation_id_1=${a.id}&evaluation_id_2=${b.id}&page_size=100`,
      { apiKey: tenant.key },
    );
    expect(res.status).toBe(200);
    const meanUnder = (id: number, seed: number) =>
      Array.from({ length: REPEATS }, (_, r) => rightUnder(id, seed + r)).filter(Boolean).length /
      REPEATS;
    const diffs = Array.from(
      { length: PROMPTS },
      (_, i) => meanUnder(i + 1, 40) - meanUnder(i + 1, SEED),
    );
    const stats = res.body.assay;
    expect(stats.method).toBe("paired_t");
    expect(stats.pairs).toBe(PROMPTS);
    expect(stats.difference).toBeCloseTo(diffs.reduce((x, y) => x + y, 0) / PROMPTS, 12);
    const { low, high } = stats.difference_interval;
    expect(stats.significant).toBe(low > 0 || high < 0);
    expect(stats.p_value < 0.05).toBe(stats.significant);
    expect(stats.verdict).toContain("paired t on per-prompt means");
    // The 2×2 counts prompts by majority vote.
    expect(
      stats.both_correct + stats.both_wrong + stats.only_1_correct + stats.only_2_correct,
    ).toBe(PROMPTS);
    expect(stats.both_correct).toBe(
      Array.from({ length: PROMPTS }, (_, i) => i + 1).filter(
        (id) => meanUnder(id, SEED) > 0.5 && meanUnder(id, 40) > 0.5,
      ).length,
    );
    // One row per prompt, with its mean and majority; each cell of the 2×2 lists its count.
    expect(res.body.total_count).toBe(PROMPTS);
    for (const [i, row] of (res.body.results ?? []).entries()) {
      expect(row.score1).toBeCloseTo(meanUnder(i + 1, SEED), 12);
      expect(row.passed2).toBe(meanUnder(i + 1, 40) > 0.5);
    }
    const cells = {
      both_succeed: stats.both_correct,
      both_fail: stats.both_wrong,
      comparison_fails: stats.only_1_correct,
      reference_fails: stats.only_2_correct,
    };
    for (const [outcome, count] of Object.entries(cells)) {
      const cell = await service.call<ComparisonResponse>(
        "GET",
        `/results/comparison?evaluation_id_1=${a.id}&evaluation_id_2=${b.id}&outcome_filter=${outcome}`,
        { apiKey: tenant.key },
      );
      expect([outcome, cell.body.total_count]).toEqual([outcome, count]);
    }
  });
});

describe("repeats are asked, never served", () => {
  it("bypass the response cache even at temperature 0", async () => {
    fake.reset();
    const body = {
      model_id: modelId,
      dataset_id: benchmarkId,
      repeats: 2,
      temperature: 0,
      limit: 3,
    };
    const first = await runEvaluation(service, tenant, body);
    const second = await runEvaluation(service, tenant, body);
    expect(fake.stats().bodies).toHaveLength(12);
    expect(first.assay.progress.cached + second.assay.progress.cached).toBe(0);
  });

  it("one answer per prompt never disagrees with itself", async () => {
    const single = await runEvaluation(service, tenant, {
      model_id: modelId,
      dataset_id: benchmarkId,
      limit: 3,
    });
    expect(single.assay.accuracy_interval).toBe("wilson");
    expect(single.assay.repeats).toBeNull();
    const flaky = await results(single.id, "&outcome=flaky");
    expect(flaky.body.metrics.total_count).toBe(0);
    const rows = await results(single.id);
    expect(rows.body.results.every((r) => r.repeat === 0 && r.repeats === undefined)).toBe(true);
  });

  it.each([0, 33, 1.5])("refuses repeats %s naming the field", async (repeats) => {
    const res = await service.call<{ error: { details: { field: string }[] } }>(
      "POST",
      `/organizations/${tenant.org}/projects/${tenant.project}/evaluations`,
      { apiKey: tenant.key, json: [{ model_id: modelId, dataset_id: benchmarkId, repeats }] },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d) => d.field)).toContain("body.0.repeats");
  });
});
