import type { DocumentFile } from "../../documents/index.ts";
import type { GeneratedPrompt } from "./generate-prompts.ts";

/** A smart benchmark whose generation has not ended: what the questions are written for. */
export interface PendingBenchmark {
  id: string;
  name: string;
  description: string;
  /** The persona and context the questions are written for ("" when none). */
  systemPrompt: string;
}

/** What a finished generation stores with the prompts. */
export interface GeneratedBenchmark {
  prompts: readonly GeneratedPrompt[];
  /** For the benchmark's owner: how many questions from how many documents. */
  description: string;
  /** SHA-256 of the prompts: evaluations record which version they ran. */
  version: string;
}

/**
 * The port a benchmark generation runs against (resources/benchmarks/generation-store.ts
 * implements it over the database and blob store). Ending a generation is conditional: only a
 * benchmark still generating is made ready or failed, so a sweep that ended it meanwhile wins.
 */
export interface BenchmarkGenerationStore {
  /** The benchmark while it is generating; undefined once its generation ended (or it is gone). */
  findPending(benchmarkId: string): Promise<PendingBenchmark | undefined>;
  /** The benchmark's documents with their bytes, in upload order. */
  readDocuments(benchmarkId: string): AsyncIterable<DocumentFile>;
  /** Stores the prompts and makes the benchmark `ready`, all or nothing. */
  finish(benchmarkId: string, generated: GeneratedBenchmark): Promise<void>;
  /** Makes the benchmark `failed`, with the reason its owner reads. */
  fail(benchmarkId: string, reason: string): Promise<void>;
}
