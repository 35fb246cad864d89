import { z } from "zod";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition, BenchmarkScoring } from "./benchmark-definition.ts";
import {
  formatOptions,
  MAX_OPTIONS,
  optionLetter,
  optionLetterPattern,
} from "./multiple-choice.ts";
import { renderPromptTemplate } from "./prompt-template.ts";

const ArcRecordSchema = z
  .object({
    id: z.string().min(1),
    question: z.string().min(1),
    choices: z.object({
      text: z.array(z.string()).min(2).max(MAX_OPTIONS),
      label: z.array(z.string()),
    }),
    answerKey: z.string().min(1),
  })
  .superRefine((record, ctx) => {
    if (record.choices.label.length !== record.choices.text.length) {
      ctx.addIssue({
        code: "custom",
        path: ["choices", "label"],
        message: `${record.choices.label.length} labels for ${record.choices.text.length} options`,
      });
    } else if (!record.choices.label.includes(record.answerKey)) {
      ctx.addIssue({
        code: "custom",
        path: ["answerKey"],
        message: `"${record.answerKey}" is not one of the labels ${record.choices.label.join(", ")}`,
      });
    }
  });
type ArcRecord = z.infer<typeof ArcRecordSchema>;

const scoring: BenchmarkScoring = {
  prompt_template:
    "{{question}}\n\n{{options}}\n\nAnswer with the letter of the correct option only.",
  answer_extraction: "the first standalone option letter (A-E) in the response",
  scorer: "multiple_choice",
  // Most questions have four options; a few have three or five.
  regex_pattern: optionLetterPattern(5),
};

/**
 * One set of the AI2 Reasoning Challenge (Clark et al., 2018), from the Hugging Face parquet of
 * `allenai/ai2_arc`: the Challenge and Easy sets share their format, prompt and scoring.
 */
export function ai2Arc(set: {
  key: string;
  name: string;
  folder: "ARC-Challenge" | "ARC-Easy";
  description: string;
  promptCount: number;
}): BenchmarkDefinition<ArcRecord> {
  return {
    id: catalogId("benchmark", set.key),
    key: set.key,
    name: set.name,
    description: set.description,
    language: "English",
    categories: ["science", "reasoning"],
    prompt_count: set.promptCount,
    scoring,
    source: {
      // The dataset's revision that inspect-evals 0.28.0 pins.
      url: `https://huggingface.co/datasets/allenai/ai2_arc/resolve/210d026faf9955653af8916fad021475a3f00453/${set.folder}/test-00000-of-00001.parquet`,
      filename: "test-00000-of-00001.parquet",
      format: "parquet",
      homepage: "https://allenai.org/data/arc",
      license: "CC BY-SA 4.0",
    },
    recordSchema: ArcRecordSchema,
    toPrompt(record) {
      // Some questions are labelled 1-4 instead of A-D; relettering keeps one answer format.
      const answerIndex = record.choices.label.indexOf(record.answerKey);
      return {
        id: record.id,
        input: renderPromptTemplate(scoring.prompt_template, {
          question: record.question,
          options: formatOptions(record.choices.text),
        }),
        truth: optionLetter(answerIndex),
        metadata: { answer_key: record.answerKey },
      };
    },
  };
}
