/** The line above a table that says what its prompts were stripped of. */
export function sharedOpeningLine(opening: string): string {
  return `prompts without the opening they share: "${opening.trim()}"`;
}
