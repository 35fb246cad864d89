import { z } from "zod";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition, BenchmarkScoring } from "./benchmark-definition.ts";
import { renderPromptTemplate } from "./prompt-template.ts";

const HumanevalRecordSchema = z.object({
  task_id: z.string().regex(/^HumanEval\/\d+$/, 'must be "HumanEval/<number>"'),
  prompt: z.string().min(1),
  canonical_solution: z.string(),
  test: z.string().regex(/\bdef check\(/, "has no check(candidate) function"),
  entry_point: z.string().regex(/^[A-Za-z_]\w*$/, "must be a Python name"),
});
type HumanevalRecord = z.infer<typeof HumanevalRecordSchema>;

const key = "humaneval";

/** inspect-evals 0.28.0's INSTRUCTION, word for word, before the problem's prompt. */
const scoring: BenchmarkScoring = {
  prompt_template:
    "\nRead the following function signature and docstring, and fully implement\nthe function " +
    "described. Your response should only contain the code for\nthis function.\n\n{{prompt}}",
  answer_extraction:
    "the code of the answer as inspect-evals 0.28.0 finds it: the first fenced block labelled " +
    "python or py, else the first unlabelled fenced block, else the whole answer (a completion " +
    "model continues the prompt). Closed <think> blocks are removed first. The program run is " +
    "the authors' (human-eval's check_correctness): the prompt, the code, the problem's test " +
    "and check(<entry point>); it passes when it exits 0. Inspect keeps only a fenced " +
    "function's body; Assay keeps the whole block, which redefines the prompt's function.",
  scorer: "python_tests",
};

export const humaneval: BenchmarkDefinition<HumanevalRecord> = {
  id: catalogId("benchmark", key),
  key,
  name: "HumanEval",
  description:
    "164 hand-written Python programming problems, each a function signature and docstring " +
    "with unit tests (Chen et al., 2021). The model's code runs with the problem's tests in " +
    "a sandbox; pass@1 is the share that pass, and with repeats pass@k is reported by the " +
    "unbiased estimator.",
  language: "English",
  categories: ["code"],
  prompt_count: 164,
  scoring,
  source: {
    // The dataset's revision that inspect-evals 0.28.0 pins.
    url: "https://huggingface.co/datasets/openai/openai_humaneval/resolve/7dce6050a7d6d172f3cc5c32aa97f52fa1a2e544/openai_humaneval/test-00000-of-00001.parquet",
    filename: "test-00000-of-00001.parquet",
    format: "parquet",
    homepage: "https://github.com/openai/human-eval",
    license: "MIT",
  },
  recordSchema: HumanevalRecordSchema,
  toPrompt(record) {
    return {
      id: `humaneval-${record.task_id.slice("HumanEval/".length)}`,
      input: renderPromptTemplate(scoring.prompt_template, { prompt: record.prompt }),
      // The program is prompt + code + test + check(entry point), as check_correctness builds it.
      truth: JSON.stringify({
        prefix: record.prompt,
        tests: `${record.test}\ncheck(${record.entry_point})`,
      }),
    };
  },
};
