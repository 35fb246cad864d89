import { createHash, randomBytes } from "node:crypto";
import { chunkText } from "../../documents/chunk-text.ts";
import { findExcerpt } from "./find-excerpt.ts";
import { GenerationError } from "./generation-error.ts";
import {
  buildGenerationMessages,
  buildRepairMessages,
  type ChatMessage,
} from "./generation-messages.ts";
import { mapConcurrent } from "./map-concurrent.ts";
import { type GeneratedItem, parseGeneratedItems } from "./parse-generated-items.ts";

export interface GenerationInput {
  name: string;
  description: string;
  /** The benchmark's system prompt: the persona and context the questions are written for. */
  systemPrompt: string;
  documents: { filename: string; text: string }[];
  /** How many prompts to aim for, at most 500. Default: 5 per chunk, at most 500. */
  targetCount?: number;
}

/** One call to the generator model; it may throw, and the error reaches the caller. */
export type Complete = (
  messages: ChatMessage[],
  options?: { signal?: AbortSignal },
) => Promise<string>;

export interface GenerationOptions {
  signal?: AbortSignal;
  /** Chunks asked about at the same time. Default 4. */
  concurrency?: number;
  /** After each chunk: chunks done, chunks to do (first called with 0 done). */
  onProgress?: (done: number, total: number) => void;
}

export interface GeneratedPrompt {
  /** First 16 hex digits of the SHA-256 of the question: the same question, the same id. */
  id: string;
  /** The question, self-contained. */
  input: string;
  /** The short reference answer. */
  truth: string;
  /** The document's filename. */
  subset: string;
  /** `chunk`: 0-based index of the chunk in its document; `excerpt`: where the answer is. */
  metadata: { source: string; chunk: number; excerpt?: string };
}

export const MAX_GENERATED_PROMPTS = 500;
const PROMPTS_PER_CHUNK = 5;
/** A chunk of ≈ 6,000 characters does not hold more distinct facts worth asking about. */
const MAX_PER_CHUNK = 20;
const DEFAULT_CONCURRENCY = 4;

interface Chunk {
  filename: string;
  index: number;
  parts: number;
  text: string;
  count: number;
}

type ChunkOutcome = { items: GeneratedItem[]; problem?: string } | { failed: string };

/**
 * Question/answer prompts for a smart benchmark, written by the generator model from the
 * documents: each document is chunked, each chunk asked for its share of the target, replies
 * parsed tolerantly (one repair request when unusable), duplicates dropped. The order is that of
 * the chunks, then of the items in each reply, whatever order the calls finish in.
 *
 * Errors of `complete` are not caught. Throws `GenerationError` when nothing usable came back,
 * or when more than half of the chunks gave unusable replies even after repair.
 */
export async function generatePrompts(
  input: GenerationInput,
  complete: Complete,
  options: GenerationOptions = {},
): Promise<GeneratedPrompt[]> {
  const chunks = input.documents.flatMap((document) => {
    const texts = chunkText(document.text);
    return texts.map((text, index) => ({
      filename: document.filename,
      index,
      parts: texts.length,
      text,
    }));
  });
  if (chunks.length === 0)
    throw new GenerationError("the documents have no text to generate questions from");
  const target = targetCount(input.targetCount, chunks.length);
  const shares = spread(target, chunks.length);
  const asked: Chunk[] = chunks
    .map((chunk, i) => ({ ...chunk, count: Math.min(shares[i] ?? 0, MAX_PER_CHUNK) }))
    .filter((chunk) => chunk.count > 0);

  let done = 0;
  options.onProgress?.(0, asked.length);
  const outcomes = await mapConcurrent(
    asked,
    options.concurrency ?? DEFAULT_CONCURRENCY,
    async (chunk, _index, signal) => {
      const outcome = await generateForChunk(input, chunk, complete, signal);
      options.onProgress?.(++done, asked.length);
      return outcome;
    },
    options.signal,
  );
  return collect(asked, outcomes);
}

async function generateForChunk(
  input: GenerationInput,
  chunk: Chunk,
  complete: Complete,
  signal: AbortSignal,
): Promise<ChunkOutcome> {
  const messages = buildGenerationMessages(input, {
    filename: chunk.filename,
    part: chunk.index + 1,
    parts: chunk.parts,
    text: chunk.text,
    count: chunk.count,
    nonce: randomBytes(8).toString("hex"),
  });
  const first = parseGeneratedItems(await complete(messages, { signal }));
  if (first.ok) return usable(first.items);
  const repair = buildRepairMessages(messages, first.problem, chunk.count);
  const second = parseGeneratedItems(await complete(repair, { signal }));
  return second.ok ? usable(second.items) : { failed: second.problem };
}

function usable(items: GeneratedItem[]): ChunkOutcome {
  return items.length > 0 ? { items } : { items, problem: "the model found nothing to ask" };
}

function collect(chunks: Chunk[], outcomes: ChunkOutcome[]): GeneratedPrompt[] {
  const prompts: GeneratedPrompt[] = [];
  const seen = new Set<string>();
  let failed = 0;
  let lastProblem: string | undefined;
  for (const [i, chunk] of chunks.entries()) {
    const outcome = outcomes[i] as ChunkOutcome;
    if ("failed" in outcome) {
      failed++;
      lastProblem = outcome.failed;
      continue;
    }
    if (outcome.problem !== undefined) lastProblem = outcome.problem;
    let kept = 0;
    for (const item of outcome.items) {
      if (kept === chunk.count) break;
      const key = normalizeQuestion(item.question);
      if (seen.has(key)) continue;
      seen.add(key);
      kept++;
      prompts.push(toPrompt(chunk, item));
    }
  }
  if (prompts.length === 0)
    throw new GenerationError(
      `the generator model returned no usable questions: ${lastProblem ?? "every question was a duplicate"}`,
      { failedChunks: failed, attemptedChunks: chunks.length },
    );
  if (failed * 2 > chunks.length)
    throw new GenerationError(
      `the generator model's replies could not be used for ${failed} of ${chunks.length} ` +
        `document chunks (last problem: ${lastProblem}); try a model that follows JSON ` +
        "instructions more reliably",
      { failedChunks: failed, attemptedChunks: chunks.length },
    );
  return prompts;
}

function toPrompt(chunk: Chunk, item: GeneratedItem): GeneratedPrompt {
  const excerpt = findExcerpt(chunk.text, item.answer);
  return {
    id: createHash("sha256").update(item.question).digest("hex").slice(0, 16),
    input: item.question,
    truth: item.answer,
    subset: chunk.filename,
    metadata: {
      source: chunk.filename,
      chunk: chunk.index,
      ...(excerpt === undefined ? {} : { excerpt }),
    },
  };
}

/** The same question, Unicode form, case, punctuation and spacing aside. */
export function normalizeQuestion(question: string): string {
  return question
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function targetCount(requested: number | undefined, chunks: number): number {
  const wanted = requested ?? chunks * PROMPTS_PER_CHUNK;
  if (!Number.isFinite(wanted) || wanted < 1)
    throw new RangeError("targetCount must be a positive number");
  return Math.min(Math.floor(wanted), MAX_GENERATED_PROMPTS);
}

/**
 * `total` spread over `slots` as evenly as integers allow, the extra ones spaced out over the
 * whole range, so a small target still samples every part of every document.
 */
function spread(total: number, slots: number): number[] {
  return Array.from(
    { length: slots },
    (_, i) => Math.floor(((i + 1) * total) / slots) - Math.floor((i * total) / slots),
  );
}
