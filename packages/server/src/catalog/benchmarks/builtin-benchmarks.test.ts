import { describe, expect, it } from "vitest";
import { linearTimeProblem } from "../../platform/regexp-backtracking.ts";
import { catalogId } from "../catalog-id.ts";
import { BUILTIN_BENCHMARKS, findBuiltinBenchmark } from "./builtin-benchmarks.ts";
import { renderPromptTemplate } from "./prompt-template.ts";

describe("built-in benchmarks", () => {
  it("list the canonical benchmarks with their split sizes", () => {
    expect(BUILTIN_BENCHMARKS.map((b) => [b.key, b.prompt_count, b.source.format])).toEqual([
      ["gsm8k", 1319, "jsonl"],
      ["mmlu", 14042, "parquet"],
      ["arc-challenge", 1172, "parquet"],
      ["hellaswag", 10042, "jsonl"],
      ["truthfulqa-mc1", 817, "json"],
      ["mmlu-pro", 12032, "parquet"],
      ["gpqa-diamond", 198, "csv"],
      ["math-500", 500, "jsonl"],
      ["aime-2024", 30, "parquet"],
      ["aime-2025", 30, "jsonl"],
      ["ifeval", 541, "jsonl"],
      ["bbh", 6511, "zip"],
      ["arc-agi-2", 167, "zip"],
      ["arc-easy", 2376, "parquet"],
      ["winogrande", 1267, "parquet"],
      ["piqa", 1838, "parquet"],
      ["boolq", 3270, "parquet"],
      ["simpleqa", 4326, "csv"],
      ["humaneval", 164, "parquet"],
      ["mbpp", 257, "parquet"],
    ]);
  });

  it("have deterministic catalog ids and complete catalog fields", () => {
    for (const benchmark of BUILTIN_BENCHMARKS) {
      expect(benchmark.id).toBe(catalogId("benchmark", benchmark.key));
      expect(benchmark.language).toBe("English");
      expect(benchmark.categories.length).toBeGreaterThan(0);
      expect(benchmark.source.license).not.toBe("");
      expect(benchmark.source.homepage).toMatch(/^https:\/\//);
      expect(benchmark.source.url).toMatch(/^https:\/\/.+\/[^/]+$/);
      expect(benchmark.source.url.endsWith(`/${benchmark.source.filename}`)).toBe(true);
      if (benchmark.scoring.regex_pattern !== undefined) {
        expect(() => new RegExp(benchmark.scoring.regex_pattern!)).not.toThrow();
        // The rule custom benchmarks are held to: a pattern with a bounded cost.
        expect(linearTimeProblem(benchmark.scoring.regex_pattern!)).toBeUndefined();
      }
    }
  });

  it("are found by key or id, and unknown ones are not", () => {
    const mmlu = BUILTIN_BENCHMARKS[1]!;
    expect(findBuiltinBenchmark("mmlu")).toBe(mmlu);
    expect(findBuiltinBenchmark(mmlu.id)).toBe(mmlu);
    expect(findBuiltinBenchmark("MMLU")).toBeUndefined();
    expect(findBuiltinBenchmark("squad")).toBeUndefined();
  });

  it("cannot be changed through the list", () => {
    expect(Object.isFrozen(BUILTIN_BENCHMARKS)).toBe(true);
  });
});

describe("renderPromptTemplate", () => {
  it("fills placeholders once, leaving braces in values alone", () => {
    expect(
      renderPromptTemplate("Q: {{question}}\n{{options}}", {
        question: "{{options}}?",
        options: "A. x",
      }),
    ).toBe("Q: {{options}}?\nA. x");
  });

  it("refuses a placeholder without a value", () => {
    expect(() => renderPromptTemplate("{{missing}}", {})).toThrow("{{missing}} has no value");
  });
});
