import { z } from "zod";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition, BenchmarkScoring } from "./benchmark-definition.ts";
import { formatOptions, optionLetter } from "./multiple-choice.ts";
import { renderPromptTemplate } from "./prompt-template.ts";

const MmluProRecordSchema = z
  .object({
    // The parquet stores INT64 columns, which hyparquet reads as bigints.
    question_id: z.union([z.number(), z.bigint()]).transform(Number),
    question: z.string().min(1),
    options: z.array(z.string()).min(2).max(10),
    answer: z.string().regex(/^[A-J]$/, "must be a letter A-J"),
    answer_index: z.union([z.number(), z.bigint()]).transform(Number),
    cot_content: z.string().nullable().optional(),
    category: z.string().min(1),
    src: z.string().optional(),
  })
  .superRefine((record, ctx) => {
    if (optionLetter(record.answer_index) !== record.answer)
      ctx.addIssue({
        code: "custom",
        path: ["answer"],
        message: `"${record.answer}" is not option ${record.answer_index} (answer_index)`,
      });
    else if (record.answer_index >= record.options.length)
      ctx.addIssue({
        code: "custom",
        path: ["answer_index"],
        message: `${record.answer_index} is past the ${record.options.length} options`,
      });
  });
type MmluProRecord = z.infer<typeof MmluProRecordSchema>;

const key = "mmlu-pro";

/** The authors' zero-shot chain-of-thought prompt (evaluate_from_api.py), without exemplars. */
const scoring: BenchmarkScoring = {
  prompt_template:
    "The following are multiple choice questions (with answers) about {{subject}}. Think step " +
    'by step and then finish your answer with "the answer is (X)" where X is the correct ' +
    "letter choice.\n\nQuestion:\n{{question}}\nOptions:\n{{options}}\nAnswer: Let's think step " +
    "by step.",
  answer_extraction:
    "the MMLU-Pro authors' extraction (TIGER-AI-Lab/MMLU-Pro, compute_accuracy.py): the first " +
    '"answer is (X)" or "answer is X"; failing that, on the first line that has one, the last ' +
    '"answer: X"/"Answer: X"; failing that, the last capital A-J standing alone. Where none is ' +
    "found the authors guess a letter at random; Assay counts the answer wrong. Closed <think> " +
    "blocks are removed first.",
  scorer: "mmlu_pro",
};

export const mmluPro: BenchmarkDefinition<MmluProRecord> = {
  id: catalogId("benchmark", key),
  key,
  name: "MMLU-Pro",
  description:
    "A harder, reasoning-focused MMLU: 12,032 questions with up to ten options across 14 " +
    "subjects, noisy and trivial MMLU questions removed (Wang et al., 2024). Test split.",
  language: "English",
  categories: ["knowledge", "reasoning"],
  prompt_count: 12032,
  scoring,
  source: {
    // The dataset's revision that inspect-evals 0.28.0 pins.
    url: "https://huggingface.co/datasets/TIGER-Lab/MMLU-Pro/resolve/527feea0afed1de15a8c115abf7be4c912123315/data/test-00000-of-00001.parquet",
    filename: "test-00000-of-00001.parquet",
    format: "parquet",
    homepage: "https://github.com/TIGER-AI-Lab/MMLU-Pro",
    license: "MIT",
  },
  recordSchema: MmluProRecordSchema,
  toPrompt(record) {
    return {
      id: `mmlu-pro-${record.question_id}`,
      input: renderPromptTemplate(scoring.prompt_template, {
        subject: record.category,
        question: record.question,
        options: formatOptions(record.options),
      }),
      truth: record.answer,
      subset: record.category,
      ...(record.src === undefined ? {} : { metadata: { src: record.src } }),
    };
  },
};
