import { z } from "zod";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition } from "./benchmark-definition.ts";
import { MATH_SCORING, mathPrompt } from "./math-answer.ts";

/** AIME answers are integers from 0 to 999; the files store them as numbers or strings. */
const AimeAnswer = z
  .union([z.int(), z.bigint(), z.string().regex(/^\d{1,3}$/, "must be an integer 0-999")])
  .transform((value) => String(Number(value)))
  .pipe(z.string().regex(/^\d{1,3}$/, "must be an integer 0-999"));

const DESCRIPTION =
  "problems of the American Invitational Mathematics Examination (AIME I and II), each " +
  "answered by an integer from 0 to 999; graded on the final answer.";

/** AIME 2024 as `Maxwell-Jia/AIME_2024` has it (lm-eval's aime24): ID "2024-I-1", Problem, Answer. */
const Aime2024RecordSchema = z.object({
  ID: z.string().regex(/^2024-(I|II)-\d+$/, 'must be like "2024-I-1"'),
  Problem: z.string().min(1),
  Solution: z.string().optional(),
  Answer: AimeAnswer,
});
type Aime2024Record = z.infer<typeof Aime2024RecordSchema>;

export const aime2024: BenchmarkDefinition<Aime2024Record> = {
  id: catalogId("benchmark", "aime-2024"),
  key: "aime-2024",
  name: "AIME 2024",
  description: `The 30 2024 ${DESCRIPTION}`,
  language: "English",
  categories: ["math", "reasoning"],
  prompt_count: 30,
  scoring: MATH_SCORING,
  source: {
    // The dataset's revision that inspect-evals 0.28.0 pins.
    url: "https://huggingface.co/datasets/Maxwell-Jia/AIME_2024/resolve/8d88b2876a82a080e2f172cc9b25d0d9d2cb4792/aime_2024_problems.parquet",
    filename: "aime_2024_problems.parquet",
    format: "parquet",
    homepage: "https://artofproblemsolving.com/wiki/index.php/AIME_Problems_and_Solutions",
    license: "MIT (the dataset); the problems are the MAA's",
  },
  recordSchema: Aime2024RecordSchema,
  toPrompt(record) {
    return {
      id: record.ID,
      input: mathPrompt(record.Problem),
      truth: record.Answer,
      subset: `AIME ${record.ID.split("-")[1]}`,
      ...(record.Solution === undefined ? {} : { metadata: { solution: record.Solution } }),
    };
  },
};

/** AIME 2025 as `math-ai/aime25` has it (lm-eval's aime25): problem, answer, id. */
const Aime2025RecordSchema = z.object({
  problem: z.string().min(1),
  answer: AimeAnswer,
  id: z.union([z.string().min(1), z.int()]).transform(String),
});
type Aime2025Record = z.infer<typeof Aime2025RecordSchema>;

export const aime2025: BenchmarkDefinition<Aime2025Record> = {
  id: catalogId("benchmark", "aime-2025"),
  key: "aime-2025",
  name: "AIME 2025",
  description: `The 30 2025 ${DESCRIPTION}`,
  language: "English",
  categories: ["math", "reasoning"],
  prompt_count: 30,
  scoring: MATH_SCORING,
  source: {
    // The dataset's revision that inspect-evals 0.28.0 pins.
    url: "https://huggingface.co/datasets/math-ai/aime25/resolve/563bb8404243c5f09de6ec262f2db674fe5bce9b/test.jsonl",
    filename: "test.jsonl",
    format: "jsonl",
    homepage: "https://artofproblemsolving.com/wiki/index.php/AIME_Problems_and_Solutions",
    license: "Apache-2.0 (the dataset); the problems are the MAA's",
  },
  recordSchema: Aime2025RecordSchema,
  toPrompt(record) {
    // The file does not say which paper (I or II) a problem is from: no subsets.
    return {
      id: `aime-2025-${record.id}`,
      input: mathPrompt(record.problem),
      truth: record.answer,
    };
  },
};
