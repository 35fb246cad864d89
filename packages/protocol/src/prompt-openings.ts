/**
 * Benchmark prompts are built from a template, so they often open with the same long
 * instruction ("Solve the following math problem. Think step by step, … Question: "): in a
 * 40-column cell every row would read the same. Tables show each prompt without the opening the
 * listed prompts share, cut back to the end of a sentence or line (so "What is the capital of
 * Kenya?" keeps its question), and say once what was left out. Browser-safe:
 * the CLI's tables and the dashboard's read prompts the same way.
 */
export interface PromptTexts {
  /** Each prompt without the shared opening, in the order given. */
  texts: string[];
  /** What was taken off every prompt; empty when nothing was. */
  opening: string;
}

/** Shorter shared openings are left alone: taking off a word or two helps nobody. */
const MIN_OPENING = 20;

export function withoutSharedOpening(prompts: readonly string[]): PromptTexts {
  const distinct = new Set(prompts);
  // One prompt (or one text repeated) shares everything with itself: nothing to learn from that.
  if (distinct.size < 2) return { texts: [...prompts], opening: "" };
  let length = commonPrefixLength([...distinct]);
  // Back to the end of a sentence, a label ("Question: ") or a line: what is left reads whole.
  const first = prompts[0] as string;
  while (length > 0 && !endsClause(first, length)) length--;
  if (length < MIN_OPENING) return { texts: [...prompts], opening: "" };
  return { texts: prompts.map((p) => p.slice(length)), opening: first.slice(0, length) };
}

/** Whether `text` up to `length` ends a line, or a sentence or label and the space after it. */
function endsClause(text: string, length: number): boolean {
  const last = text[length - 1] as string;
  return last === "\n" || (/\s/.test(last) && /[.:?!]/.test(text[length - 2] ?? ""));
}

function commonPrefixLength(texts: readonly string[]): number {
  const [first, ...rest] = texts as [string, ...string[]];
  let length = first.length;
  for (const text of rest) {
    let i = 0;
    while (i < length && i < text.length && text[i] === first[i]) i++;
    length = i;
  }
  return length;
}

/** `prompt` without `opening` when it starts with it (a row read after the opening was found). */
export function withoutOpening(prompt: string, opening: string): string {
  return opening !== "" && prompt.startsWith(opening) ? prompt.slice(opening.length) : prompt;
}
