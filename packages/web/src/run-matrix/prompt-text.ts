/** A prompt on one line: its runs of white space made single spaces. */
const flatten = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The opening the page's prompts all share (a template's instructions, "Solve the following math
 * problem…"), to the last word boundary; empty when short, as a row then reads as it is.
 */
export function sharedOpening(prompts: readonly string[]): string {
  const flat = prompts.map(flatten);
  if (flat.length < 2) return "";
  let end = 0;
  const first = flat[0] as string;
  while (end < first.length && flat.every((p) => p[end] === first[end])) end += 1;
  const opening = first.slice(0, first.lastIndexOf(" ", end) + 1);
  return opening.length >= 24 ? opening : "";
}

/** A prompt as its row shows it: on one line, without the opening every row shares. */
export function questionOf(prompt: string, shared: string): string {
  const flat = flatten(prompt);
  return shared && flat.startsWith(shared) ? `…${flat.slice(shared.length)}` : flat;
}
