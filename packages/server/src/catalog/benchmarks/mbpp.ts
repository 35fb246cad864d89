import { z } from "zod";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition, BenchmarkScoring } from "./benchmark-definition.ts";
import { renderPromptTemplate } from "./prompt-template.ts";

const MbppRecordSchema = z.object({
  source_file: z.string().optional(),
  // The parquet stores task_id as an integer column; hyparquet reads INT64 as a bigint.
  task_id: z.union([z.number().int(), z.bigint()]).transform(Number),
  prompt: z.string().min(1),
  code: z.string(),
  test_imports: z.array(z.string()),
  test_list: z
    .array(z.string().regex(/^assert\b/, "must be an assert statement"))
    .min(1, "has no tests"),
});
type MbppRecord = z.infer<typeof MbppRecordSchema>;

const key = "mbpp";

/**
 * inspect-evals 0.28.0's MBPP prompt, zero-shot: its instruction and its framing of the task,
 * without the three worked examples (tasks 2-4 of the full set's prompt split) it puts between.
 */
const scoring: BenchmarkScoring = {
  prompt_template:
    "You are an expert Python programmer. You will be given a task, and the tests that your " +
    "code must pass.\nWrite the Python function to solve the task. Do not give additional " +
    "explanations, just output the\nPython function. Only use imports that are included in " +
    "Python's standard library.\n\n# Now, do it for the following task.\n\n## Prompt:\n" +
    "```python\n{{prompt}}\n```\n\n## Test Case:\n```python\n{{tests}}\n```\n\n## Completion:\n",
  answer_extraction:
    "the code of the answer as inspect-evals 0.28.0 finds it: the first fenced block labelled " +
    "python or py, else the first unlabelled fenced block, else the whole answer. Closed " +
    "<think> blocks are removed first. The program run is the code, the problem's " +
    "test_imports and its test_list assertions; it passes when it exits 0, and a failure " +
    "names the assertion that failed.",
  scorer: "python_tests",
};

export const mbpp: BenchmarkDefinition<MbppRecord> = {
  id: catalogId("benchmark", key),
  key,
  name: "MBPP (sanitized)",
  description:
    "Mostly Basic Python Problems (Austin et al., 2021), the authors' hand-verified " +
    "(sanitized) test split: 257 short programming tasks, each a one-sentence description and " +
    "three assertions. The model's code runs with the assertions in a sandbox; pass@1 is the " +
    "share that pass, and with repeats pass@k is reported by the unbiased estimator.",
  language: "English",
  categories: ["code"],
  prompt_count: 257,
  scoring,
  source: {
    // The dataset's revision that inspect-evals 0.28.0 pins; the sanitized configuration's test split.
    url: "https://huggingface.co/datasets/google-research-datasets/mbpp/resolve/4bb6404fdc6cacfda99d4ac4205087b89d32030c/sanitized/test-00000-of-00001.parquet",
    filename: "test-00000-of-00001.parquet",
    format: "parquet",
    homepage: "https://github.com/google-research/google-research/tree/master/mbpp",
    license: "CC-BY-4.0",
  },
  recordSchema: MbppRecordSchema,
  toPrompt(record) {
    return {
      id: `mbpp-${record.task_id}`,
      input: renderPromptTemplate(scoring.prompt_template, {
        prompt: record.prompt,
        tests: record.test_list.join("\n"),
      }),
      truth: [...record.test_imports, ...record.test_list].join("\n"),
    };
  },
};
