import { z } from "zod";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition, BenchmarkScoring } from "./benchmark-definition.ts";
import { formatOptions, optionLetterPattern } from "./multiple-choice.ts";
import { renderPromptTemplate } from "./prompt-template.ts";

const BoolqRecordSchema = z.object({
  question: z.string().min(1),
  answer: z.boolean(),
  passage: z.string().min(1),
});
type BoolqRecord = z.infer<typeof BoolqRecordSchema>;

const key = "boolq";
const OPTIONS = ["yes", "no"];

const scoring: BenchmarkScoring = {
  prompt_template:
    "{{passage}}\n\nQuestion: {{question}}?\n\n{{options}}\n\n" +
    "Answer with the letter of the correct option (A or B) only.",
  answer_extraction: "the first standalone option letter (A = yes, B = no) in the response",
  scorer: "multiple_choice",
  regex_pattern: optionLetterPattern(2),
};

export const boolq: BenchmarkDefinition<BoolqRecord> = {
  id: catalogId("benchmark", key),
  key,
  name: "BoolQ",
  description:
    "Naturally occurring yes/no questions from Google searches, each answered from a Wikipedia " +
    "passage (Clark et al., 2019). Validation split, as papers report it.",
  language: "English",
  categories: ["reading comprehension"],
  prompt_count: 3270,
  scoring,
  source: {
    // The dataset's revision that inspect-evals 0.28.0 pins.
    url: "https://huggingface.co/datasets/google/boolq/resolve/35b264d03638db9f4ce671b711558bf7ff0f80d5/data/validation-00000-of-00001.parquet",
    filename: "validation-00000-of-00001.parquet",
    format: "parquet",
    homepage: "https://github.com/google-research-datasets/boolean-questions",
    license: "CC BY-SA 3.0",
  },
  recordSchema: BoolqRecordSchema,
  toPrompt(record, row) {
    return {
      id: `boolq-${row}`,
      input: renderPromptTemplate(scoring.prompt_template, {
        passage: record.passage,
        question: record.question,
        options: formatOptions(OPTIONS),
      }),
      truth: record.answer ? "A" : "B",
    };
  },
};
