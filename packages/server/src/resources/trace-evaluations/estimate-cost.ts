import { setImmediate as nextTurn } from "node:timers/promises";
import type { CostEstimate, TraceFormat } from "@assay/protocol";
import { estimateTraceJudging } from "../../engine/runners/trace-judging/index.ts";
import { renderTraceForJudge } from "../../engine/traces/index.ts";
import type { JudgeRow } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";
import type { JudgeModelProfile } from "./judge-model-profile.ts";
import type { TraceEvaluationRepository } from "./repository.ts";

/** Traces loaded at once: they may be large, and only one is needed at a time. */
const LOAD_BATCH = 50;

/**
 * What judging these traces with this judge would cost, before running it: each trace's prompt
 * is built and cut exactly as the worker would, and counted with o200k_base (exact for OpenAI
 * models, an approximation for others, see engine/runners/trace-judging/tokens.ts); the answer is
 * EXPECTED_VERDICT_TOKENS per trace. A repair turn, when a judge needs one, costs extra. A model
 * without prices (a custom model not given any) costs 0; its tokens are counted all the same. Yields to the
 * event loop between traces, so a large estimate does not stall other requests.
 */
export async function estimateCost(
  deps: { repo: TraceEvaluationRepository },
  scope: ProjectScope,
  judge: JudgeRow,
  model: JudgeModelProfile,
  traceIds: readonly string[],
): Promise<CostEstimate> {
  let inputTokens = 0;
  let outputTokens = 0;
  for (let i = 0; i < traceIds.length; i += LOAD_BATCH) {
    const traces = await deps.repo.tracesByIds(scope, traceIds.slice(i, i + LOAD_BATCH));
    for (const trace of traces) {
      const estimate = estimateTraceJudging({
        goal: judge.evaluation_goal,
        renderedTrace: renderTraceForJudge(
          JSON.parse(trace.data) as Record<string, unknown>,
          trace.format as TraceFormat,
        ),
        limits: model.limits,
      });
      inputTokens += estimate.inputTokens;
      outputTokens += estimate.outputTokens;
      await nextTurn();
    }
  }
  const prices = model.prices;
  return {
    estimated_cost: prices ? inputTokens * prices.input + outputTokens * prices.output : 0,
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    model: model.key,
    trace_count: traceIds.length,
  };
}
