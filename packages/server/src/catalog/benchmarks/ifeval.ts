import { z } from "zod";
import { ifevalCheckers } from "../../engine/scorers/ifeval/ifeval.ts";
import { IfevalInstructionError } from "../../engine/scorers/ifeval/instructions.ts";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition } from "./benchmark-definition.ts";

/**
 * A row of google/IFEval's `ifeval_input_data.jsonl` (Google's input_data.jsonl): the prompt and
 * its verifiable instructions, with one kwargs object per instruction. The file's kwargs may
 * carry every argument name with null for the unused ones (as the Hugging Face viewer shows
 * them) or only the used ones; nulls are dropped. A row whose instructions cannot be checked
 * (an unknown id, a missing argument the reference would draw at random) is refused by name.
 */
const IfevalRecordSchema = z
  .object({
    key: z.int(),
    prompt: z.string().min(1),
    instruction_id_list: z.array(z.string()).min(1),
    kwargs: z.array(
      z
        .record(z.string(), z.unknown())
        .transform((kwargs) =>
          Object.fromEntries(Object.entries(kwargs).filter(([, value]) => value !== null)),
        ),
    ),
  })
  .superRefine((record, ctx) => {
    try {
      ifevalCheckers(record);
    } catch (error) {
      if (!(error instanceof IfevalInstructionError)) throw error;
      ctx.addIssue({ code: "custom", message: error.message, path: ["kwargs"] });
    }
  });
type IfevalRecord = z.infer<typeof IfevalRecordSchema>;

const key = "ifeval";

export const ifeval: BenchmarkDefinition<IfevalRecord> = {
  id: catalogId("benchmark", key),
  key,
  name: "IFEval",
  description:
    "Instruction-Following Eval (Zhou et al., 2023): 541 prompts carrying 25 kinds of verifiable " +
    'instructions ("answer in fewer than 200 words", "wrap your answer in JSON", "no commas"), ' +
    "each checked by a program, not a judge. Reported as prompt-level and instruction-level " +
    "accuracy, strict and loose.",
  language: "English",
  categories: ["instruction following"],
  prompt_count: 541,
  scoring: {
    prompt_template: "{{prompt}}",
    answer_extraction:
      "none: every instruction of the prompt is checked on the whole response by Google's " +
      "checker for it (instruction_following_eval, as lm-eval 0.4.13 vendors it). Strict: the " +
      "response as it is. Loose: also the response without its first line, its last line or " +
      "both, and each of those without `*`; any passing variant counts. A prompt passes when " +
      "all its instructions are followed strictly (accuracy = prompt-level strict accuracy).",
    scorer: "ifeval",
  },
  source: {
    // The dataset's revision that inspect-evals 0.28.0 pins.
    url: "https://huggingface.co/datasets/google/IFEval/resolve/966cd89545d6b6acfd7638bc708b98261ca58e84/ifeval_input_data.jsonl",
    filename: "ifeval_input_data.jsonl",
    format: "jsonl",
    homepage:
      "https://github.com/google-research/google-research/tree/master/instruction_following_eval",
    license: "Apache-2.0",
  },
  figures: [
    {
      name: "prompt_level_loose",
      description: "share of prompts whose instructions are all followed, loosely",
      compute: (sums, answers) => (answers === 0 ? null : (sums.prompt_loose ?? 0) / answers),
    },
    {
      name: "instruction_level_strict",
      description: "share of all the prompts' instructions followed, strictly",
      compute: (sums) => share(sums, "instructions_followed_strict"),
    },
    {
      name: "instruction_level_loose",
      description: "share of all the prompts' instructions followed, loosely",
      compute: (sums) => share(sums, "instructions_followed_loose"),
    },
  ],
  recordSchema: IfevalRecordSchema,
  toPrompt(record) {
    const count = record.instruction_id_list.length;
    return {
      id: `ifeval-${record.key}`,
      input: record.prompt,
      truth: JSON.stringify({
        instruction_id_list: record.instruction_id_list,
        kwargs: record.kwargs,
      }),
      // The data has no categories; the instruction count is what makes a prompt harder.
      subset: count === 1 ? "1 instruction" : `${count} instructions`,
    };
  },
};

function share(sums: Readonly<Record<string, number>>, followed: string): number | null {
  const instructions = sums.instructions ?? 0;
  return instructions === 0 ? null : (sums[followed] ?? 0) / instructions;
}
