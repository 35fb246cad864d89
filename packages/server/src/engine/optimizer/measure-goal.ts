import { mapConcurrent } from "../runners/benchmark-generation/map-concurrent.ts";
import { type JudgeModelLimits, judgeTrace } from "../runners/trace-judging/index.ts";
import { type CompleteFn, JudgeOutputError } from "../scorers/index.ts";
import { type AgreementFigures, agreement } from "../stats/index.ts";

/** An annotated trace: what people said about it, and the trace as the judge reads it. */
export interface LabeledTrace {
  /** The trace id. */
  id: string;
  passed: boolean;
  comment?: string | undefined;
  /** engine/traces renderTraceForJudge. */
  renderedTrace: string;
}

/** The judge's verdict on one trace; `passed` null when it gave none even after repair. */
export interface JudgeVerdict {
  passed: boolean | null;
  reasoning: string;
}

export interface Measurement {
  verdicts: ReadonlyMap<string, JudgeVerdict>;
  figures: AgreementFigures;
}

export interface JudgeContext {
  /** The judge model, as trace evaluations call it. */
  complete: CompleteFn;
  limits: JudgeModelLimits;
  /** Traces judged at once. */
  concurrency: number;
  signal?: AbortSignal | undefined;
}

/**
 * Judges every item with `goal` exactly as a trace evaluation would (same prompt, same cut to the
 * context, same repair turn) and compares the verdicts with the labels. A trace the judge gave no
 * usable verdict on counts as a disagreement: a goal that confuses the judge is worse, not
 * unmeasured. Model call errors, and TraceJudgingError (the goal leaves no room for a trace),
 * propagate.
 */
export async function measureGoal(
  goal: string,
  items: readonly LabeledTrace[],
  context: JudgeContext,
): Promise<Measurement> {
  const verdicts = await mapConcurrent(
    items,
    context.concurrency,
    async (item): Promise<JudgeVerdict> => {
      try {
        const { verdict } = await judgeTrace(
          { goal, renderedTrace: item.renderedTrace, limits: context.limits },
          context.complete,
        );
        return { passed: verdict.passed, reasoning: verdict.reasoning };
      } catch (error) {
        if (error instanceof JudgeOutputError)
          return { passed: null, reasoning: `no usable verdict (${error.reason})` };
        throw error;
      }
    },
    context.signal,
  );
  return {
    verdicts: new Map(items.map((item, i) => [item.id, verdicts[i] as JudgeVerdict])),
    figures: agreement(
      items.map((item, i) => ({
        human: item.passed,
        judge: verdicts[i]?.passed ?? !item.passed,
      })),
    ),
  };
}

/** The ids of the items whose verdict differs from their label. */
export function wrongIds(
  items: readonly LabeledTrace[],
  verdicts: ReadonlyMap<string, JudgeVerdict>,
): Set<string> {
  return new Set(
    items.filter((item) => verdicts.get(item.id)?.passed !== item.passed).map((item) => item.id),
  );
}
