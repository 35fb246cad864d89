// Limits on an uploaded benchmark file (threat D4 in the reliability research): each bounds the
// memory or CPU one upload can cost before a single row is imported.

/** The upload path refuses larger files; the parser checks again so it never holds more. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** One JSONL line or one JSON array item, without its line end. */
export const MAX_LINE_BYTES = 1024 * 1024;
export const MAX_ROWS = 100_000;
/** Nesting of objects and arrays in one row (`{"a":1}` is depth 1). */
export const MAX_DEPTH = 64;
/** A row's `input`, serialized as JSON. */
export const MAX_INPUT_BYTES = 256 * 1024;
export const MAX_SUBSET_CHARS = 200;
export const MAX_ID_CHARS = 200;
export const DEFAULT_MAX_PROBLEMS = 20;
