// The prompts every tool runs: the seeded arithmetic items of the fake endpoint, written in each
// tool's own input format from the same generator (performance.md §6.1).

import { type ArithmeticItem, makeArithmeticItem } from "@assay/test-kit/fake-model-server.ts";
import { MAX_ROWS } from "../../packages/server/src/resources/benchmarks/dataset-file/limits.ts";
import { type ApiCall, presignedUpload } from "../support/api-client.ts";

/** Seed of the bench's items; ids start at 0, so any multiple of four items is exactly 75 % right. */
export const SEED = 20_261_121;

/** The answer pattern Assay's regex scorer uses (the research's `#### (-?[\d,.]+)`). */
export const ANSWER_PATTERN = "####\\s*(-?[\\d,.]+)";

export function makeItems(n: number, offset = 0): ArithmeticItem[] {
  return Array.from({ length: n }, (_, i) => makeArithmeticItem(offset + i, SEED));
}

/** Assay's custom-benchmark JSONL: one `{"input", "truth"}` row per item. */
export function toAssayJsonl(items: readonly ArithmeticItem[]): string {
  return `${items.map((item) => JSON.stringify({ input: item.question, truth: item.answer })).join("\n")}\n`;
}

/** promptfoo's test CSV: columns become the `question` and `answer` variables. */
export function toPromptfooCsv(items: readonly ArithmeticItem[]): string {
  const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
  const rows = items.map((item) => `${quote(item.question)},${quote(item.answer)}`);
  return `question,answer\n${rows.join("\n")}\n`;
}

/** The Python peers' JSONL (Inspect's json_dataset, lm-eval's `json` dataset): id, question, answer. */
export function toPeerJsonl(items: readonly ArithmeticItem[]): string {
  const rows = items.map(({ id, question, answer }) => JSON.stringify({ id, question, answer }));
  return `${rows.join("\n")}\n`;
}

/**
 * Samples for a cell whose ideal time `ceil(N/C)·L` is at least `seconds` (200·C at L = 50 ms for
 * 10 s), never fewer than `min`, rounded up to a multiple of four (exact 75 % accuracy), and at
 * most the 100,000 prompts a custom benchmark holds (L = 20 ms, C = 256 then ideally takes 7.8 s).
 */
export function samplesFor(latencyMs: number, concurrency: number, seconds: number, min = 2000) {
  const rounds = Math.ceil((seconds * 1000) / latencyMs);
  return Math.min(MAX_ROWS, roundUp4(Math.max(min, rounds * concurrency)));
}

export function roundUp4(n: number): number {
  return Math.ceil(n / 4) * 4;
}

/** Seconds the cell takes at exactly C calls in flight, each taking L. */
export function idealSeconds(n: number, concurrency: number, latencyMs: number): number {
  return (Math.ceil(n / concurrency) * latencyMs) / 1000;
}

/**
 * A custom benchmark of `items` in `project` (an `/organizations/…/projects/…` path), uploaded and
 * created through the API, scored by ANSWER_PATTERN as the peers score it; answers its id.
 */
export async function createFixtureBenchmark(
  api: ApiCall,
  project: string,
  name: string,
  items: readonly ArithmeticItem[],
): Promise<string> {
  const filename = `${name}.jsonl`;
  await presignedUpload(api, `${project}/upload`, filename, Buffer.from(toAssayJsonl(items)));
  const created = await api<{ data: { benchmark_id: string } }>(
    "POST",
    `${project}/custom-benchmarks`,
    {
      name,
      description: "",
      file: filename,
      scoring_metric: "regex",
      regex_pattern: ANSWER_PATTERN,
    },
  );
  return created.data.benchmark_id;
}
