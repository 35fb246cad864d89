import type { z } from "zod";

/** The scorers a benchmark may name; they are implemented elsewhere, only named here. */
export type BenchmarkScorer =
  | "exact_match"
  | "regex"
  | "multiple_choice"
  | "numeric"
  | "contains"
  | "llm_judge";

/** How a model's answer to a benchmark prompt is graded. */
export interface BenchmarkScoring {
  /** The text sent to the model, with `{{name}}` placeholders filled from each record. */
  readonly prompt_template: string;
  /** How the answer is taken out of the response, in words a reviewer can check. */
  readonly answer_extraction: string;
  readonly scorer: BenchmarkScorer;
  /** When set, the scorer extracts the answer with this pattern's first capture group. */
  readonly regex_pattern?: string;
}

export type BenchmarkFormat = "jsonl" | "json" | "parquet";

/** Where the canonical data lives; `filename` is also its name in the local data dir. */
export interface BenchmarkSource {
  readonly url: string;
  readonly filename: string;
  readonly format: BenchmarkFormat;
}

/** One prompt of a benchmark, ready to send: what the evaluation runner consumes. */
export interface BenchmarkPromptRecord {
  id: string;
  /** The rendered prompt template. */
  input: string;
  /** The canonical answer the scorer compares against. */
  truth: string;
  subset?: string;
  metadata?: Record<string, unknown>;
}

/**
 * A built-in benchmark: catalog fields (snake_case, as on the wire) plus how to turn one raw
 * record of its source file into a prompt. `Raw` is what `recordSchema` yields; the catalog list
 * holds definitions as `BenchmarkDefinition` (unknown), which method parameter bivariance allows.
 */
export interface BenchmarkDefinition<Raw = unknown> {
  readonly id: string;
  readonly key: string;
  readonly name: string;
  readonly description: string;
  readonly language: string;
  readonly categories: readonly string[];
  /** Rows of the canonical split; a file with any other count is refused as incomplete. */
  readonly prompt_count: number;
  readonly scoring: BenchmarkScoring;
  readonly source: BenchmarkSource;
  /** Validates one raw record; refinements carry the rules the mapping relies on. */
  readonly recordSchema: z.ZodType<Raw>;
  /** Maps a validated record; `row` is its 1-based position among the file's records. */
  toPrompt(record: Raw, row: number): BenchmarkPromptRecord;
}
