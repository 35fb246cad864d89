import { createHash } from "node:crypto";
import { z } from "zod";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition, BenchmarkScoring } from "./benchmark-definition.ts";
import { formatOptions, optionLetter } from "./multiple-choice.ts";
import { renderPromptTemplate } from "./prompt-template.ts";

/** The seed of the options' order: recorded here, in the description and in every prompt. */
export const GPQA_SHUFFLE_SEED = "assay-gpqa-diamond-1";

/** The columns of the authors' gpqa_diamond.csv that a prompt needs (it has many more). */
const GpqaRecordSchema = z.object({
  Question: z.string().trim().min(1),
  "Correct Answer": z.string().trim().min(1),
  "Incorrect Answer 1": z.string().trim().min(1),
  "Incorrect Answer 2": z.string().trim().min(1),
  "Incorrect Answer 3": z.string().trim().min(1),
  "Record ID": z.string().min(1),
  "High-level domain": z.string().min(1),
  Subdomain: z.string().optional(),
});
type GpqaRecord = z.infer<typeof GpqaRecordSchema>;

/**
 * The four options in an order fixed by the seed and the question's Record ID (a Fisher–Yates
 * shuffle driven by SHA-256): the file lists the correct answer first, and the order must be the
 * same on every machine and every run, so that runs compare.
 */
export function gpqaOrder(recordId: string): number[] {
  const order = [0, 1, 2, 3];
  const bytes = createHash("sha256").update(`${GPQA_SHUFFLE_SEED}\n${recordId}`).digest();
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = bytes.readUInt32BE(4 * i) % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

const key = "gpqa-diamond";

const scoring: BenchmarkScoring = {
  prompt_template:
    "What is the correct answer to this question: {{question}}\n\nChoices:\n{{options}}\n\n" +
    'Think step by step, then finish your answer with "The answer is (X)" where X is the ' +
    "letter of the correct choice.",
  answer_extraction:
    'the MMLU-Pro authors\' letter extraction (the mmlu_pro scorer): the first "answer is (X)", ' +
    'else the first line\'s last "answer: X", else the last capital letter standing alone; an ' +
    "answer with none is wrong.",
  scorer: "mmlu_pro",
};

export const gpqaDiamond: BenchmarkDefinition<GpqaRecord> = {
  id: catalogId("benchmark", key),
  key,
  name: "GPQA Diamond",
  description:
    "Graduate-level, Google-proof questions in biology, physics and chemistry written and " +
    "validated by domain experts: the 198-question Diamond set, on which experts agree and " +
    `non-experts fail (Rein et al., 2023). Options shuffled with the recorded seed "${GPQA_SHUFFLE_SEED}".`,
  language: "English",
  categories: ["science", "knowledge", "reasoning"],
  prompt_count: 198,
  scoring,
  source: {
    url: "https://huggingface.co/datasets/Idavidrein/gpqa/resolve/main/gpqa_diamond.csv",
    filename: "gpqa_diamond.csv",
    format: "csv",
    homepage: "https://github.com/idavidrein/gpqa",
    license: "CC BY 4.0",
    gated:
      "Accept the dataset's terms at https://huggingface.co/datasets/Idavidrein/gpqa (its authors " +
      "ask that examples not be revealed online) and download gpqa_diamond.csv.",
  },
  recordSchema: GpqaRecordSchema,
  toPrompt(record) {
    const answers = [
      record["Correct Answer"],
      record["Incorrect Answer 1"],
      record["Incorrect Answer 2"],
      record["Incorrect Answer 3"],
    ];
    const order = gpqaOrder(record["Record ID"]);
    return {
      id: record["Record ID"],
      input: renderPromptTemplate(scoring.prompt_template, {
        question: record.Question,
        options: formatOptions(order.map((i) => answers[i]!)).replace(/^([A-D])\. /gm, "($1) "),
      }),
      truth: optionLetter(order.indexOf(0)),
      subset: record["High-level domain"],
      metadata: {
        shuffle_seed: GPQA_SHUFFLE_SEED,
        order,
        ...(record.Subdomain ? { subdomain: record.Subdomain } : {}),
      },
    };
  },
};
