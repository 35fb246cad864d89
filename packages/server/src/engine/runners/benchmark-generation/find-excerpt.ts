/** Characters of context kept around the answer, at most. */
const MAX_EXCERPT = 300;

/**
 * The sentence (or line) of `text` where `answer` first appears as whole words, for a reviewer to
 * check the answer against; undefined when it does not appear word for word (case and spacing
 * aside).
 */
export function findExcerpt(text: string, answer: string): string | undefined {
  const words = answer.trim().split(/\s+/).filter(Boolean).map(escapeRegExp);
  if (words.length === 0) return undefined;
  // Not inside a longer word or number: "4" is not found in "2048".
  const match = new RegExp(`(?<![\\p{L}\\p{N}])${words.join("\\s+")}(?![\\p{L}\\p{N}])`, "iu").exec(
    text,
  );
  if (!match) return undefined;
  const found = match.index;
  const foundEnd = found + match[0].length;
  const room = Math.max(0, Math.floor((MAX_EXCERPT - match[0].length) / 2));
  let start = Math.max(0, found - room);
  let end = Math.min(text.length, foundEnd + room);
  const before = text.slice(start, found);
  const sentenceStart = Math.max(before.lastIndexOf("\n"), lastSentenceEnd(before));
  if (sentenceStart >= 0) start += sentenceStart + 1;
  const after = text.slice(foundEnd, end);
  const sentenceEnd = after.search(/[.!?。！？](?=\s|$)|\n/);
  if (sentenceEnd >= 0) end = foundEnd + sentenceEnd + (after[sentenceEnd] === "\n" ? 0 : 1);
  return text.slice(start, end).replace(/\s+/g, " ").trim();
}

/** Index of the whitespace after the last sentence end in `text`, or -1. */
function lastSentenceEnd(text: string): number {
  let last = -1;
  for (const match of text.matchAll(/[.!?。！？]\s/g)) last = match.index + 1;
  return last;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
