import type { z } from "zod";

/** The scorers a benchmark may name; they are implemented elsewhere, only named here. */
export type BenchmarkScorer =
  | "exact_match"
  | "regex"
  | "multiple_choice"
  | "numeric"
  | "contains"
  | "llm_judge"
  | "math_equiv"
  | "mmlu_pro"
  | "bbh"
  | "arc_grid"
  | "simpleqa"
  | "ifeval"
  | "python_tests";

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

export type BenchmarkFormat = "jsonl" | "json" | "parquet" | "csv" | "zip";

/** Where the canonical data lives; `filename` is also its name in the local data dir. */
export interface BenchmarkSource {
  /** The file, pinned to a revision where its host has one (a commit, a dataset revision). */
  readonly url: string;
  readonly filename: string;
  readonly format: BenchmarkFormat;
  /**
   * `zip` (a repository's archive): the JSON files to read, by their path in the archive. Each is
   * one record, `{ file, content }`: its name without folders and `.json`, and its parsed JSON.
   */
  readonly entries?: RegExp;
  /**
   * The canonical file's SHA-256, where it is known and its host serves the same bytes every
   * time: a file with other bytes is refused as not the canonical one.
   */
  readonly sha256?: string;
  /** Where people read about the data: the authors' repository, paper or dataset page. */
  readonly homepage: string;
  /** The data's license, as its authors state it. */
  readonly license: string;
  /**
   * Set when the file may not be downloaded for the user (a gated dataset): the user imports
   * their own copy (`assay catalog import <key> --file …`), and this says where to get it.
   */
  readonly gated?: string;
}

/**
 * A figure a benchmark reports besides accuracy (IFEval's loose and instruction-level accuracies,
 * SimpleQA's F-score), computed when a run ends from the sums of the `details` its scorer gave
 * every answer, and the number of answers.
 */
export interface BenchmarkFigure {
  readonly name: string;
  /** What it is, in words, as the benchmark's authors define it. */
  readonly description: string;
  /** null when undefined on these answers (a ratio whose denominator is zero). */
  compute(sums: Readonly<Record<string, number>>, answers: number): number | null;
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
  /** Figures reported besides accuracy, from its scorer's `details`; none when absent. */
  readonly figures?: readonly BenchmarkFigure[];
  /** Validates one raw record; refinements carry the rules the mapping relies on. */
  readonly recordSchema: z.ZodType<Raw>;
  /**
   * Maps a validated record to its prompt, or to several (a file of tasks with several examples
   * each); `row` is its 1-based position among the file's records. `prompt_count` counts prompts.
   */
  toPrompt(record: Raw, row: number): BenchmarkPromptRecord | readonly BenchmarkPromptRecord[];
}
