import { z } from "zod";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition, BenchmarkScoring } from "./benchmark-definition.ts";
import { formatOptions, optionLetterPattern } from "./multiple-choice.ts";
import { renderPromptTemplate } from "./prompt-template.ts";

const WinograndeRecordSchema = z.object({
  sentence: z.string().includes("_", { message: "must have a blank (_) to fill" }),
  option1: z.string().min(1),
  option2: z.string().min(1),
  answer: z.enum(["1", "2"]),
});
type WinograndeRecord = z.infer<typeof WinograndeRecordSchema>;

const key = "winogrande";

const scoring: BenchmarkScoring = {
  prompt_template:
    "Which option fills the blank (_) in the sentence best?\n\n{{sentence}}\n\n{{options}}\n\n" +
    "Answer with the letter of the correct option (A or B) only.",
  answer_extraction: "the first standalone option letter (A or B) in the response",
  scorer: "multiple_choice",
  regex_pattern: optionLetterPattern(2),
};

export const winogrande: BenchmarkDefinition<WinograndeRecord> = {
  id: catalogId("benchmark", key),
  key,
  name: "WinoGrande",
  description:
    "Winograd-schema pronoun and reference resolution at scale, adversarially filtered: fill " +
    "the blank with one of two options (Sakaguchi et al., 2019). The XL configuration's " +
    "development split (the test labels are hidden), as papers report it.",
  language: "English",
  categories: ["commonsense", "reasoning"],
  prompt_count: 1267,
  scoring,
  source: {
    // The Hub's parquet conversion of winogrande_xl: the original is a zip of JSONL files.
    url: "https://huggingface.co/datasets/allenai/winogrande/resolve/refs%2Fconvert%2Fparquet/winogrande_xl/validation/0000.parquet",
    filename: "0000.parquet",
    format: "parquet",
    homepage: "https://winogrande.allenai.org",
    license: "CC-BY",
  },
  recordSchema: WinograndeRecordSchema,
  toPrompt(record, row) {
    return {
      id: `winogrande-${row}`,
      input: renderPromptTemplate(scoring.prompt_template, {
        sentence: record.sentence,
        options: formatOptions([record.option1, record.option2]),
      }),
      truth: record.answer === "1" ? "A" : "B",
    };
  },
};
