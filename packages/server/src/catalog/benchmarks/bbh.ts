import { z } from "zod";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition, BenchmarkScoring } from "./benchmark-definition.ts";
import { renderPromptTemplate } from "./prompt-template.ts";

/** One task file of the BIG-Bench-Hard repository: `bbh/<task>.json`. */
const BbhTaskSchema = z.object({
  file: z.string().regex(/^[a-z_]+$/, "must be a task name"),
  content: z.object({
    canary: z.string().optional(),
    examples: z.array(z.object({ input: z.string().min(1), target: z.string().min(1) })).min(1),
  }),
});
type BbhTask = z.infer<typeof BbhTaskSchema>;

const key = "bbh";

const scoring: BenchmarkScoring = {
  prompt_template:
    'Answer the following question. Think step by step, then finish with "So the answer is ' +
    "<answer>.\"\n\nQ: {{input}}\nA: Let's think step by step.",
  answer_extraction:
    "as lm-evaluation-harness 0.4.13's BBH chain-of-thought tasks (bbh/cot_zeroshot, " +
    '"strict-match"): the first text after "The answer is ", "the answer is ", "The answer: " ' +
    'or "The final answer: ", to the end of its line less its last character (the reference\'s ' +
    "quirk: an answer that ends the response with nothing after it loses a character), then " +
    'exact match ignoring case, a final ".", commas, backslashes, newlines and double quotes. ' +
    "Closed <think> blocks are removed first.",
  scorer: "bbh",
};

export const bbh: BenchmarkDefinition<BbhTask> = {
  id: catalogId("benchmark", key),
  key,
  name: "BIG-Bench Hard",
  description:
    "The 23 challenging BIG-Bench tasks (27 subtasks: logical deduction, date understanding, " +
    "boolean expressions, Dyck languages, …) on which models fell below average human raters " +
    "(Suzgun et al., 2022). Zero-shot chain of thought; graded per task by exact match.",
  language: "English",
  categories: ["reasoning"],
  prompt_count: 6511,
  scoring,
  source: {
    // The repository's archive: its bbh/ folder holds one JSON file per task. A branch archive:
    // no commit of it could be found to pin here; the sha256 of the archive a run used is its
    // benchmark_version, so runs on different data never pass for comparable.
    url: "https://github.com/suzgun/BIG-Bench-Hard/archive/refs/heads/main.zip",
    filename: "main.zip",
    format: "zip",
    entries: /^[^/]+\/bbh\/[a-z_]+\.json$/,
    homepage: "https://github.com/suzgun/BIG-Bench-Hard",
    license: "MIT",
  },
  recordSchema: BbhTaskSchema,
  toPrompt(task) {
    return task.content.examples.map((example, index) => ({
      id: `${task.file}-${index + 1}`,
      input: renderPromptTemplate(scoring.prompt_template, { input: example.input }),
      truth: example.target,
      subset: task.file,
    }));
  },
};
