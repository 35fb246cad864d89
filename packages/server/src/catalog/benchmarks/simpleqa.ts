import { z } from "zod";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition, BenchmarkScoring } from "./benchmark-definition.ts";

/**
 * The `metadata` column of simple_qa_test_set.csv is a Python dict literal, single-quoted:
 * `{'topic': 'Science and technology', 'answer_type': 'Person', 'urls': ['https://…']}`. Only
 * its string values are read (never evaluated): the topic is the prompt's subset.
 */
export function simpleqaTopic(metadata: string): string | null {
  const match = /'topic':\s*(['"])((?:\\.|(?!\1).)*)\1/.exec(metadata);
  return match ? match[2]!.replace(/\\(.)/g, "$1") : null;
}

const SimpleqaRecordSchema = z.object({
  metadata: z.string().refine((m) => simpleqaTopic(m) !== null, "has no 'topic'"),
  problem: z.string().min(1),
  answer: z.string().min(1),
});
type SimpleqaRecord = z.infer<typeof SimpleqaRecordSchema>;

const key = "simpleqa";

const scoring: BenchmarkScoring = {
  prompt_template: "{{problem}}",
  answer_extraction:
    "none: the whole response is graded by the run's judge model (ASSAY_DEFAULT_JUDGE_MODEL) " +
    "with the authors' grader prompt (simple-evals' GRADER_TEMPLATE, word for word), read as " +
    "simple-evals reads it: the first capital A (CORRECT), B (INCORRECT) or C (NOT_ATTEMPTED) " +
    "in the grader's reply, NOT_ATTEMPTED without one. Accuracy is the share graded CORRECT.",
  scorer: "simpleqa",
};

const rate = (sums: Readonly<Record<string, number>>, name: string, answers: number) =>
  answers === 0 ? null : (sums[name] ?? 0) / answers;

/**
 * simple-evals' aggregate: correct given attempted, 0 when nothing was attempted (as the
 * reference has it, rather than undefined), and below its harmonic mean with correct.
 */
function correctGivenAttempted(sums: Readonly<Record<string, number>>, answers: number) {
  if (answers === 0) return null;
  const attempted = (sums.correct ?? 0) + (sums.incorrect ?? 0);
  return attempted === 0 ? 0 : (sums.correct ?? 0) / attempted;
}

export const simpleqa: BenchmarkDefinition<SimpleqaRecord> = {
  id: catalogId("benchmark", key),
  key,
  name: "SimpleQA",
  description:
    "Short, fact-seeking questions with a single indisputable answer, written adversarially " +
    "against GPT-4 (Wei et al., 2024): it measures whether a model knows what it knows. Graded " +
    "by a judge model as correct, incorrect or not attempted; reported with the authors' F-score.",
  language: "English",
  categories: ["knowledge", "factuality"],
  prompt_count: 4326,
  scoring,
  source: {
    url: "https://openaipublic.blob.core.windows.net/simple-evals/simple_qa_test_set.csv",
    filename: "simple_qa_test_set.csv",
    format: "csv",
    // An unversioned URL: the bytes inspect-evals 0.28.0 pins are the ones Assay accepts.
    sha256: "feee3f7e7db3617e94e8fcf1977b756ec420ef8568f4e0fcbbe0e92e9d5fc032",
    homepage: "https://github.com/openai/simple-evals",
    license: "MIT",
  },
  figures: [
    {
      name: "not_attempted",
      description: "share of answers graded NOT_ATTEMPTED (the model declined or hedged)",
      compute: (sums, answers) => rate(sums, "not_attempted", answers),
    },
    {
      name: "correct_given_attempted",
      description: "share of the attempted answers (correct or incorrect) graded CORRECT",
      compute: (sums, answers) => correctGivenAttempted(sums, answers),
    },
    {
      name: "f_score",
      description:
        "the authors' F-score: harmonic mean of overall correct and correct given attempted",
      compute(sums, answers) {
        const correct = rate(sums, "correct", answers);
        const given = correctGivenAttempted(sums, answers);
        if (correct === null || given === null) return null;
        return correct + given === 0 ? 0 : (2 * correct * given) / (correct + given);
      },
    },
  ],
  recordSchema: SimpleqaRecordSchema,
  toPrompt(record, row) {
    return {
      id: `simpleqa-${row}`,
      input: record.problem,
      truth: record.answer,
      subset: simpleqaTopic(record.metadata)!,
    };
  },
};
