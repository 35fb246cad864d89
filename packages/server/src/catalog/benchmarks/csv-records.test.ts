import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { BenchmarkDefinition } from "./benchmark-definition.ts";
import { readBenchmarkFile } from "./read-benchmark-file.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "assay-csv-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A definition of the CSV shape the gated and OpenAI-published datasets use. */
const definition: BenchmarkDefinition<{ problem: string; answer: string }> = {
  id: "csv-test",
  key: "csv-test",
  name: "CSV",
  description: "",
  language: "English",
  categories: [],
  prompt_count: 2,
  scoring: { prompt_template: "{{problem}}", answer_extraction: "", scorer: "exact_match" },
  source: {
    url: "https://example.com/test.csv",
    filename: "test.csv",
    format: "csv",
    homepage: "https://example.com",
    license: "MIT",
  },
  recordSchema: z.object({ problem: z.string().min(1), answer: z.string() }),
  toPrompt: (record, row) => ({ id: `csv-${row}`, input: record.problem, truth: record.answer }),
};

async function csv(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

describe("CSV benchmark files", () => {
  it("reads quoted fields with commas, quotes and newlines, after a byte-order mark", async () => {
    const path = await csv(
      "ok.csv",
      '\uFEFFmetadata,problem,answer\r\n{},"Who said ""hi, there""?\nTwo lines.",Ann\r\n{},Plain?,"1,000"\r\n',
    );
    const loaded = await readBenchmarkFile(definition, path);
    expect(loaded.prompts).toEqual([
      { id: "csv-1", input: 'Who said "hi, there"?\nTwo lines.', truth: "Ann" },
      { id: "csv-2", input: "Plain?", truth: "1,000" },
    ]);
    expect(loaded.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a record with a field too many, naming the file's line", async () => {
    const path = await csv("bad.csv", "problem,answer\nA?,a\nB?,b,extra\n");
    await expect(readBenchmarkFile(definition, path)).rejects.toThrow(
      /csv-test: not valid CSV .*line 3/,
    );
  });

  it("names the line of a record that does not fit the schema", async () => {
    const path = await csv("empty.csv", "problem,answer\nA?,a\n,b\n");
    await expect(readBenchmarkFile(definition, path)).rejects.toThrow("csv-test: line 3: problem:");
  });
});
