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
 * The bytes of the record being read, as the chunks it spans arrive, held up to `limit`: past it
 * they are dropped and only the fact is kept, so no record is buffered beyond its limit.
 */
function createPartialRecord(limit: number) {
  let parts: Buffer[] = [];
  let held = 0;
  let tooLong = false;
  return {
    keep(part: Buffer): void {
      if (tooLong || part.length === 0) return;
      if (held + part.length > limit) {
        tooLong = true;
        parts = [];
        held = 0;
        return;
      }
      parts.push(part);
      held += part.length;
    },
    /** Some bytes were kept (or dropped) since the last take. */
    get started(): boolean {
      return held > 0 || tooLong;
    },
    /**
     * The record's bytes (a view of its chunk when it lies in one; only a record split across
     * chunks is copied) and whether it passed the limit; the next record starts empty.
     */
    take(): { bytes: Buffer; tooLong: boolean } {
      const bytes = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, held);
      const record = { bytes, tooLong };
      parts = [];
      held = 0;
      tooLong = false;
      return record;
    },
  };
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
  // One byte of slack for the CR of a CRLF line end.
  const current = createPartialRecord(maxLine + 1);
  let line = 1;
  let total = 0;

  const finish = (): Frame => {
    let { bytes, tooLong } = current.take();
    if (bytes.at(-1) === CR) bytes = bytes.subarray(0, -1);
    const frame: Frame =
      tooLong || bytes.length > maxLine
        ? { kind: "bad", line, reason: tooLongReason }
        : { kind: "record", line, bytes };
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
      current.keep(chunk.subarray(start, end));
      batch.push(finish());
      start = end + 1;
    }
    current.keep(chunk.subarray(start));
    if (batch.length > 0) yield batch;
  }
  // A last line without a line end.
  if (current.started) yield [finish()];
}

/** A JSON array, its items framed as chunks arrive (createJsonArraySplitter). */
async function* jsonArrayBatches(
  chunks: AsyncIterable<Buffer>,
  limits: FrameLimits,
): AsyncGenerator<Frame[]> {
  const splitter = createJsonArraySplitter(limits.maxRecordBytes);
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > limits.maxFileBytes) {
      yield [fileTooLarge(limits)];
      return;
    }
    const frames = splitter.push(chunk);
    if (frames.length > 0) yield frames;
  }
  const last = splitter.end();
  if (last.length > 0) yield last;
}

/**
 * Whitespace after an item, before its comma, is held with the item (and trimmed when it ends) up
 * to this much beyond the item limit; an item followed by more is reported as too long.
 */
const WHITESPACE_SLACK = 64 * 1024;

/**
 * Finds the top-level items of a JSON array as its chunks arrive, by tracking strings and bracket
 * depth; `push` answers the frames a chunk completes, `end` those the end of the file does. The
 * items are not checked here: a malformed one fails to parse on its own. Only the item being read
 * is held (a view of its chunk, or a copy when it spans chunks), so a 50 MB array costs what its
 * largest item does, as JSONL does. The structural characters are ASCII and never occur inside a
 * multi-byte UTF-8 sequence, so scanning bytes is safe.
 */
export function createJsonArraySplitter(maxItemBytes: number) {
  let opened = false;
  let closed = false;
  let textAfter = false;
  let depth = 0;
  let inString = false;
  /** Inside a string, the chunk ended on an unpaired backslash: the next byte is escaped. */
  let escaped = false;
  let item = 1;
  /** A non-whitespace byte of the current item was seen. */
  let inItem = false;
  const current = createPartialRecord(maxItemBytes + WHITESPACE_SLACK);

  function finish(): Frame {
    const line = item++;
    const { bytes, tooLong } = current.take();
    const wasItem = inItem;
    inItem = false;
    if (!wasItem) return { kind: "bad", line, reason: "item is empty" };
    let stop = bytes.length;
    while (stop > 0 && isWhitespace(bytes[stop - 1] as number)) stop -= 1;
    if (tooLong || stop > maxItemBytes)
      return { kind: "bad", line, reason: `item is longer than ${formatBytes(maxItemBytes)}` };
    return { kind: "record", line, bytes: bytes.subarray(0, stop) };
  }

  /**
   * Scans string bytes from `i`: the index of the quote that closes the string (one preceded by
   * an even number of backslashes), or -1 when the chunk ends first. indexOf jumps keep it fast:
   * most of a file's bytes are inside strings.
   */
  function closingQuoteFrom(chunk: Buffer, i: number): number {
    let from = i;
    if (escaped) {
      if (from >= chunk.length) return -1;
      escaped = false;
      from += 1;
    }
    const start = from;
    for (;;) {
      const quote = chunk.indexOf(QUOTE, from);
      const end = quote === -1 ? chunk.length : quote;
      let backslashes = 0;
      while (end - 1 - backslashes >= start && chunk[end - 1 - backslashes] === BACKSLASH)
        backslashes += 1;
      if (quote === -1) {
        escaped = backslashes % 2 === 1;
        return -1;
      }
      if (backslashes % 2 === 0) return quote;
      from = quote + 1;
    }
  }

  return {
    push(chunk: Buffer): Frame[] {
      const frames: Frame[] = [];
      let i = 0;
      if (!opened) {
        const at = chunk.indexOf(OPEN_BRACKET);
        if (at === -1) return frames;
        opened = true;
        i = at + 1;
      }
      if (closed) {
        textAfter ||= chunk.some((byte) => !isWhitespace(byte));
        return frames;
      }
      let from = inItem ? i : -1;
      for (; i < chunk.length; i++) {
        if (inString) {
          const quote = closingQuoteFrom(chunk, i);
          if (quote === -1) break;
          inString = false;
          i = quote;
          continue;
        }
        const byte = chunk[i] as number;
        if (isWhitespace(byte)) continue;
        if (depth === 0 && (byte === COMMA || byte === CLOSE_BRACKET)) {
          if (from !== -1) current.keep(chunk.subarray(from, i));
          from = -1;
          // `[]` and `[ ]` have no items; `[1,]` has an empty second one.
          if (byte === COMMA || inItem || item > 1) frames.push(finish());
          if (byte === CLOSE_BRACKET) {
            closed = true;
            textAfter = chunk.subarray(i + 1).some((b) => !isWhitespace(b));
            return frames;
          }
          continue;
        }
        if (!inItem) {
          inItem = true;
          from = i;
        }
        if (byte === QUOTE) {
          inString = true;
          const quote = closingQuoteFrom(chunk, i + 1);
          if (quote === -1) break;
          inString = false;
          i = quote;
        } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth += 1;
        else if ((byte === CLOSE_BRACE || byte === CLOSE_BRACKET) && depth > 0) depth -= 1;
      }
      if (from !== -1) current.keep(chunk.subarray(from));
      return frames;
    },

    end(): Frame[] {
      if (closed)
        return textAfter ? [{ kind: "file", reason: "there is text after the JSON array" }] : [];
      const frames: Frame[] = inItem ? [finish()] : [];
      frames.push({ kind: "file", reason: "the JSON array is not closed" });
      return frames;
    },
  };
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
