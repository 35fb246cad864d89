import type { Hash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import { parse as parseCsv } from "csv-parse";
import { unzipSync } from "fflate";
import { parquetReadObjects } from "hyparquet";
import type { BenchmarkSource } from "./benchmark-definition.ts";

/** One record as it stands in the file, before validation. */
export interface RawRecord {
  value: unknown;
  /** 1-based position among the records. */
  row: number;
  /** Where a person finds it: "line 12" (JSONL, CSV) or "row 12". */
  location: string;
}

/** A record that cannot even be parsed (bad JSON line, not a parquet file, not an array). */
export class RawRecordError extends Error {
  override name = "RawRecordError";
}

/**
 * The records of a file in `format`, hashing every byte into `hash` on the way. JSONL is streamed
 * line by line (MMLU-sized files must not sit in memory twice), CSV record by record (a record may
 * span lines: quoted fields hold newlines); JSON has no record boundary to
 * stream on and parquet needs random access to its footer, so those are read whole.
 */
export function readRawRecords(
  path: string,
  source: Pick<BenchmarkSource, "format" | "entries">,
  hash: Hash,
): AsyncGenerator<RawRecord> {
  switch (source.format) {
    case "jsonl":
      return readJsonl(path, hash);
    case "json":
      return readJson(path, hash);
    case "parquet":
      return readParquet(path, hash);
    case "csv":
      return readCsv(path, hash);
    case "zip":
      return readZip(path, hash, source.entries ?? /\.json$/);
  }
}

async function* readJsonl(path: string, hash: Hash): AsyncGenerator<RawRecord> {
  const input = createReadStream(path);
  // readline pauses the stream for backpressure, which pauses this listener too: every chunk is
  // hashed exactly once, in order.
  input.on("data", (chunk) => hash.update(chunk));
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNumber = 0;
  let row = 0;
  try {
    for await (const line of lines) {
      lineNumber += 1;
      const text = lineNumber === 1 ? line.replace(/^\uFEFF/, "") : line;
      if (text.trim() === "") continue;
      row += 1;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new RawRecordError(
          `line ${lineNumber}: not valid JSON (${(error as Error).message})`,
        );
      }
      yield { value, row, location: `line ${lineNumber}` };
    }
  } finally {
    lines.close();
    input.destroy();
  }
}

async function* readJson(path: string, hash: Hash): AsyncGenerator<RawRecord> {
  const bytes = await readFile(path);
  hash.update(bytes);
  let document: unknown;
  try {
    document = JSON.parse(bytes.toString("utf8").replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new RawRecordError(`not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(document)) {
    throw new RawRecordError("expected a JSON array of records");
  }
  for (const [index, value] of document.entries()) {
    yield { value, row: index + 1, location: `row ${index + 1}` };
  }
}

async function* readParquet(path: string, hash: Hash): AsyncGenerator<RawRecord> {
  const bytes = await readFile(path);
  hash.update(bytes);
  // hyparquet wants an ArrayBuffer of exactly the file; a Buffer may be a view on a larger one.
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  let rows: Record<string, unknown>[];
  try {
    rows = await parquetReadObjects({ file });
  } catch (error) {
    throw new RawRecordError(`not a readable parquet file (${(error as Error).message})`);
  }
  for (const [index, value] of rows.entries()) {
    yield { value, row: index + 1, location: `row ${index + 1}` };
  }
}

/**
 * CSV with a header row (RFC 4180 quoting): each record is an object of its fields by column name,
 * every value a string, as the file has it. A record whose field count differs from the header's
 * is refused with its line, rather than read shifted.
 */
async function* readCsv(path: string, hash: Hash): AsyncGenerator<RawRecord> {
  const input = createReadStream(path);
  input.on("data", (chunk) => hash.update(chunk));
  const parser = input.pipe(
    parseCsv({ columns: true, bom: true, skip_empty_lines: true, info: true }),
  );
  let row = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      row += 1;
      yield { value: record, row, location: `line ${info.lines}` };
    }
  } catch (error) {
    throw new RawRecordError(`not valid CSV (${(error as Error).message})`);
  } finally {
    input.destroy();
  }
}

/**
 * A repository's archive (GitHub's `archive/<commit>.zip`): every entry whose path matches
 * `entries` is one record, `{ file, content }`, in path order. Archives of benchmark repositories
 * are a few MiB, read whole; an archive with no matching entry is refused, as is bad JSON.
 */
async function* readZip(path: string, hash: Hash, entries: RegExp): AsyncGenerator<RawRecord> {
  const bytes = await readFile(path);
  hash.update(bytes);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => entries.test(file.name) });
  } catch (error) {
    throw new RawRecordError(`not a readable zip archive (${(error as Error).message})`);
  }
  const names = Object.keys(files).sort();
  if (names.length === 0) throw new RawRecordError(`the archive has no file matching ${entries}`);
  const decoder = new TextDecoder();
  for (const [index, name] of names.entries()) {
    let content: unknown;
    try {
      content = JSON.parse(decoder.decode(files[name]).replace(/^\uFEFF/, ""));
    } catch (error) {
      throw new RawRecordError(`${name}: not valid JSON (${(error as Error).message})`);
    }
    const file = name
      .split("/")
      .at(-1)!
      .replace(/\.json$/, "");
    yield { value: { file, content }, row: index + 1, location: name };
  }
}
