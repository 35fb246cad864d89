import { z } from "zod";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition, BenchmarkScoring } from "./benchmark-definition.ts";
import { formatOptions, optionLetter, optionLetterPattern } from "./multiple-choice.ts";
import { renderPromptTemplate } from "./prompt-template.ts";

const MmluRecordSchema = z.object({
  question: z.string(),
  subject: z.string().min(1),
  choices: z.array(z.string()).length(4),
  // The Hugging Face parquet stores the class label as INT64, which hyparquet reads as a bigint.
  answer: z.union([z.number(), z.bigint()]).transform(Number).pipe(z.int().min(0).max(3)),
});
type MmluRecord = z.infer<typeof MmluRecordSchema>;

const key = "mmlu";

const scoring: BenchmarkScoring = {
  prompt_template:
    "The following is a multiple choice question about {{subject}}.\n\n" +
    "{{question}}\n\n{{options}}\n\n" +
    "Answer with the letter of the correct option (A, B, C or D) only.",
  answer_extraction: "the first standalone option letter (A-D) in the response",
  scorer: "multiple_choice",
  regex_pattern: optionLetterPattern(4),
};

export const mmlu: BenchmarkDefinition<MmluRecord> = {
  id: catalogId("benchmark", key),
  key,
  name: "MMLU",
  description:
    "Massive Multitask Language Understanding: four-option questions on 57 subjects from " +
    "elementary mathematics to law and medicine (Hendrycks et al., 2021). Test split.",
  language: "English",
  categories: ["knowledge", "reasoning"],
  prompt_count: 14042,
  scoring,
  source: {
    url: "https://huggingface.co/datasets/cais/mmlu/resolve/main/all/test-00000-of-00001.parquet",
    filename: "test-00000-of-00001.parquet",
    format: "parquet",
    homepage: "https://github.com/hendrycks/test",
    license: "MIT",
  },
  recordSchema: MmluRecordSchema,
  toPrompt(record, row) {
    return {
      id: `${key}-${row}`,
      input: renderPromptTemplate(scoring.prompt_template, {
        subject: record.subject.replaceAll("_", " "),
        question: record.question,
        options: formatOptions(record.choices),
      }),
      truth: optionLetter(record.answer),
      subset: record.subject,
    };
  },
};
