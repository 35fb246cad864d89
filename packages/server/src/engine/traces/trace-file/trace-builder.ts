import type { TraceFormat } from "@assay/protocol";
import type { JsonObject } from "@assay/protocol/trace-shapes";
import { formatBytes } from "../../../platform/json-frames/framing.ts";
import { otelTraceInput } from "../otel/otel-genai.ts";
import { createSpanGroups, spansOfRecord } from "../otel/spans.ts";
import { recognizeTrace } from "../recognize.ts";
import { summarizeTrace, type TraceSummary } from "../summary/trace-summary.ts";
import { toInputText } from "../values.ts";
import { MAX_RECORD_BYTES } from "./limits.ts";
import type { ProblemList } from "./problem-list.ts";

export interface ParsedTrace {
  /** 1-based number of the trace in its file: the order of the ids the create call answers. */
  position: number;
  /** The line (JSONL, JSON document) or item (JSON array) it came from. */
  line: number;
  format: TraceFormat;
  input: string;
  /** The trace's data as JSON text. */
  data: string;
  /** Latency, tokens, model, service, session and user, as far as the trace says. */
  summary: TraceSummary;
}

/**
 * Turns parsed records into traces: a record of a recognized shape is one trace, at once; spans
 * (OTLP exports, span records) are held and grouped by trace id, and become traces at the end,
 * after the file's other records, in the order their trace ids first appeared.
 */
export function createTraceBuilder(problems: ProblemList) {
  const groups = createSpanGroups();
  let position = 0;

  return {
    /** Traces made or pending so far (for the per-file cap). */
    get count(): number {
      return position + groups.size;
    },

    *add(value: JsonObject, text: string, line: number): Generator<ParsedTrace> {
      const spans = spansOfRecord(value);
      if (spans !== undefined) {
        groups.add(spans, line);
        return;
      }
      const { format, input } = recognizeTrace(value);
      position += 1;
      // JSONL lines are stored as sent; pretty-printed JSON (array items, a whole document)
      // compactly. A line end outside a string is the only way a record's text spans lines.
      const data = text.includes("\n") ? JSON.stringify(value) : text;
      yield { position, line, format, input, data, summary: summarizeTrace(format, value) };
    },

    /** The grouped span traces, once every record has been read. */
    *finish(): Generator<ParsedTrace> {
      for (const { line, data } of groups.traces()) {
        const json = JSON.stringify(data);
        if (Buffer.byteLength(json) > MAX_RECORD_BYTES) {
          problems.record(
            line,
            `trace ${data.trace_id} is larger than ${formatBytes(MAX_RECORD_BYTES)} once its spans are grouped`,
          );
          continue;
        }
        position += 1;
        yield {
          position,
          line,
          format: "otel_genai",
          input: toInputText(otelTraceInput(data)),
          data: json,
          summary: summarizeTrace("otel_genai", data),
        };
      }
    },
  };
}
