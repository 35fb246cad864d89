import { Readable } from "node:stream";
import {
  AGENT_TRACE_ID,
  agentRun,
  chatExchange,
  LEGACY_TRACE_ID,
  openAiLog,
  otlpExport,
  otlpExportContinued,
  plainRecord,
  textExchange,
} from "@assay/test-kit/trace-samples.ts";
import { describe, expect, it } from "vitest";
import { MAX_BAD_RECORDS, MAX_RECORD_BYTES, MAX_TRACES } from "./limits.ts";
import { readTraceFile } from "./read-trace-file.ts";
import type { ParsedTrace } from "./trace-builder.ts";
import { TraceFileError } from "./trace-file-error.ts";

type Content = string | Buffer | (() => Iterable<Buffer>);

/** The file's content as a fresh stream each time it is opened, in small chunks. */
const opener = (content: Content) => async () => {
  if (typeof content === "function") return Readable.from(content());
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 7919) chunks.push(bytes.subarray(i, i + 7919));
  return Readable.from(chunks);
};

async function read(content: Content): Promise<ParsedTrace[]> {
  const traces: ParsedTrace[] = [];
  for await (const batch of readTraceFile(opener(content))) traces.push(...batch);
  return traces;
}

/** The error a file gets, and the traces yielded before it (a consumer's rolled-back batches). */
async function refusal(content: Content): Promise<{ error: TraceFileError; yielded: number }> {
  let yielded = 0;
  try {
    for await (const batch of readTraceFile(opener(content))) yielded += batch.length;
  } catch (error) {
    if (error instanceof TraceFileError) return { error, yielded };
    throw error;
  }
  throw new Error("the file was accepted");
}

const jsonl = (...records: unknown[]) => records.map((r) => JSON.stringify(r)).join("\n");

describe("readTraceFile", () => {
  it("makes one trace per JSONL line, in order, each with its shape and input", async () => {
    const traces = await read(jsonl(textExchange, chatExchange, openAiLog, agentRun, plainRecord));
    expect(traces.map((t) => [t.position, t.line, t.format])).toEqual([
      [1, 1, "input_output"],
      [2, 2, "input_output"],
      [3, 3, "openai_chat"],
      [4, 4, "agent_events"],
      [5, 5, "json"],
    ]);
    expect(traces[2]?.input).toBe("Should I take an umbrella?");
    // A line is stored as sent.
    expect(traces[0]?.data).toBe(JSON.stringify(textExchange));
  });

  it("skips blank lines and reads CRLF line ends and a byte order mark", async () => {
    const text = `\uFEFF${JSON.stringify(textExchange)}\r\n\r\n   \n${JSON.stringify(plainRecord)}\r\n`;
    const traces = await read(text);
    expect(traces.map((t) => [t.position, t.line])).toEqual([
      [1, 1],
      [2, 4],
    ]);
    expect(JSON.parse(traces[1]?.data as string)).toEqual(plainRecord);
  });

  it("reads a JSON array of objects, numbering items, storing each compactly", async () => {
    const traces = await read(JSON.stringify([textExchange, agentRun], null, 2));
    expect(traces.map((t) => [t.position, t.line, t.format])).toEqual([
      [1, 1, "input_output"],
      [2, 2, "agent_events"],
    ]);
    expect(traces[1]?.data).toBe(JSON.stringify(agentRun));
  });

  it("reads a pretty-printed JSON object as one trace", async () => {
    const traces = await read(JSON.stringify(agentRun, null, 2));
    expect(traces).toEqual([
      {
        position: 1,
        line: 1,
        format: "agent_events",
        input: "Cancel my subscription and refund last month.",
        data: JSON.stringify(agentRun),
        summary: expect.any(Object),
      },
    ]);
  });

  it("reads a pretty-printed OTLP export as one trace per trace id", async () => {
    const traces = await read(JSON.stringify(otlpExport, null, 2));
    expect(traces.map((t) => [t.position, t.format, JSON.parse(t.data).trace_id])).toEqual([
      [1, "otel_genai", AGENT_TRACE_ID],
      [2, "otel_genai", LEGACY_TRACE_ID],
    ]);
  });

  it("groups spans across export lines, after the file's other records", async () => {
    const traces = await read(jsonl(otlpExport, textExchange, otlpExportContinued));
    expect(traces.map((t) => [t.position, t.line, t.format])).toEqual([
      [1, 2, "input_output"],
      [2, 1, "otel_genai"],
      [3, 1, "otel_genai"],
    ]);
    const agent = JSON.parse(traces[1]?.data as string);
    expect(agent.spans).toHaveLength(4);
    expect(traces[1]?.input).toBe("Is it beach weather in Lisbon this afternoon?");
  });

  it("refuses bad lines, listing the first ones with reasons, and yields no more", async () => {
    const lines = [
      JSON.stringify(textExchange),
      "{not json",
      "[1, 2]",
      '"text"',
      '{"__proto__": {"admin": true}}',
      `${"[".repeat(200)}${"]".repeat(200)}`,
      JSON.stringify(plainRecord),
    ];
    // The first line arrives in a chunk of its own, before the bad ones.
    const { error, yielded } = await refusal(() => [
      Buffer.from(`${lines[0]}\n`),
      Buffer.from(lines.slice(1).join("\n")),
    ]);
    expect(error.unit).toBe("line");
    expect(error.problems).toEqual([
      { line: 2, reason: "not valid JSON" },
      { line: 3, reason: "not a JSON object" },
      { line: 4, reason: "not a JSON object" },
      { line: 5, reason: "has a forbidden key (__proto__ or constructor.prototype)" },
      { line: 6, reason: "nested deeper than 128 levels" },
    ]);
    expect(error.badRecords).toBe(5);
    expect(error.message).toMatch(/^5 bad lines: line 2: not valid JSON; line 3: /);
    // The first trace went out before the bad lines were seen: a consumer rolls it back.
    expect(yielded).toBe(1);
  });

  it("refuses invalid UTF-8 and forbidden keys written with escapes", async () => {
    const badUtf8 = Buffer.concat([
      Buffer.from('{"input":"'),
      Buffer.from([0xff]),
      Buffer.from('"}'),
    ]);
    const escaped = '{"\\u005f_proto__": {}}';
    const { error } = await refusal(Buffer.concat([badUtf8, Buffer.from(`\n${escaped}`)]));
    expect(error.problems).toEqual([
      { line: 1, reason: "not valid UTF-8" },
      { line: 2, reason: "has a forbidden key (__proto__ or constructor.prototype)" },
    ]);
  });

  it("lists 20 bad lines and counts the rest", async () => {
    const { error } = await refusal(Array.from({ length: 30 }, () => "oops").join("\n"));
    expect(error.problems).toHaveLength(20);
    expect(error.badRecords).toBe(30);
    expect(error.message).toContain("… 10 more");
  });

  it("stops reading a file after 1,000 bad lines", async () => {
    const { error } = await refusal(
      Array.from({ length: MAX_BAD_RECORDS + 500 }, () => "x").join("\n"),
    );
    expect(error.badRecords).toBe(MAX_BAD_RECORDS);
    expect(error.problems[0]).toEqual({
      line: 0,
      reason: "reading stopped after 1000 bad records",
    });
  });

  it("refuses a line over 8 MiB without holding it, and reads on", async () => {
    const huge = `{"input":"${"a".repeat(MAX_RECORD_BYTES)}"}`;
    const { error } = await refusal(`${JSON.stringify(textExchange)}\n${huge}\n{}`);
    expect(error.problems).toEqual([{ line: 2, reason: "line is longer than 8 MiB" }]);
  });

  it("takes a record of just under 8 MiB", async () => {
    const big = `{"input":"${"a".repeat(MAX_RECORD_BYTES - 20)}"}`;
    const traces = await read(big);
    expect(traces).toHaveLength(1);
    expect(traces[0]?.data.length).toBe(big.length);
  });

  it("refuses a single JSON document holding one trace of more than 8 MiB", async () => {
    const doc = JSON.stringify({ input: "a".repeat(MAX_RECORD_BYTES), output: "" }, null, 1);
    const { error } = await refusal(doc);
    expect(error.problems).toEqual([{ line: 1, reason: "the trace is larger than 8 MiB" }]);
  });

  it("stops at the 50 MiB file limit", async () => {
    const mib = Buffer.alloc(1024 * 1024, 0x20);
    mib[mib.length - 1] = 0x0a;
    const { error } = await refusal(function* () {
      for (let i = 0; i < 51; i++) yield mib;
    });
    expect(error.problems).toEqual([{ line: 0, reason: "the file is larger than 50 MiB" }]);
  });

  it("refuses files with no traces", async () => {
    for (const content of ["", " \n\n", "[]", "[ ]"]) {
      const { error } = await refusal(content);
      expect(error.message, content).toBe("the file has no traces");
    }
  });

  it(`refuses more than ${MAX_TRACES} traces`, async () => {
    const { error } = await refusal(Array.from({ length: MAX_TRACES + 1 }, () => "{}").join("\n"));
    expect(error.problems).toEqual([
      { line: 0, reason: `the file has more than ${MAX_TRACES} traces` },
    ]);
  });

  it("reports a file starting with { that is neither JSONL nor one object as JSONL, with a note", async () => {
    const { error } = await refusal('{\n  "a": 1,\n  oops\n}');
    expect(error.problems[0]?.line).toBe(0);
    expect(error.problems[0]?.reason).toMatch(
      /^the file starts with "\{" but is neither JSON Lines nor one JSON object \(.*line 3/,
    );
    expect(error.problems.slice(1)).toEqual([
      { line: 1, reason: "not valid JSON" },
      { line: 2, reason: "not valid JSON" },
      { line: 3, reason: "not valid JSON" },
      { line: 4, reason: "not valid JSON" },
    ]);
  });

  it("closes the file when the consumer stops early", async () => {
    let closed = false;
    const open = async () => {
      const stream = Readable.from([Buffer.from(jsonl(textExchange, plainRecord, textExchange))]);
      stream.once("close", () => {
        closed = true;
      });
      return stream;
    };
    for await (const _ of readTraceFile(open)) break;
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(true);
  });
});
