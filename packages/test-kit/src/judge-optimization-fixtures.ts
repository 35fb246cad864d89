import { randomUUID } from "node:crypto";
import type { JudgeOptimizationRun, OptimizationStats } from "@assay/protocol";
import type { Tenant } from "./evaluation-fixtures.ts";
import type { FakeBehavior, FakeReply } from "./fake-model-server.ts";
import type { TestService } from "./test-service.ts";
import { delimitedTrace, insertTraces, projectPath } from "./trace-evaluation-fixtures.ts";

/**
 * The world of these tests: people pass an answer exactly when it cites a source ("Source:").
 * A judge whose goal says the answer "must cite" its source judges as they do; one whose goal
 * asks for the "inverse" judges the opposite; any other goal makes it pass long, detailed
 * answers, and long answers are all uncited ones (half of them, none of the cited), so such a
 * judge agrees with people on a quarter of the labels (the short uncited answers). Of 40 labels
 * it agrees with at most 6 of the 12 held out, whatever the split: the citing goal then gains at
 * least 6 held-out labels and loses none, which McNemar's exact test calls better than noise
 * (p ≤ 2/2⁶), so a run on 40 labels improves on every split. A goal with `[unauthorized]` gets
 * 401s.
 */
export const VAGUE_GOAL = "Judge whether the assistant gave a good answer.";
export const CITING_GOAL = "The answer must cite its source on a line that starts with 'Source:'.";

/** One labeled trace: its record and the person's label. */
export function labeledRecord(i: number): { record: Record<string, unknown>; passed: boolean } {
  const cites = i % 2 === 0;
  const long = !cites && i % 4 === 3;
  const answer = long
    ? `Here is a long and detailed answer to question ${i}, with all the background.`
    : `Short answer ${i}.`;
  return {
    record: {
      input: `Question ${i}: how do I reset my password?`,
      output: cites ? `${answer}\nSource: the user manual, chapter ${i}` : answer,
    },
    passed: cites,
  };
}

const verdict = (passed: boolean, reasoning: string) =>
  JSON.stringify({ reasoning, score: passed ? 0.9 : 0.1, passed });

/**
 * The fake model serving as both judge and optimizer. Judge calls (a trace in its nonce tags)
 * are judged by the goal's rule above; optimizer calls get `nextGoal()` as the rewritten goal.
 */
export function optimizationBehavior(nextGoal: () => string): FakeBehavior {
  return (request): FakeReply => {
    const messages = request.body.messages as { role: string; content: string }[];
    const system = messages[0]?.content ?? "";
    if (system.startsWith("You improve the evaluation goal"))
      return {
        content: `My critique and rewrite:\n${JSON.stringify({ critique: "The goal says nothing about sources.", goal: nextGoal() })}`,
        usage: { prompt_tokens: 900, completion_tokens: 120 },
      };
    if (system.includes("[unauthorized]"))
      return { status: 401, body: { error: { message: "invalid api key" } } };
    const trace = delimitedTrace(request);
    if (!trace) return { content: "I was not asked anything I know.", bad: true };
    const goal = system.slice(
      system.indexOf("Evaluation goal:"),
      system.indexOf("Reply with only"),
    );
    const cites = trace.body.includes("Source:");
    let passed = trace.body.includes("long and detailed");
    if (goal.includes("must cite")) passed = cites;
    if (goal.includes("inverse")) passed = !cites;
    return {
      content: verdict(passed, passed ? "It meets the goal." : "It falls short of the goal."),
      usage: { prompt_tokens: 300, completion_tokens: 30 },
    };
  };
}

/**
 * `count` traces labeled by a person for `judgeId`, written straight into the tables (the
 * annotations API has its own tests): answers the trace ids.
 */
export async function labelTraces(
  service: TestService,
  tenant: Tenant,
  judgeId: string,
  count: number,
): Promise<string[]> {
  const labeled = Array.from({ length: count }, (_, i) => labeledRecord(i));
  const traceIds = await insertTraces(
    service,
    tenant,
    labeled.map((l) => l.record),
    `labeled-${randomUUID()}.jsonl`,
  );
  const at = service.clock.now().toISOString();
  await service.running.deps.db
    .insertInto("annotations")
    .values(
      traceIds.map((traceId, i) => ({
        id: randomUUID(),
        organization_id: tenant.org,
        project_id: tenant.project,
        judge_id: judgeId,
        trace_id: traceId,
        trace_evaluation_id: randomUUID(),
        passed: labeled[i]?.passed ? 1 : 0,
        score: null,
        comment: labeled[i]?.passed ? null : "No source is cited.",
        created_at: at,
        updated_at: at,
        created_by: "test",
      })),
    )
    .execute();
  return traceIds;
}

export async function createOptimization(
  service: TestService,
  tenant: Tenant,
  body: Record<string, unknown>,
): Promise<{ id: string; judge_id: string; budget: string; status: string }> {
  const res = await service.call<{
    data: { id: string; judge_id: string; budget: string; status: string };
  }>("POST", `${projectPath(tenant)}/judge-optimizations`, { apiKey: tenant.key, json: body });
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.body.data;
}

export async function getOptimization(
  service: TestService,
  tenant: Tenant,
  id: string,
): Promise<JudgeOptimizationRun> {
  const res = await service.call<{ data: JudgeOptimizationRun }>(
    "GET",
    `${projectPath(tenant)}/judge-optimizations/${id}`,
    { apiKey: tenant.key },
  );
  if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
  return res.body.data;
}

/** Polls the run until it ends; `seen` collects every state polled (progress checks). */
export async function waitForOptimization(
  service: TestService,
  tenant: Tenant,
  id: string,
  seen: JudgeOptimizationRun[] = [],
  timeoutMs = 60_000,
): Promise<JudgeOptimizationRun> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await getOptimization(service, tenant, id);
    seen.push(run);
    if (run.status === "success" || run.status === "failure") return run;
    if (Date.now() > deadline)
      throw new Error(`optimization ${id} still ${run.status}:\n${run.logs}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A finished (`success`) run of `judge` that found nothing better, written straight into the
 * table: apply answers 200 and keeps the goal. For tests that need a run to read or apply without
 * running the optimizer; `stats` (its `assay` figures) and `logs` when the test needs them.
 */
export async function insertFinishedRun(
  service: TestService,
  tenant: Tenant,
  judge: { id: string; name: string; evaluation_goal: string; version: number },
  recorded: { stats?: OptimizationStats; logs?: string } = {},
): Promise<string> {
  const id = randomUUID();
  const at = service.clock.now().toISOString();
  await service.running.deps.db
    .insertInto("judge_optimization_runs")
    .values({
      id,
      organization_id: tenant.org,
      project_id: tenant.project,
      judge_id: judge.id,
      judge_version: judge.version,
      judge_snapshot: JSON.stringify({
        name: judge.name,
        version: judge.version,
        evaluationGoal: judge.evaluation_goal,
      }),
      budget: "light",
      status: "success",
      status_description: "",
      annotation_count: 10,
      estimated_cost: 0,
      actual_cost: 0,
      user_id: "test",
      original_goal: judge.evaluation_goal,
      optimized_goal: judge.evaluation_goal,
      logs:
        recorded.logs ?? "not improved: no candidate beat the original goal on the held-out labels",
      baseline_accuracy: recorded.stats?.baseline.held_out.accuracy ?? 0.5,
      optimized_accuracy: recorded.stats?.best?.held_out.accuracy ?? 0.5,
      stats: recorded.stats ? JSON.stringify(recorded.stats) : null,
      created_at: at,
      started_at: at,
      finished_at: at,
      applied_at: null,
      applied_version: null,
    })
    .execute();
  return id;
}
