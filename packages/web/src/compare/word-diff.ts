/** A run of words both texts share, or that only the first (`removed`) or second (`added`) has. */
export interface DiffPart {
  kind: "same" | "removed" | "added";
  text: string;
}

/**
 * Words and the whitespace after them stay one token: the diff re-joins to the second text
 * exactly, and to the first up to the spacing of the shared words.
 */
function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+\s*/g) ?? [];
}

/** Past this many token pairs the quadratic table is not worth it: the answers differ wholesale. */
const MAX_CELLS = 250_000;

/**
 * A word-level diff of two answers: the longest common subsequence of their tokens (compared
 * without trailing whitespace), then runs of kept, removed and added tokens. Quadratic, which is
 * fine for answers; very long pairs come back as one removal and one addition.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  const key = (t: string) => t.trimEnd();
  if (a.length * b.length > MAX_CELLS) return join([...mark(a, "removed"), ...mark(b, "added")]);
  // lcs[i][j]: the common subsequence's length of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      lcs[i]![j] =
        key(a[i]!) === key(b[j]!)
          ? lcs[i + 1]![j + 1]! + 1
          : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && key(a[i]!) === key(b[j]!)) {
      parts.push({ kind: "same", text: b[j]! });
      i += 1;
      j += 1;
    } else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      // Removals first: a changed word reads as "old → new".
      parts.push({ kind: "removed", text: a[i++]! });
    } else {
      parts.push({ kind: "added", text: b[j++]! });
    }
  }
  return join(parts);
}

function mark(list: string[], kind: DiffPart["kind"]): DiffPart[] {
  return list.map((text) => ({ kind, text }));
}

/** Neighbouring tokens of one kind become one part. */
function join(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const part of parts) {
    const last = out.at(-1);
    if (last && last.kind === part.kind) last.text += part.text;
    else out.push({ ...part });
  }
  return out;
}
