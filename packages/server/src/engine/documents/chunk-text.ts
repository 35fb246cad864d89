export interface ChunkOptions {
  /** Longest chunk, in UTF-16 code units. Default 6,000 (about 1,500 tokens of English). */
  size?: number;
  /** How much of the end of a chunk the next one repeats, at most. Default 200; below size / 2. */
  overlap?: number;
}

export const DEFAULT_CHUNK_SIZE = 6000;
export const DEFAULT_CHUNK_OVERLAP = 200;

/** A chunk ends in its second half, so a boundary early in the window doesn't waste a call. */
const MIN_FILL = 0.5;

/**
 * Where a chunk may end, best first: after a blank line, a line end, a sentence end, a space.
 * Each match's end is a place to cut; text the next chunk starts with never begins with blanks.
 */
const BOUNDARIES = [
  /\n[ \t]*\n\s*/g,
  /\n\s*/g,
  /(?:[.!?…]["'”’)\]]*\s+|[。！？]\s*)/gu,
  /\s+/g,
] as const;

/**
 * Splits text into chunks of at most `size` characters, cut at the best boundary in the second
 * half of each window (paragraph, then line, then sentence, then word; a hard cut only inside a
 * word longer than half a chunk). Each chunk after the first starts up to `overlap` characters
 * before the previous one ended, at a boundary, so a fact cut in two is whole in one of them.
 * The same text always gives the same chunks; blank text gives none.
 */
export function chunkText(text: string, options: ChunkOptions = {}): string[] {
  const size = options.size ?? DEFAULT_CHUNK_SIZE;
  const overlap = options.overlap ?? DEFAULT_CHUNK_OVERLAP;
  if (!Number.isInteger(size) || size < 10) throw new RangeError("chunk size must be at least 10");
  if (!Number.isInteger(overlap) || overlap < 0 || overlap >= size * MIN_FILL)
    throw new RangeError("chunk overlap must be an integer from 0 to below half the size");

  const source = text.replace(/\r\n?/g, "\n").trim();
  // Fresh regular expressions: their lastIndex is state, and must not be shared between calls.
  const boundaries = BOUNDARIES.map((re) => new RegExp(re.source, re.flags));
  const chunks: string[] = [];
  let start = 0;
  while (start < source.length) {
    if (source.length - start <= size) {
      chunks.push(source.slice(start));
      break;
    }
    const end = chunkEnd(source, boundaries, start, size);
    chunks.push(source.slice(start, end).trimEnd());
    start = nextStart(source, boundaries, start, end, overlap);
  }
  return chunks;
}

function chunkEnd(text: string, boundaries: RegExp[], start: number, size: number): number {
  const limit = start + size;
  for (const boundary of boundaries) {
    const cuts = cutsBetween(text, boundary, start, start + Math.ceil(size * MIN_FILL), limit);
    if (cuts.length > 0) return cuts[cuts.length - 1] as number;
  }
  // One "word" fills the window: cut it, but not between the halves of a surrogate pair.
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

/** The earliest best boundary in the last `overlap` characters of the chunk, else its end. */
function nextStart(
  text: string,
  boundaries: RegExp[],
  start: number,
  end: number,
  overlap: number,
): number {
  if (overlap === 0) return end;
  for (const boundary of boundaries) {
    const cuts = cutsBetween(text, boundary, start, Math.max(start + 1, end - overlap), end - 1);
    if (cuts.length > 0) return cuts[0] as number;
  }
  return end;
}

/**
 * Ends of `boundary` matches, scanning from `from`, that fall in [low, high]. The scan sees one
 * character past `high`, so a separator running on past it is not taken for one ending there;
 * and never more, so a text without any such boundary is not searched to its end for each chunk.
 */
function cutsBetween(
  text: string,
  boundary: RegExp,
  from: number,
  low: number,
  high: number,
): number[] {
  const window = text.slice(from, high + 1);
  const cuts: number[] = [];
  boundary.lastIndex = 0;
  for (let match = boundary.exec(window); match !== null; match = boundary.exec(window)) {
    const cut = from + match.index + match[0].length;
    if (cut > high) break;
    if (cut >= low) cuts.push(cut);
  }
  return cuts;
}
