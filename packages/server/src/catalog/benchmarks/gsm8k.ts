import { z } from "zod";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition, BenchmarkScoring } from "./benchmark-definition.ts";
import { renderPromptTemplate } from "./prompt-template.ts";

/** GSM8K solutions end with `#### <number>`; the number is the graded answer. */
const FINAL_ANSWER = /####\s*(-?[\d,]*\.?\d+)\s*$/;

const Gsm8kRecordSchema = z.object({
  question: z.string().min(1),
  answer: z.string().regex(FINAL_ANSWER, "answer must end with '#### <number>'"),
});
type Gsm8kRecord = z.infer<typeof Gsm8kRecordSchema>;

const key = "gsm8k";

const scoring: BenchmarkScoring = {
  prompt_template:
    "Solve the following math problem. Think step by step, then give the final answer " +
    'as a number on the last line, in the form "#### <number>".\n\n' +
    "Question: {{question}}",
  answer_extraction:
    "the number after the last '####' in the response (commas removed); " +
    "failing that, the last number in the response",
  scorer: "numeric",
  regex_pattern: "####\\s*(-?[\\d,]*\\.?\\d+)",
};

export const gsm8k: BenchmarkDefinition<Gsm8kRecord> = {
  id: catalogId("benchmark", key),
  key,
  name: "GSM8K",
  description:
    "Grade-school math word problems that take two to eight steps of arithmetic to solve " +
    "(OpenAI, 2021). Test split; graded on the final number.",
  language: "English",
  categories: ["math", "reasoning"],
  prompt_count: 1319,
  scoring,
  source: {
    url: "https://raw.githubusercontent.com/openai/grade-school-math/master/grade_school_math/data/test.jsonl",
    filename: "test.jsonl",
    format: "jsonl",
    homepage: "https://github.com/openai/grade-school-math",
    license: "MIT",
  },
  recordSchema: Gsm8kRecordSchema,
  toPrompt(record, row) {
    // The schema guarantees the match; thousands separators ("1,000") are not part of the value.
    const finalAnswer = FINAL_ANSWER.exec(record.answer)![1]!.replaceAll(",", "");
    return {
      id: `${key}-${row}`,
      input: renderPromptTemplate(scoring.prompt_template, { question: record.question }),
      truth: finalAnswer,
      // The worked solution, for judges and for reading failures next to the reference.
      metadata: { solution: record.answer },
    };
  },
};
