import { thousands } from "./format.ts";

/**
 * A result's reasoning as `assay results show` prints it: under its own heading, which says it is
 * not what was scored, and bounded, since a reasoning model can think for tens of thousands of
 * tokens before a one-line answer and would push the response off the screen.
 */

/** What is shown of a long reasoning unless all of it is asked for: about a screenful. */
export const REASONING_SHOWN_CHARS = 2_000;
export const REASONING_SHOWN_LINES = 30;

export function reasoningSection(
  reasoning: string,
  reasoningTokens: number,
  options: { full?: boolean | undefined } = {},
): string {
  const tokens = reasoningTokens > 0 ? `, ${thousands(reasoningTokens)} tokens` : "";
  const heading = `── reasoning (the model's, not scored${tokens}) ──`;
  const shown = options.full ? reasoning : screenful(reasoning);
  if (shown.length === reasoning.length) return `${heading}\n${reasoning}`;
  const rest = reasoning.length - shown.length;
  return `${heading}\n${shown}\n… ${thousands(rest)} more characters (--full-reasoning prints them all)`;
}

/**
 * At most the first REASONING_SHOWN_LINES lines and REASONING_SHOWN_CHARS characters, ended at a
 * line break when one comes late enough; the text itself when it fits.
 */
function screenful(text: string): string {
  let end = Math.min(text.length, REASONING_SHOWN_CHARS);
  let lineBreak = -1;
  for (let lines = 0; lines < REASONING_SHOWN_LINES; lines++) {
    lineBreak = text.indexOf("\n", lineBreak + 1);
    if (lineBreak === -1) break;
  }
  if (lineBreak !== -1 && lineBreak < end) end = lineBreak;
  if (end === text.length) return text;
  const lastBreak = text.lastIndexOf("\n", end);
  return lastBreak > end / 2 ? text.slice(0, lastBreak) : text.slice(0, end);
}
