import type {
  CustomBenchmark,
  ErrorBody,
  Evaluation,
  ListResultsResponse,
  Scorer,
} from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import {
  createModel,
  runEvaluation,
  type Tenant,
  tenantOf,
} from "@assay/test-kit/evaluation-fixtures.ts";
import {
  type FakeBehavior,
  type FakeModelServer,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { meanInterval } from "@assay/test-kit/mean-interval.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wilsonInterval } from "../../src/engine/stats/index.ts";

/** The benchmark: "Say <word>", answered right except `delta` (wrong) and `hotel` (call fails). */
const WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
const DATASET = WORDS.map((w) => JSON.stringify({ input: `Say ${w}`, truth: w })).join("\n");

const modelUnderTest: FakeBehavior = ({ lastUserMessage }) => {
  const word = lastUserMessage.replace("Say ", "");
  if (word === "hotel") return { status: 400, body: { error: { message: "bad prompt" } } };
  return { content: word === "delta" ? "echo" : word };
};

/** The four rubrics; the scorers' fake model grades by which one it is asked about. */
const RUBRICS = {
  always: "Always give the response a pass, whatever it says.",
  strict: "Fail responses about bravo or echo, pass the others.",
  graded: "Grade the response on a scale; early letters get a quarter.",
  broken: "A rubric whose model is unreliable on early letters.",
  unconfigured: "A rubric graded by a catalog model whose provider has no key here.",
};

const verdict = (score: number, reason = "graded") =>
  ({ content: JSON.stringify({ score, passed: score >= 0.5, reason }) }) as const;

/**
 * One fake model for every scorer: it reads which rubric it is asked about and which question is
 * being graded (inside the nonce-delimited question tag), and grades as each rubric's test wants.
 */
const scorerModel: FakeBehavior = ({ body }) => {
  const messages = body.messages as { role: string; content: string }[];
  const text = messages.map((m) => m.content).join("\n");
  const question = /<question-[0-9a-f]+>\nSay (\w+)\n/.exec(text)?.[1] ?? "";
  const early = ["alpha", "bravo", "charlie"].includes(question);
  if (text.includes(RUBRICS.always)) return verdict(1);
  if (text.includes(RUBRICS.strict)) return verdict(["bravo", "echo"].includes(question) ? 0 : 1);
  if (text.includes(RUBRICS.graded)) return verdict(early ? 0.25 : 0.75);
  if (question === "charlie") return { content: "I would rather not say." };
  if (early) return { status: 400, body: { error: { message: "grader refused" } } };
  return verdict(1);
};

describe.each(DIALECTS)("custom benchmarks with scorers on %s", (dialect) => {
  let service: TestService;
  let modelFake: FakeModelServer;
  let scorerFake: FakeModelServer;
  let tenant: Tenant;
  let modelId: string;
  const scorers: Record<keyof typeof RUBRICS, Scorer> = {} as never;
  let benchmarkId: string;

  beforeAll(async () => {
    modelFake = await startFakeModelServer({ behavior: modelUnderTest });
    scorerFake = await startFakeModelServer({ behavior: scorerModel });
    service = await startTestService({
      dialect,
      workers: true,
      env: {
        ALLOWED_MODEL_HOSTS: "127.0.0.1",
        ASSAY_JOB_POLL_INTERVAL_MS: "50",
        ASSAY_RATE_LIMIT_ENABLED: "false",
      },
    });
    tenant = await tenantOf(service);
    modelId = await createModel(service, tenant, modelFake.url, "acme/under-test");
    await createModel(service, tenant, scorerFake.url, "acme/grader");
    for (const [name, prompt] of Object.entries(RUBRICS)) {
      const res = await call<{ data: Scorer }>("POST", "/scorers", {
        name,
        description: `the ${name} scorer`,
        // No OpenAI key is configured: this scorer's model cannot be called at all.
        model_id: name === "unconfigured" ? "openai/gpt-4o-mini" : "acme/grader",
        prompt,
      });
      if (res.status !== 201) throw new Error(res.text);
      scorers[name as keyof typeof RUBRICS] = res.body.data;
    }
    await uploadFile(service, tenant, "words.jsonl", DATASET);
    const created = await call<{ data: { benchmark_id: string } }>("POST", "/custom-benchmarks", {
      name: "Words",
      description: "say the word",
      file: "words.jsonl",
      custom_scorers: Object.values(scorers).map((s) => s.id),
    });
    if (created.status !== 200 && created.status !== 201) throw new Error(created.text);
    benchmarkId = created.body.data.benchmark_id;
  });

  afterAll(async () => {
    await service?.close();
    await modelFake?.close();
    await scorerFake?.close();
  });

  const call = <T>(method: string, path: string, json?: unknown, t: Tenant = tenant) =>
    service.call<T>(method, `/organizations/${t.org}/projects/${t.project}${path}`, {
      apiKey: t.key,
      json,
    });

  it("lists the benchmark's scorers in the order given", async () => {
    const res = await call<{ data: CustomBenchmark }>("GET", `/benchmarks/${benchmarkId}`);
    expect(res.body.data.custom_scorers).toEqual([
      scorers.always.id,
      scorers.strict.id,
      scorers.graded.id,
      scorers.broken.id,
      scorers.unconfigured.id,
    ]);
  });

  it("refuses unknown, foreign and repeated scorers with 400 naming the entry", async () => {
    await uploadFile(service, tenant, "refused.jsonl", DATASET);
    const other = await service.admin.create({ organization: "Scorer strangers" });
    const stranger: Tenant = {
      key: other.key,
      org: other.organization.id,
      project: other.project.id,
    };
    await createModel(service, stranger, scorerFake.url, "acme/grader");
    const foreign = await call<{ data: Scorer }>(
      "POST",
      "/scorers",
      { name: "theirs", model_id: "acme/grader", prompt: RUBRICS.always },
      stranger,
    );
    for (const [list, field] of [
      [[scorers.always.id, "00000000-0000-4000-8000-000000000000"], "body.custom_scorers.1"],
      [[foreign.body.data.id], "body.custom_scorers.0"],
      [[scorers.strict.id, scorers.strict.id], "body.custom_scorers.1"],
    ] as const) {
      const res = await call<ErrorBody>("POST", "/custom-benchmarks", {
        name: "Refused",
        description: "",
        file: "refused.jsonl",
        custom_scorers: list,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details?.[0]?.field).toBe(field);
    }
  });

  it("grades every answered prompt with each scorer and reports each average with its interval", async () => {
    const evaluation = await runEvaluation(service, tenant, {
      model_id: modelId,
      dataset_id: benchmarkId,
    });
    // The prompt's own accuracy is untouched by the scorers: 6 right of 8, 1 failed call.
    expect(evaluation.accuracy).toBe(0.75);
    expect(evaluation.failed_prompt_count).toBe(1);
    // `hotel` has no response to grade: 7 graded results per scorer.
    const graded = [0.25, 0.25, 0.25, 0.75, 0.75, 0.75, 0.75];
    expect(evaluation.assay.scorers).toEqual([
      {
        id: scorers.always.id,
        name: "always",
        model_id: scorers.always.model_id,
        mean: 1,
        ci95: wilsonInterval(7, 7),
        interval: "wilson",
        pass_rate: 1,
        n: 7,
        failed: 0,
      },
      {
        id: scorers.strict.id,
        name: "strict",
        model_id: scorers.strict.model_id,
        mean: 5 / 7,
        ci95: wilsonInterval(5, 7),
        interval: "wilson",
        pass_rate: 5 / 7,
        n: 7,
        failed: 0,
      },
      {
        id: scorers.graded.id,
        name: "graded",
        model_id: scorers.graded.model_id,
        mean: expect.closeTo(3.75 / 7, 12),
        ci95: {
          // The reference is scipy's; the production table holds 9 decimals.
          low: expect.closeTo(meanInterval(graded).low, 9),
          high: expect.closeTo(meanInterval(graded).high, 9),
        },
        interval: "t",
        pass_rate: 4 / 7,
        n: 7,
        failed: 0,
      },
      {
        // alpha and bravo: the grader's model refuses; charlie: two unreadable replies.
        id: scorers.broken.id,
        name: "broken",
        model_id: scorers.broken.model_id,
        mean: 1,
        ci95: wilsonInterval(4, 4),
        interval: "wilson",
        pass_rate: 1,
        n: 4,
        failed: 3,
      },
      {
        id: scorers.unconfigured.id,
        name: "unconfigured",
        model_id: scorers.unconfigured.model_id,
        mean: null,
        ci95: null,
        interval: "wilson",
        pass_rate: null,
        n: 0,
        failed: 7,
      },
    ]);
    expect(evaluation.summary?.metrics?.map((m) => m.name)).toEqual(
      expect.arrayContaining(["accuracy", "always", "strict", "graded", "broken", "unconfigured"]),
    );

    const results = await service.call<ListResultsResponse>(
      "GET",
      `/results?evaluation_id=${evaluation.id}`,
      { apiKey: tenant.key },
    );
    const byWord = new Map(results.body.results.map((r) => [r.truth, r]));
    const alpha = byWord.get("alpha")!;
    expect(alpha).toMatchObject({ score: 1, passed: true, error: null });
    expect(alpha.scorer_scores).toEqual({
      [scorers.always.id]: { score: 1, passed: true, reason: "graded" },
      [scorers.strict.id]: { score: 1, passed: true, reason: "graded" },
      [scorers.graded.id]: { score: 0.25, passed: false, reason: "graded" },
      [scorers.unconfigured.id]: {
        score: null,
        passed: null,
        reason: expect.stringContaining("provider openai of openai/gpt-4o-mini is not configured"),
      },
      [scorers.broken.id]: {
        score: null,
        passed: null,
        reason: expect.stringMatching(/^scorer failed: .*400/),
      },
    });
    expect(byWord.get("charlie")!.scorer_scores![scorers.broken.id]).toEqual({
      score: null,
      passed: null,
      reason: expect.stringContaining("judge output unusable"),
    });
    // A wrong answer is graded like any other; the scorers do not change its score.
    expect(byWord.get("delta")).toMatchObject({ score: 0, passed: false });
    expect(byWord.get("delta")!.scorer_scores![scorers.strict.id]!.score).toBe(1);
    expect(byWord.get("echo")!.scorer_scores![scorers.strict.id]!.score).toBe(0);
    // The failed model call: nothing graded.
    expect(byWord.get("hotel")).toMatchObject({ error: expect.any(String), scorer_scores: {} });
  });

  it("keeps a run's scorers as they were: a deleted scorer leaves the benchmark, not the run", async () => {
    const before = await runEvaluation(service, tenant, {
      model_id: modelId,
      dataset_id: benchmarkId,
      limit: 2,
    });
    expect(before.assay.scorers?.map((s) => s.name)).toEqual([
      "always",
      "strict",
      "graded",
      "broken",
      "unconfigured",
    ]);
    expect((await call("DELETE", `/scorers/${scorers.broken.id}`)).status).toBe(200);
    const benchmark = await call<{ data: CustomBenchmark }>("GET", `/benchmarks/${benchmarkId}`);
    expect(benchmark.body.data.custom_scorers).toEqual([
      scorers.always.id,
      scorers.strict.id,
      scorers.graded.id,
      scorers.unconfigured.id,
    ]);
    const kept = await service.call<Evaluation>("GET", `/evaluations/${before.id}`, {
      apiKey: tenant.key,
    });
    expect(kept.body.assay.scorers?.map((s) => s.name)).toEqual([
      "always",
      "strict",
      "graded",
      "broken",
      "unconfigured",
    ]);
    const after = await runEvaluation(service, tenant, {
      model_id: modelId,
      dataset_id: benchmarkId,
      limit: 2,
    });
    expect(after.assay.scorers?.map((s) => s.name)).toEqual([
      "always",
      "strict",
      "graded",
      "unconfigured",
    ]);
  });

  it("reports no scorers for a benchmark without any", async () => {
    await uploadFile(service, tenant, "plain.jsonl", DATASET);
    const created = await call<{ data: { benchmark_id: string } }>("POST", "/custom-benchmarks", {
      name: "Plain words",
      description: "",
      file: "plain.jsonl",
    });
    const evaluation = await runEvaluation(service, tenant, {
      model_id: modelId,
      dataset_id: created.body.data.benchmark_id,
      limit: 2,
    });
    expect(evaluation.assay.scorers).toEqual([]);
    const results = await service.call<ListResultsResponse>(
      "GET",
      `/results?evaluation_id=${evaluation.id}`,
      { apiKey: tenant.key },
    );
    expect(results.body.results.map((r) => r.scorer_scores)).toEqual([{}, {}]);
  });
});
