import { type JudgeOptimizationRun, WaitTimeoutError } from "@assay/client";
import { BadRequestError, ConflictError, ServiceError } from "@assay/client/errors";
import { describe, expect, it } from "vitest";
import { organizationReply, testClient } from "./support/fixtures.ts";
import { RUN_ID, runBody } from "./support/optimization-fixtures.ts";
import { type ScriptedServer, startScriptedServer } from "./support/scripted-server.ts";
import { bodyOf, JUDGE_ID, judgeBody, PROJECT_PATH, wrapped } from "./support/trace-fixtures.ts";

/** `client.judgeOptimizations` against a scripted server: requests, answers, the wait. */

const BASE = `${PROJECT_PATH}/judge-optimizations`;
const ONE = `${BASE}/${RUN_ID}`;
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
