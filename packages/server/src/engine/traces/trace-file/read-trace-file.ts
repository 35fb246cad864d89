import {
  type Chunk,
  formatBytes,
  openFrameBatches,
} from "../../../platform/json-frames/framing.ts";
import { OPEN_BRACE } from "../../../platform/json-frames/json-bytes.ts";
import { readWhole } from "../../../platform/json-frames/read-whole.ts";
import { MAX_FILE_BYTES, MAX_RECORD_BYTES, MAX_TRACES } from "./limits.ts";
import { NOT_JSON, parseJsonRecord } from "./parse-json-record.ts";
import { createProblemList, type ProblemList } from "./problem-list.ts";
import { createTraceBuilder, type ParsedTrace } from "./trace-builder.ts";
import type { RecordUnit } from "./trace-file-error.ts";

/** Opens the uploaded file from its start; called again when the file must be read twice. */
export type OpenTraceFile = () => Promise<AsyncIterable<Chunk>>;

export interface ReadTraceFileOptions {
  /** How many bad records the error lists (every one is counted). Default 20. */
  maxProblems?: number;
}

const FRAME_LIMITS = { maxFileBytes: MAX_FILE_BYTES, maxRecordBytes: MAX_RECORD_BYTES };

/**
 * Reads an uploaded trace file and yields its traces in file order, as it streams, in batches
 * (the traces of each chunk read: one asynchronous step per chunk, not per trace).
 *
 * Formats: JSONL (one object per line), a JSON array of objects (first non-blank character `[`),
 * or one JSON object, pretty-printed or not: a file whose first character is `{` and whose first
 * line is not valid JSON by itself (or is longer than a record may be) is read again whole (at
 * most 50 MiB) as one document. If that fails too, the file is reported as JSONL, line by line,
 * with a note saying so.
 *
 * Policy (threat D4): one bad record refuses the whole file. Traces are yielded only while no
 * problem has been seen; the reader then goes on checking (so the error lists the first bad
 * records, up to 1,000 counted) and throws a TraceFileError at the end. A consumer that stores
 * traces as they come must do so in a transaction that the error rolls back.
 */
export async function* readTraceFile(
  open: OpenTraceFile,
  options: ReadTraceFileOptions = {},
): AsyncGenerator<ParsedTrace[]> {
  const problems = createProblemList(options.maxProblems);
  const builder = createTraceBuilder(problems);
  const state = { unit: "line" as RecordUnit };

  const framed = readFramed(await open(), builder, problems, state, true);
  let outcome: IteratorResult<ParsedTrace[], "document" | "done">;
  try {
    for (outcome = await framed.next(); !outcome.done; outcome = await framed.next())
      yield outcome.value;
  } finally {
    // The consumer may stop early (its insert failed): close the file either way.
    await framed.return("done");
  }

  if (outcome.value === "document") {
    const document = await readDocument(await open(), builder, problems);
    if (document.kind === "bad") {
      problems.file(
        `the file starts with "{" but is neither JSON Lines nor one JSON object (${document.reason})`,
      );
      // A second pass as JSONL, only to list the bad lines: nothing is yielded with a problem.
      await drain(readFramed(await open(), builder, problems, state, false));
    } else if (builder.count > MAX_TRACES) {
      problems.file(`the file has more than ${MAX_TRACES} traces`);
    } else if (problems.ok && document.traces.length > 0) {
      yield document.traces;
    }
  }

  const grouped = [...builder.finish()];
  if (problems.ok && grouped.length > 0) yield grouped;
  if (problems.ok && builder.count === 0) problems.file("the file has no traces");
  if (!problems.ok) throw problems.error(state.unit);
}

async function drain(batches: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of batches) {
    // Reading is the point.
  }
}

type TraceBuilder = ReturnType<typeof createTraceBuilder>;

/**
 * JSONL or a JSON array, a batch of records at a time. Returns "document" without reading
 * further when the file may be a single JSON object instead: it starts with `{` and its first
 * line is not valid JSON (pretty-printed) or is too long to be a record (one long object).
 */
async function* readFramed(
  source: AsyncIterable<Chunk>,
  builder: TraceBuilder,
  problems: ProblemList,
  state: { unit: RecordUnit },
  mayBeDocument: boolean,
): AsyncGenerator<ParsedTrace[], "document" | "done"> {
  const { format, first: firstByte, frames } = await openFrameBatches(source, FRAME_LIMITS);
  state.unit = format === "json" ? "item" : "line";
  let seenRecord = false;
  for await (const batch of frames) {
    const traces: ParsedTrace[] = [];
    for (const frame of batch) {
      if (frame.kind === "file") {
        problems.file(frame.reason);
        continue;
      }
      const parsed = frame.kind === "bad" ? frame : parseJsonRecord(frame.bytes);
      if (parsed.kind === "blank") continue;
      if (!seenRecord) {
        seenRecord = true;
        const unreadable =
          parsed.kind === "bad" && (parsed.reason === NOT_JSON || frame.kind === "bad");
        if (unreadable && mayBeDocument && format === "jsonl" && firstByte === OPEN_BRACE)
          return "document";
      }
      if (parsed.kind === "bad") {
        problems.record(frame.line, parsed.reason);
        if (problems.full) return "done";
        continue;
      }
      for (const trace of builder.add(parsed.value, parsed.text, frame.line)) traces.push(trace);
      if (builder.count > MAX_TRACES) {
        problems.file(`the file has more than ${MAX_TRACES} traces`);
        return "done";
      }
    }
    if (problems.ok && traces.length > 0) yield traces;
  }
  return "done";
}

type DocumentOutcome = { kind: "traces"; traces: ParsedTrace[] } | { kind: "bad"; reason: string };

/** The whole file as one JSON object: one trace, or an OTLP export's spans to group. */
async function readDocument(
  source: AsyncIterable<Chunk>,
  builder: TraceBuilder,
  problems: ProblemList,
): Promise<DocumentOutcome> {
  const whole = await readWhole(source, MAX_FILE_BYTES);
  if (!whole.ok) return { kind: "bad", reason: whole.reason };
  const parsed = parseJsonRecord(whole.bytes);
  if (parsed.kind === "bad")
    return {
      kind: "bad",
      reason: parsed.reason === NOT_JSON ? syntaxError(whole.bytes) : parsed.reason,
    };
  if (parsed.kind === "blank") return { kind: "bad", reason: "it is empty" };
  const traces = [...builder.add(parsed.value, parsed.text, 1)];
  // A document that is one trace (not spans to group) is held to the per-record limit too.
  if (traces.length > 0 && whole.bytes.length > MAX_RECORD_BYTES) {
    problems.record(1, `the trace is larger than ${formatBytes(MAX_RECORD_BYTES)}`);
    return { kind: "traces", traces: [] };
  }
  return { kind: "traces", traces };
}

/** JSON.parse's own message, which names the line and column of the first error. */
function syntaxError(bytes: Buffer): string {
  try {
    JSON.parse(bytes.toString("utf8"));
    return NOT_JSON;
  } catch (error) {
    return (error as Error).message;
  }
}
