import { z } from "zod";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition } from "./benchmark-definition.ts";
import { MATH_SCORING, mathPrompt } from "./math-answer.ts";

const Math500RecordSchema = z.object({
  problem: z.string().min(1),
  solution: z.string(),
  answer: z.string().min(1),
  subject: z.string().min(1),
  level: z.int().min(1).max(5),
  unique_id: z.string().min(1),
});
type Math500Record = z.infer<typeof Math500RecordSchema>;

const key = "math-500";

export const math500: BenchmarkDefinition<Math500Record> = {
  id: catalogId("benchmark", key),
  key,
  name: "MATH-500",
  description:
    "The 500 competition mathematics problems of MATH's test split that Lightman et al. (2023, " +
    "“Let's Verify Step by Step”) held out, across seven subjects and five difficulty levels " +
    "(Hendrycks et al., 2021). Graded on the final answer.",
  language: "English",
  categories: ["math", "reasoning"],
  prompt_count: 500,
  scoring: MATH_SCORING,
  source: {
    url: "https://huggingface.co/datasets/HuggingFaceH4/MATH-500/resolve/main/test.jsonl",
    filename: "test.jsonl",
    format: "jsonl",
    homepage: "https://github.com/openai/prm800k",
    license: "MIT",
  },
  recordSchema: Math500RecordSchema,
  toPrompt(record) {
    return {
      // "test/precalculus/807.json": the problem's file in MATH, unique across the split.
      id: record.unique_id,
      input: mathPrompt(record.problem),
      truth: record.answer,
      subset: record.subject,
      metadata: { level: record.level, solution: record.solution },
    };
  },
};
