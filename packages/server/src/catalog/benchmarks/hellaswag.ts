import { z } from "zod";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition, BenchmarkScoring } from "./benchmark-definition.ts";
import { formatOptions, optionLetter, optionLetterPattern } from "./multiple-choice.ts";
import { renderPromptTemplate } from "./prompt-template.ts";

const HellaswagRecordSchema = z.object({
  ind: z.int().min(0),
  activity_label: z.string().min(1),
  ctx: z.string().min(1),
  endings: z.array(z.string()).length(4),
  // The original file has an integer; other conversions (Hugging Face) store "0"-"3".
  label: z
    .union([z.int(), z.string().regex(/^\d$/)])
    .transform(Number)
    .pipe(z.int().min(0).max(3)),
  source_id: z.string().optional(),
  split_type: z.string().optional(),
});
type HellaswagRecord = z.infer<typeof HellaswagRecordSchema>;

/**
 * WikiHow-derived rows carry markup such as ` [title]` and `[step]`; this is the clean-up the
 * common evaluation harnesses apply, so scores stay comparable with published ones.
 */
function clean(text: string): string {
  return (
    text
      .trim()
      .replaceAll(" [title]", ". ")
      .replace(/\[.*?\]/g, "")
      .replaceAll("  ", " ")
      // A removed leading tag would otherwise leave a space before the text.
      .trim()
  );
}

const key = "hellaswag";

const scoring: BenchmarkScoring = {
  prompt_template:
    "Choose the most plausible continuation of the following text.\n\n" +
    "{{activity}}: {{context}}\n\n{{options}}\n\n" +
    "Answer with the letter of the correct option (A, B, C or D) only.",
  answer_extraction: "the first standalone option letter (A-D) in the response",
  scorer: "multiple_choice",
  regex_pattern: optionLetterPattern(4),
};

export const hellaswag: BenchmarkDefinition<HellaswagRecord> = {
  id: catalogId("benchmark", key),
  key,
  name: "HellaSwag",
  description:
    "Commonsense inference: pick the most plausible continuation of a described activity " +
    "among four endings, three of them adversarially generated (Zellers et al., 2019). " +
    "Validation split.",
  language: "English",
  categories: ["commonsense", "reasoning"],
  prompt_count: 10042,
  scoring,
  source: {
    url: "https://raw.githubusercontent.com/rowanz/hellaswag/master/data/hellaswag_val.jsonl",
    filename: "hellaswag_val.jsonl",
    format: "jsonl",
    homepage: "https://github.com/rowanz/hellaswag",
    license: "MIT",
  },
  recordSchema: HellaswagRecordSchema,
  toPrompt(record) {
    const metadata: Record<string, unknown> = {};
    if (record.source_id !== undefined) metadata.source_id = record.source_id;
    if (record.split_type !== undefined) metadata.split_type = record.split_type;
    return {
      id: String(record.ind),
      input: renderPromptTemplate(scoring.prompt_template, {
        activity: record.activity_label,
        context: clean(record.ctx),
        options: formatOptions(record.endings.map(clean)),
      }),
      truth: optionLetter(record.label),
      subset: record.activity_label,
      ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
    };
  },
};
