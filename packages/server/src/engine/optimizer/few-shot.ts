import { escapeReservedMarkers } from "../runners/trace-judging/index.ts";
import { delimit, shorten } from "../scorers/index.ts";
import { seededOrder } from "./seeded-order.ts";

/**
 * Few-shot variants: a candidate goal with a handful of training traces appended, each with the
 * label people gave it. Examples come from the training set only: the held-out set must stay
 * unseen, or its accuracy would measure memory rather than the goal.
 */

/** The line that starts the examples; everything after it is the examples (see stripExamples). */
export const EXAMPLES_HEADER =
  "Examples labeled by people (calibration only: judge each new trace on its own merits):";

/** Examples of each label appended. */
export const EXAMPLES_PER_LABEL = 2;

/**
 * Characters of one example's trace: the goal goes with every judge call, so examples cost tokens
 * on every trace judged. The middle of a longer trace is cut (its start and end stay).
 */
export const MAX_EXAMPLE_CHARS = 800;

export interface LabeledExample {
  id: string;
  passed: boolean;
  comment?: string | undefined;
  renderedTrace: string;
}

/** The goal without its examples, if it has any. */
export function stripExamples(goal: string): string {
  const at = goal.indexOf(EXAMPLES_HEADER);
  return at < 0 ? goal.trim() : goal.slice(0, at).trim();
}

/**
 * `goal` (without any examples it had) followed by `examples`. Traces are data from users: their
 * reserved markers are escaped and each sits in an `<example-N>` block whose closing tag cannot be
 * forged from inside, as the judge prompt does with the trace it judges.
 */
export function withExamples(goal: string, examples: readonly LabeledExample[]): string {
  const base = stripExamples(goal);
  if (examples.length === 0) return base;
  const blocks = examples.map((example, i) => {
    const label = example.passed ? "PASS" : "FAIL";
    const comment = example.comment?.trim()
      ? ` — their comment: ${shorten(oneLine(example.comment), 300)}`
      : "";
    const trace = escapeReservedMarkers(shorten(example.renderedTrace, MAX_EXAMPLE_CHARS));
    return `People judged this trace ${label}${comment}\n${delimit("example", String(i + 1), trace)}`;
  });
  return `${base}\n\n${EXAMPLES_HEADER}\n\n${blocks.join("\n\n")}`;
}

/**
 * Up to EXAMPLES_PER_LABEL training items of each label, in the seed's order, those the goal's
 * judge got wrong (`wrongIds`) first: they show the judge what it misreads.
 */
export function pickExamples<T extends { id: string; passed: boolean }>(
  training: readonly T[],
  wrongIds: ReadonlySet<string>,
  seed: string,
): T[] {
  const ordered = seededOrder(training, `examples:${seed}`, (item) => item.id);
  const picked: T[] = [];
  for (const label of [true, false]) {
    const group = ordered.filter((item) => item.passed === label);
    const wrongFirst = [
      ...group.filter((item) => wrongIds.has(item.id)),
      ...group.filter((item) => !wrongIds.has(item.id)),
    ];
    picked.push(...wrongFirst.slice(0, EXAMPLES_PER_LABEL));
  }
  return seededOrder(picked, `example-order:${seed}`, (item) => item.id);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
