import type { EvaluationStatus } from "@assay/protocol";
import type { ModelEndpoint } from "../../gateway/endpoint.ts";
import type { CachedAnswer, SampleOutcome } from "./run-samples.ts";

/** One job's share of a run: the prompts at positions [from, to). */
export interface EvaluationChunk {
  evaluationId: string;
  organizationId: string;
  projectId: string;
  from: number;
  to: number;
}

/** A stored prompt of the run, as the store keeps it (input is JSON: text or chat messages). */
export interface StoredSample {
  position: number;
  input: string;
  inputText: string;
  truth: string;
  /** Which ask of its prompt this is (0 without repeats). */
  repeat: number;
}

/** A custom scorer of the run: its rubric and its model, or why that model cannot be called. */
export interface PlannedScorer {
  id: string;
  rubric: string;
  endpoint: ModelEndpoint | Error;
}

/**
 * How a run's prompts are sent and scored, with every model it calls already resolved: the
 * engine sees endpoints, never model rows or settings.
 */
export interface EvaluationPlan {
  endpoint: ModelEndpoint;
  /** The judge of model-graded scorers and metrics; set when needsJudge says the run has one. */
  judge?: ModelEndpoint;
  scorer: string;
  regexPattern: string | null;
  systemPrompt: string | null;
  instructions: string | null;
  /** The metrics computed per result (and averaged when the run finishes). */
  metrics: string[];
  scorers: PlannedScorer[];
  concurrency: number;
  /**
   * Answers of identical deterministic requests are reused (and new ones stored). Never for a
   * run with repeats: asking again is the point of them.
   */
  cache: boolean;
}

/**
 * What the evaluation runner reads and writes, implemented by the evaluations resource over its
 * repository. Every change of status is guarded by the status it leaves, so a chunk racing a
 * cancel, another chunk or the sweep never overwrites an ending.
 */
export interface EvaluationStore {
  /**
   * Moves a `pending` run to `in-progress` with these times (a no-op on a run already started)
   * and answers its status and deadline; undefined when the run is not the chunk's organization's.
   */
  startRun(
    chunk: EvaluationChunk,
    times: { startedAt: Date; deadlineAt: Date },
  ): Promise<{ status: EvaluationStatus; deadlineAt: Date | null } | undefined>;
  /** The run's plan, or why it cannot run at all (a model it needs cannot be called). */
  loadPlan(chunk: EvaluationChunk): Promise<EvaluationPlan | { unusable: string }>;
  findStatus(evaluationId: string): Promise<EvaluationStatus | undefined>;
  /** Ends an active run early, unless something else ended it first. */
  endEarly(evaluationId: string, status: "failure" | "timeout", description: string): Promise<void>;
  /** The chunk's prompts that have no result yet, in position order. */
  unscoredSamples(chunk: EvaluationChunk): Promise<StoredSample[]>;
  cachedResponses(keys: string[]): Promise<Map<string, CachedAnswer>>;
  /** Records outcomes (one result per prompt: a rewritten one is ignored) and their cache entries. */
  writeResults(evaluationId: string, outcomes: readonly SampleOutcome[]): Promise<void>;
  /** Ends the run with its statistics once every prompt has a result; a no-op before that. */
  finalize(evaluationId: string, metricNames: readonly string[]): Promise<void>;
}
