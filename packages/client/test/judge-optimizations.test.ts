import { type JudgeOptimizationRun, WaitTimeoutError } from "@assay/client";
import { BadRequestError, ConflictError, ServiceError } from "@assay/client/errors";
import { describe, expect, it } from "vitest";
import { organizationReply, testClient } from "./support/fixtures.ts";
import { type ScriptedServer, startScriptedServer } from "./support/scripted-server.ts";
import { bodyOf, JUDGE_ID, judgeBody, PROJECT_PATH, wrapped } from "./support/trace-fixtures.ts";

/** `client.judgeOptimizations` against a scripted server: requests, answers, the wait. */

const BASE = `${PROJECT_PATH}/judge-optimizations`;
const RUN_ID = "4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a";
const ONE = `${BASE}/${RUN_ID}`;
const AGREEMENT = (accuracy: number, kappa: number) => ({
  count: 12,
  accuracy,
  accuracy_interval: { low: accuracy / 2, high: 1 },
  kappa,
  kappa_interval: { low: kappa - 0.3, high: Math.min(1, kappa + 0.3) },
});

function runBody(
  status: JudgeOptimizationRun["status"],
  overrides: Partial<JudgeOptimizationRun> = {},
): JudgeOptimizationRun {
  return {
    id: RUN_ID,
    organization_id: "org-1",
    project_id: "proj-1",
    judge_id: JUDGE_ID,
    created_at: "2026-11-21T10:00:00.000Z",
    status,
    budget: "medium",
    annotation_count: 40,
    estimated_cost: 0.42,
    actual_cost: status === "success" ? 0.39 : 0.1,
    user_id: "assay_AbCd…wxyz",
    status_description: "",
    original_goal: "Judge whether the answer is good.",
    logs: "split: 28 labels (14 pass, 14 fail) for training, 12 labels (6 pass, 6 fail) held out",
    judge_snapshot: {
      name: "Support",
      version: 1,
      evaluationGoal: "Judge whether the answer is good.",
    },
    ...(status === "success"
      ? {
          optimized_goal: "The answer must cite its source.",
          baseline_accuracy: 0.5,
          optimized_accuracy: 1,
          assay: {
            rounds: 3,
            candidates_per_round: 4,
            training_count: 28,
            held_out_count: 12,
            baseline: { training: AGREEMENT(0.5, 0), held_out: AGREEMENT(0.5, 0) },
            best: { training: AGREEMENT(1, 1), held_out: AGREEMENT(1, 1) },
            improved: true,
            judge_calls: 136,
            optimizer_calls: 3,
          },
        }
      : {}),
    ...overrides,
  };
}

async function scripted(): Promise<ScriptedServer> {
  const server = await startScriptedServer();
  server.on("GET", "/organizations", organizationReply());
  return server;
}

describe("estimate, create, get, apply", () => {
  it("send the judge and the budget (medium unless given), and read the answers", async () => {
    await using server = await scripted();
    const estimate = {
      estimated_cost: 0.42,
      annotation_count: 40,
      budget: "medium",
      judge_calls: 388,
      optimizer_calls: 9,
    };
    server.on("POST", `${BASE}/estimate`, wrapped(estimate));
    server.on(
      "POST",
      BASE,
      wrapped({ id: RUN_ID, judge_id: JUDGE_ID, budget: "light", status: "pending" }, 201),
    );
    server.on("GET", ONE, wrapped(runBody("success")));
    server.on(
      "POST",
      `${ONE}/apply`,
      wrapped({
        judge_id: JUDGE_ID,
        new_version: 2,
        message: "The judge has the optimized goal as version 2.",
      }),
    );
    const optimizations = testClient(server).judgeOptimizations;

    expect(await optimizations.estimate(JUDGE_ID)).toEqual(estimate);
    expect(await optimizations.create(judgeBody(), "light")).toEqual({
      id: RUN_ID,
      judge_id: JUDGE_ID,
      budget: "light",
      status: "pending",
    });
    expect(server.requestsTo("POST", `${BASE}/estimate`).map(bodyOf)).toEqual([
      { judge_id: JUDGE_ID, budget: "medium" },
    ]);
    expect(server.requestsTo("POST", BASE).map(bodyOf)).toEqual([
      { judge_id: JUDGE_ID, budget: "light" },
    ]);

    const run = await optimizations.get(RUN_ID);
    expect(run.assay?.best?.held_out.kappa_interval).toEqual({ low: 0.7, high: 1 });
    expect(await optimizations.apply({ id: RUN_ID })).toMatchObject({ new_version: 2 });
    expect(server.requestsTo("POST", `${ONE}/apply`).map(bodyOf)).toEqual([{}]);
  });

  it("raise the server's refusals as typed errors", async () => {
    await using server = await scripted();
    server.on("POST", BASE, {
      status: 400,
      body: {
        error: {
          message: "body.judge_id: the judge has 3 annotations; an optimization needs at least 10",
          code: "VALIDATION_ERROR",
        },
      },
    });
    server.on("POST", `${ONE}/apply`, {
      status: 409,
      body: { error: { message: "already applied", code: "CONFLICT" } },
    });
    const optimizations = testClient(server).judgeOptimizations;
    await expect(optimizations.create(JUDGE_ID)).rejects.toThrow(BadRequestError);
    await expect(optimizations.create(JUDGE_ID)).rejects.toThrow(/has 3 annotations/);
    await expect(optimizations.apply(RUN_ID)).rejects.toThrow(ConflictError);
  });
});

describe("getMany", () => {
  it("asks pages of 20 by default, clamps the size, filters by judge, reads `total`", async () => {
    await using server = await scripted();
    server.on(
      "GET",
      BASE,
      wrapped({ optimization_runs: [runBody("pending")], count: 1, total: 41 }),
    );
    const optimizations = testClient(server).judgeOptimizations;

    const page = await optimizations.getMany();
    expect(page).toMatchObject({
      count: 1,
      totalCount: 41,
      pagination: { page: 1, pageSize: 20, totalPages: 3, totalCount: 41 },
    });
    expect(page.optimizationRuns[0]?.status).toBe("pending");
    await optimizations.getMany({ judgeId: JUDGE_ID, page: 3, pageSize: 9_999 });
    const queries = server.requestsTo("GET", BASE).map((r) => Object.fromEntries(r.query));
    expect(queries).toEqual([
      { page: "1", page_size: "20" },
      { page: "3", page_size: "500", judge_id: JUDGE_ID },
    ]);
  });
});

describe("waitForCompletion", () => {
  it("polls until the run ends, reporting each state", async () => {
    await using server = await scripted();
    server.on(
      "GET",
      ONE,
      wrapped(runBody("pending")),
      wrapped(runBody("in_progress", { logs: "baseline: …" })),
      wrapped(runBody("success")),
    );
    const seen: string[] = [];
    const run = await testClient(server).judgeOptimizations.waitForCompletion(RUN_ID, {
      intervalMs: 1,
      onProgress: (r) => seen.push(r.status),
    });
    expect(run.status).toBe("success");
    expect(seen).toEqual(["pending", "in_progress", "success"]);
  });

  it("ends on failure too, and gives up after timeoutMs with the last state", async () => {
    await using server = await scripted();
    server.on(
      "GET",
      ONE,
      wrapped(runBody("failure", { status_description: "a model call failed" })),
    );
    const optimizations = testClient(server).judgeOptimizations;
    expect((await optimizations.waitForCompletion(RUN_ID, { intervalMs: 1 })).status).toBe(
      "failure",
    );

    await using slow = await scripted();
    slow.on("GET", ONE, wrapped(runBody("in_progress")));
    const error = await testClient(slow)
      .judgeOptimizations.waitForCompletion(RUN_ID, { intervalMs: 5, timeoutMs: 20 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError<JudgeOptimizationRun>).last.status).toBe("in_progress");
    await expect(optimizations.waitForCompletion(RUN_ID, { intervalMs: -1 })).rejects.toThrow(
      ServiceError,
    );
  });
});
