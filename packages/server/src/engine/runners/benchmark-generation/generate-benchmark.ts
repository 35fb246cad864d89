import { createHash } from "node:crypto";
import { DocumentError, extractText } from "../../documents/index.ts";
import { failureReason } from "../failure-reason.ts";
import { type Complete, generatePrompts } from "./generate-prompts.ts";
import { GenerationError } from "./generation-error.ts";
import type { BenchmarkGenerationStore } from "./generation-store.ts";

export interface BenchmarkGenerationDeps {
  store: BenchmarkGenerationStore;
  /**
   * The generator model, opened once the benchmark is known to wait for it. Throws
   * GenerationError when no model can be used (none configured, an unknown one).
   */
  openGenerator: () => Promise<Complete>;
  signal?: AbortSignal;
}

export type GenerationOutcome =
  | { status: "skipped" }
  | { status: "ready"; promptCount: number }
  | { status: "failed"; reason: string };

/** Longest reason stored as the benchmark's status description. */
const MAX_REASON = 1000;

/**
 * Writes a smart benchmark's prompts from its documents with the generator model, then makes the
 * benchmark `ready`. A problem its owner can act on (a document that is not text, no generator
 * model, a model that writes no usable questions, a call the model refuses) makes it `failed`
 * with the reason. Outages (a retryable model error, a cancelled call, the store) are thrown, so
 * the queue tries again later; a benchmark whose generation ended already is skipped.
 */
export async function generateBenchmark(
  benchmarkId: string,
  deps: BenchmarkGenerationDeps,
): Promise<GenerationOutcome> {
  const { store, signal } = deps;
  const benchmark = await store.findPending(benchmarkId);
  if (!benchmark) return { status: "skipped" };
  try {
    const complete = await deps.openGenerator();
    const documents = [];
    for await (const file of store.readDocuments(benchmark.id))
      documents.push({ filename: file.filename, text: (await extractText(file)).text });
    const prompts = await generatePrompts(
      {
        name: benchmark.name,
        description: benchmark.description,
        systemPrompt: benchmark.systemPrompt,
        documents,
      },
      complete,
      { signal },
    );
    await store.finish(benchmark.id, {
      prompts,
      description: `${prompts.length} questions written from ${documents.length} documents`,
      version: createHash("sha256").update(JSON.stringify(prompts)).digest("hex"),
    });
    return { status: "ready", promptCount: prompts.length };
  } catch (error) {
    const reason = failureReason(error, signal, {
      model: "the generator model",
      ownErrors: (e) =>
        e instanceof DocumentError || e instanceof GenerationError ? e.message : undefined,
      retryOutages: true,
    })?.slice(0, MAX_REASON);
    if (reason === undefined) throw error;
    await store.fail(benchmark.id, reason);
    return { status: "failed", reason };
  }
}
