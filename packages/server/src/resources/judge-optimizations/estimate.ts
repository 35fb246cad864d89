import {
  OPTIMIZATION_BUDGET_PLANS,
  type OptimizationBudget,
  type TraceFormat,
} from "@assay/protocol";
import { estimateRewriteCall, plannedCalls, splitSizes } from "../../engine/optimizer/index.ts";
import { EXPECTED_VERDICT_TOKENS } from "../../engine/runners/trace-judging/index.ts";
import { renderTraceForJudge } from "../../engine/traces/index.ts";
import type { JudgeRow } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { estimateCost } from "../trace-evaluations/estimate-cost.ts";
import type { JudgeModelProfile } from "../trace-evaluations/judge-model-profile.ts";
import type { TraceEvaluationRepository } from "../trace-evaluations/repository.ts";
import type { LabelReader } from "./label-repository.ts";

export interface OptimizationEstimate {
  estimatedCost: number;
  judgeCalls: number;
  optimizerCalls: number;
}

/** Labeled traces the rewrite prompt's size is estimated with. */
const REWRITE_SAMPLE = 6;

/**
 * What an optimization run is expected to cost, in US dollars, before it runs: the calls the
 * budget plans (engine/optimizer plannedCalls: every candidate on the training labels, two goals
 * on the held-out ones, one optimizer call per rewrite) times the tokens of one call. A judge
 * call's prompt is counted as the trace evaluation estimate counts it (the judge's goal and each
 * labeled trace, cut to the context, averaged over the labels) with EXPECTED_VERDICT_TOKENS out;
 * a rewrite call's prompt is built with the goal and a few labeled traces. Few-shot candidates
 * carry longer goals, and repair turns cost extra: the figure is an estimate. Models without
 * prices (custom models not given any) cost 0.
 */
export async function estimateOptimization(
  deps: { traces: TraceEvaluationRepository; labels: LabelReader },
  input: {
    scope: ProjectScope;
    judge: JudgeRow;
    budget: OptimizationBudget;
    counts: { passed: number; failed: number };
    judgeModel: JudgeModelProfile;
    optimizerModel: JudgeModelProfile;
  },
): Promise<OptimizationEstimate> {
  const { scope, judge, counts } = input;
  const labels = counts.passed + counts.failed;
  const calls = plannedCalls(
    OPTIMIZATION_BUDGET_PLANS[input.budget],
    splitSizes(counts.passed, counts.failed),
  );
  if (labels === 0) return { estimatedCost: 0, ...calls };

  const traceIds = await deps.labels.traceIds(scope, judge.id);
  const judging = await estimateCost(
    { repo: deps.traces },
    scope,
    judge,
    input.judgeModel,
    traceIds,
  );
  const perJudgeCall = {
    input: judging.input_tokens / Math.max(1, judging.trace_count),
    output: EXPECTED_VERDICT_TOKENS,
  };
  const sample = await deps.labels.labeledTraces(scope, judge.id, REWRITE_SAMPLE);
  const rewrite = estimateRewriteCall({
    goal: judge.evaluation_goal,
    sample: sample.map((row) => ({
      renderedTrace: renderTraceForJudge(
        JSON.parse(row.data) as Record<string, unknown>,
        row.format as TraceFormat,
      ),
      passed: row.passed,
      comment: row.comment ?? undefined,
    })),
  });
  const cost = (
    prices: JudgeModelProfile["prices"],
    tokens: { input: number; output: number },
    count: number,
  ) => (prices ? count * (tokens.input * prices.input + tokens.output * prices.output) : 0);
  return {
    estimatedCost:
      cost(input.judgeModel.prices, perJudgeCall, calls.judgeCalls) +
      cost(
        input.optimizerModel.prices,
        { input: rewrite.inputTokens, output: rewrite.outputTokens },
        calls.optimizerCalls,
      ),
    ...calls,
  };
}
