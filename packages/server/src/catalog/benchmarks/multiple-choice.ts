const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The most options a lettered question can show. */
export const MAX_OPTIONS = LETTERS.length;

export function optionLetter(index: number): string {
  const letter = LETTERS[index];
  if (letter === undefined) throw new RangeError(`no option letter for index ${index}`);
  return letter;
}

/** `A. first`, `B. second`, … one per line, in the order given. */
export function formatOptions(options: readonly string[]): string {
  return options.map((option, index) => `${optionLetter(index)}. ${option}`).join("\n");
}

/** Matches a standalone option letter from A to the last letter of `count` options. */
export function optionLetterPattern(count: number): string {
  return `\\b([A-${optionLetter(count - 1)}])\\b`;
}
