import { MAX_UPLOAD_BYTES } from "@assay/protocol/files";

// Limits on an uploaded trace file (threats D4 and G5 in the reliability research): each bounds
// what one upload can cost before a single trace is stored, or what one trace costs a judge.

/** The upload limit (50 MiB); the reader checks again so it never holds more. */
export const MAX_FILE_BYTES = MAX_UPLOAD_BYTES;
/**
 * One trace: a JSONL line, a JSON array item, or one trace of an OTLP export once grouped. An
 * agent run with its tool outputs legitimately reaches megabytes; 8 MiB keeps the largest record
 * and its parse (a few times its size) well inside the service's memory budget.
 */
export const MAX_RECORD_BYTES = 8 * 1024 * 1024;
/** Traces one file may create: 50 MiB of 0.5 KB records; keeps the answer's id list bounded. */
export const MAX_TRACES = 100_000;
/** Nesting of objects and arrays in one record; the renderers walk records recursively. */
export const MAX_DEPTH = 128;
/** Bad records listed in the error; every bad record up to MAX_BAD_RECORDS is counted. */
export const DEFAULT_MAX_PROBLEMS = 20;
/** A file this broken is not worth reading to its end. */
export const MAX_BAD_RECORDS = 1000;
