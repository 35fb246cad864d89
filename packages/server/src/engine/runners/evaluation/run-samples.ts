import type { ChatMessage, ModelEndpoint } from "../../gateway/endpoint.ts";
import type { CallOutcome } from "../../gateway/fail-fast.ts";
import type { Gateway } from "../../gateway/gateway.ts";
import { isModelCallError } from "../../gateway/model-call-error.ts";
import { buildRequestBody, isDeterministic, repeatBody } from "../../gateway/request-body.ts";
import { responseCacheKey } from "../../gateway/response-cache-key.ts";
import type { ScoreExecution, ScoreResult } from "../../scorers/index.ts";
import { createBatchWriter } from "./batch-writer.ts";
import type { ScorerGradeResult } from "./grade-with-scorers.ts";

/** One prompt of a run, ready to send. */
export interface RunSample {
  position: number;
  messages: ChatMessage[];
  /** The prompt as text, for the judge. */
  prompt: string;
  truth: string;
  /** Which ask of the prompt this is (0 without repeats): with a seed, it is offset by this. */
  repeat: number;
}

/** How the error of a prompt whose answer could not be scored begins (then comes the cause). */
export const SCORING_FAILED = "scoring failed: ";

/** A stored answer to an identical deterministic request. */
export interface CachedAnswer {
  content: string;
  reasoning: string | null;
  finish_reason: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  reasoning_tokens: number;
}

/** What is recorded for one prompt: exactly one per prompt, written in batches. */
export interface SampleOutcome {
  position: number;
  /** The answer without its reasoning: what was scored. */
  response: string;
  /** The reasoning the model returned apart from its answer; null when none. */
  reasoning: string | null;
  score: number;
  passed: boolean;
  reason: string;
  /**
   * The prompt failed: its model call (after the retries), or the scoring of its answer (the
   * judge's call, after its retries; SCORING_FAILED opens those). It counts as not correct and in
   * the run's failed prompts, never as a wrong answer.
   */
  error: string | null;
  durationMs: number;
  promptTokens: number;
  /** Reasoning included. */
  completionTokens: number;
  reasoningTokens: number;
  cost: number | null;
  cached: boolean;
  metrics: Record<string, number | null>;
  /** Each custom scorer's grade by scorer id; null when the run has none or the call failed. */
  scorerScores: Record<string, ScorerGradeResult> | null;
  /** What running the answer's code did (scorers that run it); absent for the others. */
  execution?: ScoreExecution;
  /** A new cache entry this answer makes (set only for fresh, deterministic calls). */
  cacheEntry?: CachedAnswer & { key: string };
}

export interface RunSamplesOptions {
  samples: readonly RunSample[];
  endpoint: ModelEndpoint;
  gateway: Pick<Gateway, "complete">;
  /** The run's requested concurrency: lanes here, and the endpoint limit's ceiling. */
  concurrency: number;
  /** Set when the cache is on: who the cache entries belong to, and how to look them up. */
  cache?: { scope: string; lookup(keys: string[]): Promise<Map<string, CachedAnswer>> };
  score(sample: RunSample, response: string): ScoreResult | Promise<ScoreResult>;
  /** Additional metrics of a response (benchmarks that ask for some). */
  metrics?(sample: RunSample, response: string): Promise<Record<string, number | null>>;
  /** The custom scorers' grades of a response (benchmarks that name scorers). */
  grade?(sample: RunSample, response: string): Promise<Record<string, ScorerGradeResult>>;
  /** Called with each model-call outcome; returns a reason to stop the whole run, if any. */
  onCall(outcome: CallOutcome): string | undefined;
  write(outcomes: SampleOutcome[]): Promise<void>;
  signal: AbortSignal;
}

export type RunSamplesEnd =
  | { kind: "done" }
  | { kind: "stopped" }
  | { kind: "tripped"; reason: string };

/**
 * Runs prompts through the model at up to `concurrency` calls at once and records one outcome
 * per prompt. A failed call, or an answer that could not be scored, is an outcome (not correct,
 * with its error); a run stops early only when `signal` aborts (cancel, timeout, shutdown, the
 * judge's fail-fast) or `onCall` says the endpoint is unusable.
 * Outcomes written before a stop stay written: a resumed run skips them.
 */
export async function runSamples(options: RunSamplesOptions): Promise<RunSamplesEnd> {
  const { endpoint, gateway, signal } = options;
  const stop = new AbortController();
  const abort = () => stop.abort(signal.reason);
  signal.addEventListener("abort", abort, { once: true });
  let tripped: string | undefined;

  const bodies = options.samples.map((s) =>
    repeatBody(endpoint, buildRequestBody(endpoint, s.messages), s.repeat),
  );
  const keys = options.cache
    ? bodies.map((body) =>
        isDeterministic(body) ? responseCacheKey(options.cache!.scope, endpoint, body) : undefined,
      )
    : [];
  const cached = options.cache
    ? await options.cache.lookup(keys.filter((k): k is string => k !== undefined))
    : new Map<string, CachedAnswer>();

  const writer = createBatchWriter<SampleOutcome>({ flush: options.write });

  async function complete(
    sample: RunSample,
    response: string,
    base: Omit<
      SampleOutcome,
      "score" | "passed" | "reason" | "metrics" | "scorerScores" | "position" | "response"
    >,
  ) {
    let scored: ScoreResult;
    let metrics: Record<string, number | null>;
    try {
      // Most scorers are synchronous: awaiting their plain result would cost a turn of the
      // microtask queue per prompt.
      const result = options.score(sample, response);
      scored = result instanceof Promise ? await result : result;
      // The scorer's details (counts a benchmark's figures add up) are kept with the metrics.
      metrics = {
        ...scored.details,
        ...(options.metrics ? await options.metrics(sample, response) : {}),
      };
    } catch (error) {
      // Stopped meanwhile (a cancel, or the judge's fail-fast tripping): a resumed run scores it.
      if (stop.signal.aborted) return;
      // The answer could not be scored (the judge unreachable, refusing the key, answering
      // nonsense twice): a failed prompt, never a wrong answer. What the model call cost stays.
      const full = writer.push({
        position: sample.position,
        response,
        score: 0,
        passed: false,
        reason: "the response could not be scored",
        metrics: {},
        scorerScores: null,
        ...base,
        error: `${SCORING_FAILED}${describe(error)}`,
      });
      if (full) await full;
      return;
    }
    let scorerScores: SampleOutcome["scorerScores"] = null;
    if (options.grade) {
      try {
        scorerScores = await options.grade(sample, response);
      } catch (error) {
        // Grading stops only when the run does; the prompt is then left to a resumed run.
        if (stop.signal.aborted) return;
        throw error;
      }
    }
    const full = writer.push({
      position: sample.position,
      response,
      score: scored.score,
      passed: scored.passed,
      reason: scored.reason,
      metrics,
      scorerScores,
      ...(scored.execution ? { execution: scored.execution } : {}),
      ...base,
    });
    if (full) await full;
  }

  async function runOne(index: number) {
    const sample = options.samples[index] as RunSample;
    const key = keys[index];
    const hit = key === undefined ? undefined : cached.get(key);
    if (hit) {
      await complete(sample, hit.content, {
        reasoning: hit.reasoning,
        error: null,
        durationMs: 0,
        promptTokens: hit.prompt_tokens,
        completionTokens: hit.completion_tokens,
        reasoningTokens: hit.reasoning_tokens,
        cost: null,
        cached: true,
      });
      return;
    }
    try {
      const answer = await gateway.complete(endpoint, bodies[index] as Record<string, unknown>, {
        signal: stop.signal,
        concurrency: options.concurrency,
      });
      options.onCall({ ok: true });
      await complete(sample, answer.content, {
        reasoning: answer.reasoning,
        error: null,
        durationMs: answer.durationMs,
        promptTokens: answer.usage.promptTokens,
        completionTokens: answer.usage.completionTokens,
        reasoningTokens: answer.usage.reasoningTokens,
        cost: answer.cost,
        cached: false,
        ...(key === undefined
          ? {}
          : {
              cacheEntry: {
                key,
                content: answer.content,
                reasoning: answer.reasoning,
                finish_reason: answer.finishReason,
                prompt_tokens: answer.usage.promptTokens,
                completion_tokens: answer.usage.completionTokens,
                reasoning_tokens: answer.usage.reasoningTokens,
              },
            }),
      });
    } catch (error) {
      if (stop.signal.aborted) return; // cancelled or stopping: nothing to record
      if (!isModelCallError(error)) throw error;
      const reason = options.onCall({ ok: false, error });
      if (reason !== undefined) {
        tripped ??= reason;
        stop.abort(new Error(reason));
        return;
      }
      const full = writer.push({
        position: sample.position,
        response: "",
        reasoning: null,
        score: 0,
        passed: false,
        reason: "the model call failed",
        error: error.message,
        durationMs: 0,
        promptTokens: 0,
        completionTokens: 0,
        reasoningTokens: 0,
        cost: null,
        cached: false,
        metrics: {},
        scorerScores: null,
      });
      if (full) await full;
    }
  }

  let next = 0;
  async function lane() {
    while (!stop.signal.aborted && next < options.samples.length) await runOne(next++);
  }
  try {
    const lanes = Math.max(1, Math.min(options.concurrency, options.samples.length));
    await Promise.all(Array.from({ length: lanes }, lane));
  } finally {
    signal.removeEventListener("abort", abort);
    await writer.drain();
  }
  if (tripped !== undefined) return { kind: "tripped", reason: tripped };
  return stop.signal.aborted ? { kind: "stopped" } : { kind: "done" };
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}
