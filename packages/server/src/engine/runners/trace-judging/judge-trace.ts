import { askForVerdict, type CompleteFn, createNonce } from "../../scorers/index.ts";
import type { JudgeModelLimits } from "./context-budget.ts";
import { fitTracePrompt } from "./fit-trace.ts";
import { readTraceVerdict, TRACE_VERDICT_FORMAT, type TraceVerdict } from "./verdict.ts";

export interface TraceJudgingInput {
  /** The judge's evaluation goal (from the snapshot the evaluation was created with). */
  goal: string;
  /** The trace as text (engine/traces renderTraceForJudge). */
  renderedTrace: string;
  limits: JudgeModelLimits;
}

export interface TraceJudgment {
  verdict: TraceVerdict;
  /** Answers asked of the judge: 1, or 2 when the first needed the repair turn. */
  turns: number;
  /** The trace was cut to fit the judge model's context. */
  truncated: boolean;
}

/**
 * Judges one trace: the prompt (goal, escaped trace in nonce tags, cut to the context), one
 * answer, and one repair turn when that answer holds no valid verdict. Throws JudgeOutputError
 * when the repaired answer is still unusable (stored as `judge_bad_output`), TraceJudgingError when
 * the judge model cannot take a trace at all; errors of `complete` itself propagate unchanged.
 */
export async function judgeTrace(
  input: TraceJudgingInput,
  complete: CompleteFn,
  nonce = createNonce(),
): Promise<TraceJudgment> {
  const prompt = fitTracePrompt({ ...input, nonce });
  const { verdict, turns } = await askForVerdict(
    { messages: prompt.messages, nonce, format: TRACE_VERDICT_FORMAT, read: readTraceVerdict },
    complete,
  );
  return { verdict, turns, truncated: prompt.truncated };
}
