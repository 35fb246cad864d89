import type { MatrixOutcome } from "@assay/protocol";

/** Runs are named by letter in column order, as the two-run view names A and B: A…J. */
export const runLetter = (index: number) => String.fromCharCode(65 + index);

/** A cell's glyph (what the eye scans) and words (what a screen reader and a tooltip say). */
export const OUTCOME_LOOK: Record<MatrixOutcome, { glyph: string; words: string }> = {
  pass: { glyph: "✓", words: "right" },
  fail: { glyph: "✗", words: "wrong" },
  error: { glyph: "!", words: "error (no answer)" },
};
