import { NotFoundError, ServiceError } from "@assay/client";
import type { ComparisonResponse } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { BENCHMARK_ID, EVALUATION_ID, evaluationBody } from "./support/evaluation-fixtures.ts";
import { organizationReply, testClient, testPublicClient } from "./support/fixtures.ts";
import { startScriptedServer } from "./support/scripted-server.ts";

/**
 * `publicClient.evaluations`, `publicClient.comparisons` and the owner's `evaluations.update`
 * against a scripted server: what goes on the wire (protocol §12.3, §12.4) and what comes back.
 */

const SECOND_ID = "9d1e2f30-4a5b-4c6d-8e7f-901a2b3c4d5e";

const comparison: ComparisonResponse = {
  results: [
    {
      result_id_1: 0,
      result_id_2: 0,
      prompt: "What is 1 + 1?",
      truth: "2",
      result1: "3",
      result2: "2",
      score1: 0,
      score2: 1,
      prompt_id: "q1",
      subset: "default",
      passed1: false,
      passed2: true,
    },
  ],
  total_count: 1,
  correct_count_1: 7,
  total_results_1: 10,
  correct_count_2: 9,
  total_results_2: 10,
  assay: {
    pairs: 10,
    both_correct: 7,
    both_wrong: 1,
    only_1_correct: 0,
    only_2_correct: 2,
    accuracy_1: 0.7,
    accuracy_2: 0.9,
    difference: 0.2,
    difference_interval: { low: -0.13, high: 0.51 },
    p_value: 0.16,
    significant: false,
    verdict: "no significant difference (p = 0.16)",
    method: "mcnemar_tango",
    subsets: [
      {
        subset: "default",
        pairs: 10,
        both_correct: 7,
        both_wrong: 1,
        only_1_correct: 0,
        only_2_correct: 2,
        difference: 0.2,
        difference_interval: { low: -0.13, high: 0.51 },
        p_value: 0.16,
        p_value_holm: 0.16,
      },
    ],
  },
};

const listing = (evaluations: unknown[]) => ({
  body: { evaluations, total_count: evaluations.length },
});

describe("publicClient.comparisons.compare", () => {
  it("sends both ids, paging and filters, and answers the page with its statistics", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/results/comparison", { body: comparison });
    const page = await testPublicClient(server).comparisons.compare(
      EVALUATION_ID,
      { id: SECOND_ID },
      { page: 2, pageSize: 1000, outcomeFilter: "reference_fails", search: "1 + 1" },
    );
    const [request] = server.requestsTo("GET", "/results/comparison");
    expect(Object.fromEntries(request!.query)).toEqual({
      evaluation_id_1: EVALUATION_ID,
      evaluation_id_2: SECOND_ID,
      page: "2",
      page_size: "500",
      outcome_filter: "reference_fails",
      search: "1 + 1",
    });
    expect(page).toEqual({
      results: comparison.results,
      totalCount: 1,
      correctCount1: 7,
      totalResults1: 10,
      correctCount2: 9,
      totalResults2: 10,
      stats: comparison.assay,
      pagination: { page: 2, pageSize: 500, totalPages: 1, totalCount: 1 },
    });
  });

  it("sends only the ids and the default paging when nothing else is asked", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/results/comparison", { body: comparison });
    await testPublicClient(server).comparisons.compare(EVALUATION_ID, SECOND_ID, { search: "" });
    const [request] = server.requestsTo("GET", "/results/comparison");
    expect([...request!.query.keys()].sort()).toEqual([
      "evaluation_id_1",
      "evaluation_id_2",
      "page",
      "page_size",
    ]);
  });

  it("raises the server's 404 as NotFoundError", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/results/comparison", {
      status: 404,
      body: { error: { message: "evaluation_id_2: evaluation not found", code: "NOT_FOUND" } },
    });
    await expect(
      testPublicClient(server).comparisons.compare(EVALUATION_ID, SECOND_ID),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("publicClient.comparisons.compareModels", () => {
  it("finds each model's latest successful evaluation in the public listing, then compares", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/evaluations", (request) =>
      listing([
        evaluationBody("success", 10, {
          id: request.query.get("models") === "model-a" ? EVALUATION_ID : SECOND_ID,
        }),
      ]),
    );
    server.on("GET", "/results/comparison", { body: comparison });
    const result = await testPublicClient(server).comparisons.compareModels(
      BENCHMARK_ID,
      "model-a",
      "model-b",
      { outcomeFilter: "both_fail" },
    );
    const lookups = server.requestsTo("GET", "/evaluations");
    expect(lookups.map((r) => Object.fromEntries(r.query))).toEqual(
      ["model-a", "model-b"].map((models) => ({
        page: "1",
        page_size: "1",
        sort_by: "submitted_at",
        order: "desc",
        models,
        datasets: BENCHMARK_ID,
        status: "success",
        unique: "true",
      })),
    );
    const [compare] = server.requestsTo("GET", "/results/comparison");
    expect(compare!.query.get("evaluation_id_1")).toBe(EVALUATION_ID);
    expect(compare!.query.get("evaluation_id_2")).toBe(SECOND_ID);
    expect(compare!.query.get("outcome_filter")).toBe("both_fail");
    expect(result.evaluation1.id).toBe(EVALUATION_ID);
    expect(result.evaluation2.id).toBe(SECOND_ID);
    expect(result.stats.verdict).toBe("no significant difference (p = 0.16)");
  });

  it("raises ServiceError naming the model that has no successful evaluation, comparing nothing", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/evaluations", (request) =>
      request.query.get("models") === "model-a"
        ? listing([evaluationBody("success", 10)])
        : listing([]),
    );
    const attempt = testPublicClient(server).comparisons.compareModels(
      BENCHMARK_ID,
      "model-a",
      "model-b",
    );
    await expect(attempt).rejects.toBeInstanceOf(ServiceError);
    await expect(attempt).rejects.toThrow(/model-b has no successful evaluation/);
    expect(server.requestsTo("GET", "/results/comparison")).toHaveLength(0);
  });
});

describe("publicClient.evaluations", () => {
  it("lists without organization or project, with the filters of the project listing", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/evaluations", listing([evaluationBody("success", 10)]));
    const page = await testPublicClient(server).evaluations.getMany({
      modelIds: ["m1", "m2"],
      status: "success",
      sortBy: "accuracy",
      order: "asc",
      unique: true,
    });
    const [request] = server.requestsTo("GET", "/evaluations");
    expect(Object.fromEntries(request!.query)).toEqual({
      page: "1",
      page_size: "100",
      models: "m1,m2",
      status: "success",
      sort_by: "accuracy",
      order: "asc",
      unique: "true",
    });
    expect(page.totalCount).toBe(1);
    expect(page.pagination).toEqual({ page: 1, pageSize: 100, totalPages: 1, totalCount: 1 });
    // A public client makes no organization lookup.
    expect(server.requestsTo("GET", "/organizations")).toHaveLength(0);
  });

  it("gets one evaluation by id", async () => {
    await using server = await startScriptedServer();
    server.on("GET", `/evaluations/${EVALUATION_ID}`, { body: evaluationBody("success", 10) });
    const evaluation = await testPublicClient(server).evaluations.get({ id: EVALUATION_ID });
    expect(evaluation.id).toBe(EVALUATION_ID);
  });
});

describe("evaluations.update / setPublic", () => {
  it("patches is_public and answers the evaluation", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    const path = `/evaluations/${EVALUATION_ID}`;
    server.on("PATCH", path, { body: evaluationBody("success", 10, { is_public: true }) });
    const client = testClient(server);
    const published = await client.evaluations.setPublic(EVALUATION_ID, true);
    expect(published.is_public).toBe(true);
    await client.evaluations.update({ id: EVALUATION_ID }, { is_public: false });
    expect(server.requestsTo("PATCH", path).map((r) => JSON.parse(r.body.toString()))).toEqual([
      { is_public: true },
      { is_public: false },
    ]);
  });
});
