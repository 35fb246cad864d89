// Realistic trace files for the trace benches: LLM trace records of two shapes (performance.md
// §3), written as JSONL or as one JSON array, as many records as fit under the 50 MiB upload limit.
import { MAX_UPLOAD_BYTES } from "@assay/protocol";

const WORDS = (
  "the a service request account billing region deploy cluster token limit retry timeout " +
  "customer order refund invoice shipment warehouse password reset login error latency cache " +
  "database index query replica backup restore storage bucket upload file permission role"
).split(" ");

/** Deterministic text of about `chars` characters (record `seed`, field `salt`). */
function prose(seed: number, salt: number, chars: number): string {
  const words: string[] = [];
  let length = 0;
  let x = (seed * 2654435761 + salt * 40503) >>> 0;
  while (length < chars) {
    x = (x * 1103515245 + 12345) >>> 0;
    const word = WORDS[x % WORDS.length] as string;
    words.push(word);
    length += word.length + 1;
  }
  return `${words.join(" ")}.`;
}

/** Two record shapes: a chat exchange with usage metadata (~1.35 KB), a short one (~0.64 KB). */
export const TRACE_SHAPES = {
  large: (i: number) =>
    JSON.stringify({
      input: [
        {
          role: "system",
          content:
            "You are a support assistant for Acme Cloud. Answer concisely and cite the documentation page you used.",
        },
        { role: "user", content: `Ticket ${i}: ${prose(i, 1, 260)}` },
      ],
      output: prose(i, 2, 640),
      metadata: {
        trace_id: `tr-${i.toString(16).padStart(8, "0")}`,
        model: "gpt-4o-mini",
        latency_ms: 300 + (i % 1700),
        usage: {
          prompt_tokens: 180 + (i % 40),
          completion_tokens: 140 + (i % 60),
          total_tokens: 320 + (i % 100),
        },
        user_id: `u-${i % 5000}`,
        tags: ["production", "support"],
      },
    }),
  small: (i: number) =>
    JSON.stringify({
      input: `Question ${i}: ${prose(i, 3, 150)}`,
      output: prose(i, 4, 300),
      metadata: {
        model: "gpt-4o-mini",
        latency_ms: 200 + (i % 900),
        usage: { prompt_tokens: 40 + (i % 20), completion_tokens: 70 + (i % 30) },
        session: `s-${i % 997}`,
      },
    }),
} as const;

export type TraceShape = keyof typeof TRACE_SHAPES;

/** JSONL (one record a line) or one JSON array of the records (`[` … `]`, one record a line). */
export type TraceFileFormat = "jsonl" | "json";

/** What the upload call declares for the format (wire protocol §9.1). */
export const TRACE_FILE_TYPES: Record<TraceFileFormat, string> = {
  jsonl: "application/jsonl",
  json: "application/json",
};

/** A trace file of the shape, as many records as fit under `maxBytes` (the upload limit). */
export function generateTraceFile(
  shape: TraceShape,
  format: TraceFileFormat = "jsonl",
  maxBytes = MAX_UPLOAD_BYTES,
): { bytes: Buffer; lines: number } {
  const json = format === "json";
  const records: string[] = [];
  // JSONL: each record and its LF. JSON: "[\n", the records joined by ",\n", "\n]\n" (2n + 3).
  let size = json ? 3 : 0;
  for (let i = 0; ; i += 1) {
    const record = TRACE_SHAPES[shape](i);
    const bytes = Buffer.byteLength(record) + (json ? 2 : 1);
    if (size + bytes > maxBytes) break;
    records.push(record);
    size += bytes;
  }
  const text = json ? `[\n${records.join(",\n")}\n]\n` : `${records.join("\n")}\n`;
  return { bytes: Buffer.from(text), lines: records.length };
}
