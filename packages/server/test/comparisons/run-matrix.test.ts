import type {
  Evaluation,
  ListResultsResponse,
  PromptAnswerResponse,
  Result,
  RunMatrixResponse,
} from "@assay/protocol";
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
import { holmAdjust, mcnemarScorePValue, wilsonInterval } from "../../src/engine/stats/index.ts";

/**
 * `GET /results/matrix`: three runs of GSM8K's first 60 prompts side by side, every figure
 * checked against the runs' own result listings and the engine's tests.
 */

const PROMPTS = 60;
let service: TestService;
const fakes: FakeModelServer[] = [];
let owner: Tenant;
let stranger: Tenant;
let runs: Evaluation[];

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
  const gsm8k = await importGsm8k(service);
  // Wrong on ≡ 3 mod 4; on ≡ 7 mod 8; on multiples of 5: three runs that disagree in known ways.
  const rules = [
    (i: number) => i % 4 === 3,
    (i: number) => i % 8 === 7,
    (i: number) => i % 5 === 0,
  ];
  const models = await Promise.all(
    rules.map(async (rule, k) => {
      const server = await startFakeModelServer({ behavior: gsm8kBehavior(rule) });
      fakes.push(server);
      return createModel(service, owner, server.url, `acme/run-${k}`);
    }),
  );
  runs = await Promise.all(
    models.map((model) =>
      runEvaluation(service, owner, { model_id: model, dataset_id: gsm8k, limit: PROMPTS }),
    ),
  );
}, 120_000);

afterAll(async () => {
  await service?.close();
  await Promise.all(fakes.map((f) => f.close()));
});

const idList = (list: readonly Evaluation[]) => list.map((e) => e.id).join(",");

function matrix(query: string, key = owner.key) {
  return service.call<RunMatrixResponse>("GET", `/results/matrix?${query}`, { apiKey: key });
}

/** Each run's outcome by prompt id, from its own result listing. */
async function passedByPrompt(id: string): Promise<Map<string, boolean>> {
  const res = await service.call<ListResultsResponse>(
    "GET",
    `/results?evaluation_id=${id}&page_size=500`,
  );
  return new Map(res.body.results.map((r: Result) => [r.prompt_id, r.passed]));
}

describe("GET /results/matrix", () => {
  it("puts every run's outcome side by side, with accuracies, intervals and Holm-adjusted pairs", async () => {
    const res = await matrix(`evaluation_ids=${idList(runs)}&page_size=200`);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.prompts).toBe(PROMPTS);
    expect(body.total_count).toBe(PROMPTS);
    expect(body.results).toHaveLength(PROMPTS);
    expect(body.multiplicity).toBe("holm");
    const own = await Promise.all(runs.map((r) => passedByPrompt(r.id)));

    // Cells follow the runs' own listings, in the asked order.
    for (const row of body.results) {
      expect(row.cells.map((c) => c.outcome)).toEqual(
        own.map((o) => (o.get(row.prompt_id) ? "pass" : "fail")),
      );
      expect(row.prompt).toContain("Question");
    }
    // Columns: accuracy and Wilson interval on the shared prompts.
    for (const [i, run] of body.runs.entries()) {
      const passed = [...(own[i] as Map<string, boolean>).values()].filter(Boolean).length;
      expect(run).toMatchObject({
        evaluation_id: runs[i]?.id,
        model_name: "Fake",
        passed,
        failed: PROMPTS - passed,
        errored: 0,
      });
      expect(run.accuracy).toBeCloseTo(passed / PROMPTS, 12);
      expect(run.accuracy_interval).toEqual(wilsonInterval(passed, PROMPTS));
    }

    // Three pairs, each the two-run test, adjusted together by Holm.
    expect(body.pairs.map((p) => [p.evaluation_id_1, p.evaluation_id_2])).toEqual([
      [runs[0]?.id, runs[1]?.id],
      [runs[0]?.id, runs[2]?.id],
      [runs[1]?.id, runs[2]?.id],
    ]);
    const raw = body.pairs.map((pair) => {
      const a = own.find((_, i) => runs[i]?.id === pair.evaluation_id_1) as Map<string, boolean>;
      const b = own.find((_, i) => runs[i]?.id === pair.evaluation_id_2) as Map<string, boolean>;
      let only1 = 0;
      let only2 = 0;
      for (const [prompt, right] of a) {
        if (right && !b.get(prompt)) only1 += 1;
        if (!right && b.get(prompt)) only2 += 1;
      }
      expect(pair).toMatchObject({ only_1_correct: only1, only_2_correct: only2, pairs: PROMPTS });
      return mcnemarScorePValue(only1, only2);
    });
    for (const [k, pair] of body.pairs.entries()) {
      expect(pair.p_value).toBeCloseTo(raw[k] as number, 14);
      expect(pair.p_value_holm).toBeCloseTo(holmAdjust(raw)[k] as number, 14);
      expect(pair.significant_holm).toBe(pair.p_value_holm < 0.05);
    }
  });

  it("keeps the rows where the runs disagree, where one alone fails or passes, where all fail", async () => {
    const own = await Promise.all(runs.map((r) => passedByPrompt(r.id)));
    const prompts = [...(own[0] as Map<string, boolean>).keys()];
    const rights = (p: string) => own.map((o) => o.get(p) === true);
    const expected = {
      disagree: prompts.filter((p) => new Set(rights(p)).size === 2),
      all_fail: prompts.filter((p) => rights(p).every((r) => !r)),
      alone_fails: prompts.filter((p) => {
        const [a, b, c] = rights(p);
        return a && b && !c;
      }),
      alone_passes: prompts.filter((p) => {
        const [a, b, c] = rights(p);
        return c && !a && !b;
      }),
    };
    expect(expected.disagree.length).toBeGreaterThan(10);
    expect(expected.alone_fails.length).toBeGreaterThan(0);
    expect(expected.alone_passes.length).toBeGreaterThan(0);
    for (const [filter, ids] of Object.entries(expected)) {
      const res = await matrix(
        `evaluation_ids=${idList(runs)}&filter=${filter}&run=${runs[2]?.id}&page_size=5&page=1`,
      );
      expect(res.status).toBe(200);
      expect(res.body.total_count).toBe(ids.length);
      expect(res.body.results.map((r) => r.prompt_id)).toEqual(ids.slice(0, 5));
      // The columns' figures describe every shared prompt, whatever the filter.
      expect(res.body.prompts).toBe(PROMPTS);
    }
    const second = await matrix(
      `evaluation_ids=${idList(runs)}&filter=disagree&page_size=5&page=2`,
    );
    expect(second.body.results.map((r) => r.prompt_id)).toEqual(expected.disagree.slice(5, 10));
  });

  it("refuses with 400 naming the field: too few or many runs, a repeated one, a missing run for alone_fails", async () => {
    const field = async (query: string) => {
      const res = await matrix(query);
      expect(res.status).toBe(400);
      return (res.body as unknown as { error: { details: { field: string }[] } }).error.details[0]
        ?.field;
    };
    const one = runs[0]?.id as string;
    expect(await field(`evaluation_ids=${one}`)).toBe("query.evaluation_ids");
    expect(await field(`evaluation_ids=${Array(11).fill(one).join(",")}`)).toBe(
      "query.evaluation_ids",
    );
    expect(await field(`evaluation_ids=${one},${runs[1]?.id},${one}`)).toBe("query.evaluation_ids");
    expect(await field("")).toBe("query.evaluation_ids");
    expect(await field(`evaluation_ids=${idList(runs)}&filter=alone_fails`)).toBe("query.run");
    expect(await field(`evaluation_ids=${idList(runs)}&filter=alone_fails&run=zzz`)).toBe(
      "query.run",
    );
    expect(await field(`evaluation_ids=${idList(runs)}&filter=sideways`)).toBe("query.filter");
  });

  it("keeps only the prompts every run answered, and figures each run on those", async () => {
    const short = await runEvaluation(service, owner, {
      model_id: runs[1]?.model_id,
      dataset_id: runs[1]?.dataset_id,
      limit: 25,
    });
    const res = await matrix(`evaluation_ids=${runs[0]?.id},${short.id}&page_size=200`);
    expect(res.status).toBe(200);
    expect(res.body.prompts).toBe(25);
    const own = await passedByPrompt(runs[0]?.id as string);
    const shortOwn = await passedByPrompt(short.id);
    expect(res.body.results.map((r) => r.prompt_id).sort()).toEqual([...shortOwn.keys()].sort());
    const passed = [...shortOwn.keys()].filter((p) => own.get(p)).length;
    expect(res.body.runs[0]?.passed).toBe(passed);
    expect(res.body.pairs[0]?.pairs).toBe(25);
  });

  it("refuses runs of different benchmarks with 400 naming evaluation_ids", async () => {
    await uploadFile(service, owner, "tiny-matrix.jsonl", '{"input":"2+2?","truth":"4"}\n');
    const benchmark = await service.call<{ data: { benchmark_id: string } }>(
      "POST",
      `/organizations/${owner.org}/projects/${owner.project}/custom-benchmarks`,
      { json: { name: "Tiny", description: "", file: "tiny-matrix.jsonl" } },
    );
    const other = await createEvaluation(service, owner, {
      model_id: runs[0]?.model_id,
      dataset_id: benchmark.body.data.benchmark_id,
    });
    const res = await matrix(`evaluation_ids=${idList(runs)},${other.id}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: { code: "VALIDATION_ERROR", details: [{ field: "query.evaluation_ids" }] },
    });
    expect(res.text).toContain(benchmark.body.data.benchmark_id);
  });

  it("gives one cell's answer on demand, and 404 naming the field for an unknown prompt or run", async () => {
    const { body } = await matrix(`evaluation_ids=${idList(runs)}&page_size=5`);
    const row = body.results[3]!;
    const res = await service.call<PromptAnswerResponse>(
      "GET",
      `/results/answer?evaluation_id=${runs[2]?.id}&prompt_id=${encodeURIComponent(row.prompt_id)}`,
    );
    expect(res.status).toBe(200);
    const listed = await service.call<ListResultsResponse>(
      "GET",
      `/results?evaluation_id=${runs[2]?.id}&page_size=500`,
    );
    const own = listed.body.results.find((r) => r.prompt_id === row.prompt_id)!;
    expect(res.body).toEqual({
      evaluation_id: runs[2]?.id,
      prompt_id: row.prompt_id,
      outcome: row.cells[2]?.outcome,
      score: own.score,
      response: own.result,
      reason: own.reason,
      error: null,
    });
    const unknown = await service.call(
      "GET",
      `/results/answer?evaluation_id=${runs[2]?.id}&prompt_id=nope`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("prompt_id");
    const foreign = await service.call(
      "GET",
      `/results/answer?evaluation_id=${runs[2]?.id}&prompt_id=${row.prompt_id}`,
      { apiKey: stranger.key },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.text).toContain("evaluation_id");
    const missing = await service.call("GET", `/results/answer?evaluation_id=${runs[2]?.id}`);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("prompt_id");
  });

  it("answers another organization's private runs, and unknown ones, with 404 naming the field", async () => {
    const query = `evaluation_ids=${idList(runs)}`;
    const foreign = await matrix(query, stranger.key);
    expect(foreign.status).toBe(404);
    expect(foreign.text).toContain("evaluation_ids");
    const missing = await matrix(`evaluation_ids=${runs[0]?.id},nope`);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("evaluation nope");
    const anonymous = await service.call("GET", `/results/matrix?${query}`, { apiKey: null });
    expect(anonymous.status).toBe(401);
  });
});
