import { z } from "zod";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition, BenchmarkScoring } from "./benchmark-definition.ts";
import { formatOptions, optionLetter, optionLetterPattern } from "./multiple-choice.ts";
import { renderPromptTemplate } from "./prompt-template.ts";

const PiqaRecordSchema = z.object({
  goal: z.string().min(1),
  sol1: z.string().min(1),
  sol2: z.string().min(1),
  // The parquet stores the class label as INT64 (a bigint to hyparquet).
  label: z.union([z.number(), z.bigint()]).transform(Number).pipe(z.int().min(0).max(1)),
});
type PiqaRecord = z.infer<typeof PiqaRecordSchema>;

const key = "piqa";

const scoring: BenchmarkScoring = {
  prompt_template:
    "Which solution achieves the goal better?\n\nGoal: {{goal}}\n\n{{options}}\n\n" +
    "Answer with the letter of the correct option (A or B) only.",
  answer_extraction: "the first standalone option letter (A or B) in the response",
  scorer: "multiple_choice",
  regex_pattern: optionLetterPattern(2),
};

export const piqa: BenchmarkDefinition<PiqaRecord> = {
  id: catalogId("benchmark", key),
  key,
  name: "PIQA",
  description:
    "Physical Interaction QA: physical commonsense, pick the better of two solutions to an " +
    "everyday goal (Bisk et al., 2020). Validation split (the test labels are hidden).",
  language: "English",
  categories: ["commonsense", "physical reasoning"],
  prompt_count: 1838,
  scoring,
  source: {
    // The Hub's parquet conversion: the original splits questions and labels into two files.
    url: "https://huggingface.co/datasets/ybisk/piqa/resolve/refs%2Fconvert%2Fparquet/plain_text/validation/0000.parquet",
    filename: "0000.parquet",
    format: "parquet",
    homepage: "https://yonatanbisk.com/piqa/",
    license: "not confirmed by Assay: see the authors' page",
  },
  recordSchema: PiqaRecordSchema,
  toPrompt(record, row) {
    return {
      id: `piqa-${row}`,
      input: renderPromptTemplate(scoring.prompt_template, {
        goal: record.goal,
        options: formatOptions([record.sol1, record.sol2]),
      }),
      truth: optionLetter(record.label),
    };
  },
};
