import type { RunMatrixResponse } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { EVALUATION_ID } from "./support/evaluation-fixtures.ts";
import { testPublicClient } from "./support/fixtures.ts";
import { startScriptedServer } from "./support/scripted-server.ts";

/** `publicClient.comparisons.matrix` against a scripted server: the wire and the answer. */

const SECOND_ID = "9d1e2f30-4a5b-4c6d-8e7f-901a2b3c4d5e";
const THIRD_ID = "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d";

const run = (id: string, passed: number) => ({
  evaluation_id: id,
  model_id: `m-${id}`,
  model_name: "Fake",
  status: "success",
  submitted_at: "2026-11-29T00:00:00.000Z",
  passed,
  failed: 2 - passed,
  errored: 0,
  accuracy: passed / 2,
  accuracy_interval: { low: 0.1, high: 0.9 },
});

const answer: RunMatrixResponse = {
  benchmark_id: "b1",
  prompts: 2,
  runs: [run(EVALUATION_ID, 1), run(SECOND_ID, 2), run(THIRD_ID, 0)],
  pairs: [],
  multiplicity: "holm",
  results: [
    {
      prompt_id: "q1",
      subset: "default",
      prompt: "1 + 1?",
      truth: "2",
      cells: [
        { outcome: "fail", score: 0 },
        { outcome: "pass", score: 1 },
        { outcome: "error", score: 0 },
      ],
    },
  ],
  total_count: 1,
};

describe("publicClient.comparisons.matrix", () => {
  it("sends the ids in order, the filter, its run and the paging; answers the page", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/results/matrix", { body: answer });
    const page = await testPublicClient(server).comparisons.matrix(
      [EVALUATION_ID, { id: SECOND_ID }, THIRD_ID],
      { filter: "alone_fails", run: { id: THIRD_ID }, page: 3, pageSize: 999 },
    );
    const [request] = server.requestsTo("GET", "/results/matrix");
    expect(Object.fromEntries(request!.query)).toEqual({
      evaluation_ids: `${EVALUATION_ID},${SECOND_ID},${THIRD_ID}`,
      filter: "alone_fails",
      run: THIRD_ID,
      page: "3",
      page_size: "200",
    });
    expect(page).toEqual({
      benchmarkId: "b1",
      prompts: 2,
      runs: answer.runs,
      pairs: [],
      rows: answer.results,
      totalCount: 1,
      pagination: { page: 3, pageSize: 200, totalPages: 1, totalCount: 1 },
    });
  });

  it("asks for one cell's answer by evaluation and prompt id", async () => {
    await using server = await startScriptedServer();
    const body = {
      evaluation_id: SECOND_ID,
      prompt_id: "q 1",
      outcome: "pass",
      score: 1,
      response: "2",
      reason: "exact",
      error: null,
    };
    server.on("GET", "/results/answer", { body });
    const answer = await testPublicClient(server).comparisons.answer({ id: SECOND_ID }, "q 1");
    const [request] = server.requestsTo("GET", "/results/answer");
    expect(Object.fromEntries(request!.query)).toEqual({
      evaluation_id: SECOND_ID,
      prompt_id: "q 1",
    });
    expect(answer).toEqual(body);
  });

  it("refuses fewer than two or more than ten runs before asking", async () => {
    await using server = await startScriptedServer();
    const comparisons = testPublicClient(server).comparisons;
    await expect(comparisons.matrix([EVALUATION_ID])).rejects.toThrow(
      "evaluations: list 2 to 10 evaluations (got 1)",
    );
    await expect(comparisons.matrix(Array(11).fill(EVALUATION_ID))).rejects.toThrow("got 11");
    expect(server.requests).toHaveLength(0);
  });
});
