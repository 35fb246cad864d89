import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COMMA,
  CR,
  LF,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  SPACE,
  TAB,
} from "./json-bytes.ts";

// Framing: how an uploaded file splits into records, before any record is parsed. Both formats
// yield the same frames, so one loop validates records and counts problems for either. Shared by
// the custom benchmark import (1 MiB rows) and the trace import (larger records).

export type FrameFormat = "jsonl" | "json";

export interface FrameLimits {
  /** The upload limit: the framer never holds more, and reports a larger file. */
  maxFileBytes: number;
  /** One JSONL line or one JSON array item, without its line end. */
  maxRecordBytes: number;
}

/** `line` is the 1-based line number (JSONL) or item number (JSON array). */
export type Frame =
  | { kind: "record"; line: number; bytes: Buffer }
  | { kind: "bad"; line: number; reason: string }
  /** A problem with the file as a whole; no frames follow one for a file that is too large. */
  | { kind: "file"; reason: string };

export type Chunk = Buffer | Uint8Array | string;

/** `52428800` → `50 MiB`, `1048576` → `1 MiB`, for messages. */
export function formatBytes(bytes: number): string {
  const mib = bytes / 1048576;
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}

const fileTooLarge = (limits: FrameLimits): Frame => ({
  kind: "file",
  reason: `the file is larger than ${formatBytes(limits.maxFileBytes)}`,
});

const isWhitespace = (byte: number) => byte === SPACE || byte === LF || byte === CR || byte === TAB;

/** The first byte that is not JSON whitespace, if any (a plain loop: no callback per byte). */
function firstNonWhitespace(bytes: Buffer): number | undefined {
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (!isWhitespace(byte)) return byte;
  }
  return undefined;
}

export interface OpenedFrames<T> {
  format: FrameFormat;
  /** The file's first non-whitespace byte; undefined for a blank file. */
  first: number | undefined;
  frames: AsyncGenerator<T>;
}

/**
 * Decides the format from the first non-whitespace byte (`[` is a JSON array, anything else
 * JSONL) and returns the file's frames, in batches: the frames of each chunk read, so that a
 * consumer pays one asynchronous step per chunk rather than per record (measurable on files of
 * tens of thousands of small records). Only the chunks before that byte are read ahead.
 */
export async function openFrameBatches(
  source: AsyncIterable<Chunk>,
  limits: FrameLimits,
): Promise<OpenedFrames<Frame[]>> {
  const chunks = withoutBom(source);
  const head: Buffer[] = [];
  let headBytes = 0;
  let first: number | undefined;
  while (first === undefined && headBytes <= limits.maxFileBytes) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    headBytes += next.value.length;
    first = firstNonWhitespace(next.value);
  }
  const all = replay(head, chunks);
  return first === OPEN_BRACKET
    ? { format: "json", first, frames: jsonArrayBatches(all, limits) }
    : { format: "jsonl", first, frames: jsonlBatches(all, limits) };
}

/** The same frames one by one. */
export async function openFrames(
  source: AsyncIterable<Chunk>,
  limits: FrameLimits,
): Promise<OpenedFrames<Frame>> {
  const opened = await openFrameBatches(source, limits);
  return { ...opened, frames: oneByOne(opened.frames) };
}

async function* oneByOne(batches: AsyncGenerator<Frame[]>): AsyncGenerator<Frame> {
  for await (const batch of batches) yield* batch;
}

async function* replay(head: Buffer[], rest: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* head;
    yield* rest;
  } finally {
    // Stopping early (too many rows) must still close the source stream.
    await rest.return(undefined);
  }
}

/** The source's chunks as Buffers, without a leading UTF-8 byte order mark. */
export async function* withoutBom(source: AsyncIterable<Chunk>): AsyncGenerator<Buffer> {
  let start = Buffer.alloc(0);
  let checked = false;
  for await (const chunk of source) {
    const bytes = toBuffer(chunk);
    if (checked) {
      yield bytes;
      continue;
    }
    // The three BOM bytes may arrive in different chunks.
    start = Buffer.concat([start, bytes]);
    if (start.length < 3) continue;
    checked = true;
    yield start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf ? start.subarray(3) : start;
  }
  if (!checked && start.length > 0) yield start;
}

function toBuffer(chunk: Chunk): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === "string") return Buffer.from(chunk, "utf8");
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/**
 * JSONL, line by line as chunks arrive. A line longer than the limit is dropped as soon as it
 * passes the limit (its remaining bytes are only counted), so no line is buffered beyond it.
 */
async function* jsonlBatches(
  chunks: AsyncIterable<Buffer>,
  limits: FrameLimits,
): AsyncGenerator<Frame[]> {
  const maxLine = limits.maxRecordBytes;
  const tooLongReason = `line is longer than ${formatBytes(maxLine)}`;
  let parts: Buffer[] = [];
  let partBytes = 0;
  let tooLong = false;
  let line = 1;
  let total = 0;

  const take = (part: Buffer) => {
    if (tooLong || part.length === 0) return;
    // One byte of slack for the CR of a CRLF line end.
    if (partBytes + part.length > maxLine + 1) {
      tooLong = true;
      parts = [];
      partBytes = 0;
      return;
    }
    parts.push(part);
    partBytes += part.length;
  };

  const finish = (): Frame => {
    // A line within one chunk is a view of it; only a line split across chunks is copied.
    let bytes = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, partBytes);
    if (bytes.at(-1) === CR) bytes = bytes.subarray(0, -1);
    const frame: Frame =
      tooLong || bytes.length > maxLine
        ? { kind: "bad", line, reason: tooLongReason }
        : { kind: "record", line, bytes };
    parts = [];
    partBytes = 0;
    tooLong = false;
    line += 1;
    return frame;
  };

  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > limits.maxFileBytes) {
      yield [fileTooLarge(limits)];
      return;
    }
    const batch: Frame[] = [];
    let start = 0;
    for (let end = chunk.indexOf(LF); end !== -1; end = chunk.indexOf(LF, start)) {
      take(chunk.subarray(start, end));
      batch.push(finish());
      start = end + 1;
    }
    take(chunk.subarray(start));
    if (batch.length > 0) yield batch;
  }
  // A last line without a line end.
  if (partBytes > 0 || tooLong) yield [finish()];
}

/** Items per batch of a JSON array (read whole, so batches only bound the arrays handed out). */
const ARRAY_BATCH = 1024;

/**
 * A JSON array, read whole (at most the file limit), then split into its items so that each is
 * parsed and reported on its own ("item 3: not valid JSON") instead of one error for the file.
 */
async function* jsonArrayBatches(
  chunks: AsyncIterable<Buffer>,
  limits: FrameLimits,
): AsyncGenerator<Frame[]> {
  const parts: Buffer[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > limits.maxFileBytes) {
      yield [fileTooLarge(limits)];
      return;
    }
    parts.push(chunk);
  }
  let batch: Frame[] = [];
  for (const frame of splitJsonArray(Buffer.concat(parts, total), limits.maxRecordBytes)) {
    batch.push(frame);
    if (batch.length === ARRAY_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Finds the top-level items of a JSON array by tracking strings and bracket depth. The items are
 * not checked here: a malformed one fails to parse on its own. The structural characters are
 * ASCII and never occur inside a multi-byte UTF-8 sequence, so scanning bytes is safe.
 */
export function* splitJsonArray(text: Buffer, maxItemBytes: number): Generator<Frame> {
  let item = 1;
  let start = -1;
  let depth = 0;
  let i = text.indexOf(OPEN_BRACKET) + 1;
  for (; i < text.length; i++) {
    const byte = text[i]!;
    if (isWhitespace(byte)) continue;
    if (depth === 0 && (byte === COMMA || byte === CLOSE_BRACKET)) {
      // `[]` and `[ ]` have no items; `[1,]` has an empty second one.
      if (byte === COMMA || start !== -1 || item > 1)
        yield itemFrame(text, start, i, item++, maxItemBytes);
      start = -1;
      if (byte === CLOSE_BRACKET) break;
      continue;
    }
    if (start === -1) start = i;
    if (byte === QUOTE) i = closingQuote(text, i);
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth += 1;
    else if ((byte === CLOSE_BRACE || byte === CLOSE_BRACKET) && depth > 0) depth -= 1;
  }
  if (i >= text.length) {
    if (start !== -1) yield itemFrame(text, start, text.length, item, maxItemBytes);
    yield { kind: "file", reason: "the JSON array is not closed" };
  } else if (text.subarray(i + 1).some((byte) => !isWhitespace(byte))) {
    yield { kind: "file", reason: "there is text after the JSON array" };
  }
}

/**
 * The index of the quote that closes the string opened at `open` (one preceded by an even number
 * of backslashes), or the text's length when the string is never closed. Jumping with indexOf
 * keeps the scan fast: most of a dataset's bytes are inside strings.
 */
export function closingQuote(text: Buffer, open: number): number {
  let quote = open;
  for (;;) {
    quote = text.indexOf(QUOTE, quote + 1);
    if (quote === -1) return text.length;
    let backslashes = 0;
    while (text[quote - 1 - backslashes] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
  }
}

function itemFrame(
  text: Buffer,
  start: number,
  end: number,
  line: number,
  maxItemBytes: number,
): Frame {
  if (start === -1) return { kind: "bad", line, reason: "item is empty" };
  let stop = end;
  while (stop > start && isWhitespace(text[stop - 1]!)) stop -= 1;
  if (stop - start > maxItemBytes) {
    return { kind: "bad", line, reason: `item is longer than ${formatBytes(maxItemBytes)}` };
  }
  return { kind: "record", line, bytes: text.subarray(start, stop) };
}
