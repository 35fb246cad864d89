import { seededOrder } from "./seeded-order.ts";

/** Share of each label's annotations held out to measure the result on. */
export const HELD_OUT_SHARE = 0.3;

export interface Labeled {
  /** Unique among the items (the trace id). */
  id: string;
  /** The person's label. */
  passed: boolean;
}

export interface Split<T> {
  /** What candidates are generated from, scored on, and few-shot examples are drawn from. */
  training: T[];
  /** Never shown to the optimizer: only the baseline and the chosen candidate are measured on it. */
  heldOut: T[];
}

/**
 * How many of one label's `count` annotations are held out: about HELD_OUT_SHARE, at least one
 * (so the held-out set has each label there is, and κ on it means something), and never all of
 * them when there are two or more (so training sees the label too).
 */
export function heldOutCount(count: number): number {
  if (count <= 0) return 0;
  if (count === 1) return 1;
  return Math.min(count - 1, Math.max(1, Math.round(count * HELD_OUT_SHARE)));
}

/** The sizes splitAnnotations gives for these label counts (they do not depend on the seed). */
export function splitSizes(passed: number, failed: number): { training: number; heldOut: number } {
  const heldOut = heldOutCount(passed) + heldOutCount(failed);
  return { training: passed + failed - heldOut, heldOut };
}

/**
 * A stratified training / held-out split: each label's annotations are put in the seed's order
 * and the first heldOutCount of them held out, so both sets keep the labels' proportions. Items
 * of each set come in the seed's order too.
 */
export function splitAnnotations<T extends Labeled>(items: readonly T[], seed: string): Split<T> {
  const training: T[] = [];
  const heldOut: T[] = [];
  for (const label of [true, false]) {
    const group = seededOrder(
      items.filter((item) => item.passed === label),
      `split:${seed}`,
      (item) => item.id,
    );
    const k = heldOutCount(group.length);
    heldOut.push(...group.slice(0, k));
    training.push(...group.slice(k));
  }
  const order = (list: T[]) => seededOrder(list, `order:${seed}`, (item) => item.id);
  return { training: order(training), heldOut: order(heldOut) };
}
