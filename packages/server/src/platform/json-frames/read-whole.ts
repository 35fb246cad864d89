import { type Chunk, formatBytes, withoutBom } from "./framing.ts";

/**
 * A whole (small enough) file as one Buffer without its byte order mark, or the reason it is
 * refused: reading stops as soon as it passes `maxBytes`, so no more is ever held.
 */
export async function readWhole(
  source: AsyncIterable<Chunk>,
  maxBytes: number,
): Promise<{ ok: true; bytes: Buffer } | { ok: false; reason: string }> {
  const parts: Buffer[] = [];
  let total = 0;
  // Leaving the loop early closes the source (for await calls the iterator's return).
  for await (const chunk of withoutBom(source)) {
    total += chunk.length;
    if (total > maxBytes) {
      return { ok: false, reason: `the file is larger than ${formatBytes(maxBytes)}` };
    }
    parts.push(chunk);
  }
  return { ok: true, bytes: Buffer.concat(parts, total) };
}
