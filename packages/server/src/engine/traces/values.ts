// What the server adds to the trace readers of @assay/protocol/trace-shapes: the bounded input
// preview kept with every trace, and the indenting of the judge's text.

/**
 * `input` is listed with every trace and searched, so it is a bounded preview; the whole record
 * stays in `data`. NUL characters are dropped: PostgreSQL text cannot hold them.
 */
export const MAX_INPUT_CHARS = 65_536;

export function toInputText(value: string): string {
  const clean = value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
  if (clean.length <= MAX_INPUT_CHARS) return clean;
  // Never cut between the two halves of a surrogate pair (an emoji, say).
  let end = MAX_INPUT_CHARS - 1;
  const last = clean.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${clean.slice(0, end)}…`;
}

/** Indents every line after the first, so multi-line text stays under its label. */
export function indentRest(value: string, indent = "  "): string {
  return value.includes("\n") ? value.replaceAll("\n", `\n${indent}`) : value;
}
