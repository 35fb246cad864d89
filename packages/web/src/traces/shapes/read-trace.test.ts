import type { JsonObject } from "@assay/protocol/trace-shapes";
import {
  AGENT_TRACE_ID,
  agentRun,
  chatExchange,
  openAiLog,
  otlpExport,
  otlpExportContinued,
  plainRecord,
} from "@assay/test-kit/trace-samples.ts";
import { describe, expect, it } from "vitest";
import { toChatTurns } from "./chat-turns.ts";
import { readTrace } from "./read-trace.ts";

/** The agent run's spans as the server stores them: grouped by trace id, out of order. */
function agentSpanTrace(): JsonObject {
  const exports: { resourceSpans: { scopeSpans: { spans: JsonObject[] }[] }[] }[] = [
    otlpExport,
    otlpExportContinued,
  ];
  const spans = exports
    .flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)))
    .filter((span) => span.traceId === AGENT_TRACE_ID);
  return { trace_id: AGENT_TRACE_ID, spans };
}

describe("readTrace: an OpenAI chat log", () => {
  it("reads roles, the tool call with pretty arguments, the tool result and the answer", () => {
    const view = readTrace(openAiLog, "openai_chat");
    if (view.format !== "openai_chat") throw new Error(view.format);
    const { chat } = view;
    expect(chat.model).toBe("gpt-4o-mini");
    expect(chat.turns.map((t) => t.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "user",
      "assistant",
    ]);
    expect(chat.requestTurns).toBe(5);
    expect(chat.turns[2]?.toolCalls).toEqual([
      { id: "call_abc123", name: "get_weather", arguments: '{\n  "city": "Paris"\n}' },
    ]);
    expect(chat.turns[3]?.toolCallId).toBe("call_abc123");
    expect(chat.turns[4]?.text).toBe("Should I take an umbrella?");
    expect(chat.turns[5]?.finishReason).toBe("stop");
    expect(chat.tools).toEqual(["get_weather"]);
    expect(chat.usage).toBe("prompt 112, completion 19, total 131");
    expect(chat.extra).toEqual([["latency_ms", 840]]);
  });

  it("reads Anthropic and OpenTelemetry parts: tool use, tool results, images", () => {
    const [assistant, user] = toChatTurns([
      {
        role: "assistant",
        content: [
          { type: "text", text: "Let me look." },
          { type: "tool_use", id: "tu_1", name: "search", input: { q: "rain" } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "tu_1", content: "3 results" },
          { type: "image", source: {} },
        ],
      },
    ]);
    expect(assistant?.text).toBe("Let me look.");
    expect(assistant?.toolCalls[0]).toMatchObject({ id: "tu_1", name: "search" });
    expect(user?.toolResults).toEqual([{ id: "tu_1", text: "3 results" }]);
    expect(user?.attachments).toEqual(["[image]"]);
  });
});

describe("readTrace: OpenTelemetry GenAI spans", () => {
  it("nests spans under their parents in start order on one time axis", () => {
    const view = readTrace(agentSpanTrace(), "otel_genai");
    if (view.format !== "otel_genai") throw new Error(view.format);
    const { tree } = view;
    expect(tree.totalMs).toBe(1400);
    expect(tree.rows.map((r) => [r.name, r.depth])).toEqual([
      ["invoke_agent trip-planner", 0],
      ["chat gpt-4o", 1],
      ["execute_tool get_weather", 1],
      ["chat gpt-4o", 1],
    ]);
    expect(tree.rows.map((r) => [r.startMs, r.durationMs])).toEqual([
      [0, 1400],
      [100, 450],
      [600, 150],
      [800, 550],
    ]);
    for (const row of tree.rows) {
      expect(row.offset).toBeGreaterThanOrEqual(0);
      expect(row.offset + row.width).toBeLessThanOrEqual(1);
    }
    const [, chat, tool, answer] = tree.rows;
    expect(chat?.prompt.map((t) => [t.role, t.text])).toEqual([
      ["system", "You plan trips. Use tools for live data."],
      ["user", "Is it beach weather in Lisbon this afternoon?"],
    ]);
    expect(chat?.completion[0]?.toolCalls[0]?.name).toBe("get_weather");
    expect(chat?.facts).toContain("96 → 18 tokens");
    expect(tool?.tool).toEqual({
      name: "get_weather",
      arguments: '{"city":"Lisbon"}',
      result: '{"temp_c":24,"conditions":"sunny"}',
    });
    expect(answer?.completion[0]?.text).toContain("good beach weather");
    expect(answer?.error).toBe("client disconnected before the end of the stream");
  });

  it("makes a span whose parent is missing, or that is its own parent, a root", () => {
    const view = readTrace(
      {
        trace_id: "t",
        spans: [
          { traceId: "t", spanId: "a", parentSpanId: "a", name: "self" },
          { traceId: "t", spanId: "b", parentSpanId: "gone", name: "orphan" },
        ],
      },
      "otel_genai",
    );
    if (view.format !== "otel_genai") throw new Error(view.format);
    expect(view.tree.rows.map((r) => [r.name, r.depth, r.width])).toEqual([
      ["self", 0, 0],
      ["orphan", 0, 0],
    ]);
  });
});

describe("readTrace: agent events and others", () => {
  it("lists an agent run's events in order with their text and tool calls", () => {
    const view = readTrace(agentRun, "agent_events");
    if (view.format !== "agent_events") throw new Error(view.format);
    const { run } = view;
    expect(run.header).toEqual([
      ["agent name", "support-agent"],
      ["framework", "langgraph"],
      ["status", "completed"],
    ]);
    expect(run.events.map((e) => [e.n, e.type, e.role])).toEqual([
      [1, "agent.input", "human"],
      [2, "model.invoke", undefined],
      [3, "tool.call", undefined],
      [4, "agent.output", "assistant"],
    ]);
    expect(run.events[0]?.text).toBe("Cancel my subscription and refund last month.");
    expect(run.events[2]?.tool).toEqual({
      name: "cancel_subscription",
      arguments: { customer_id: "c-88" },
      result: "cancelled; refund of $12.00 queued",
    });
    expect(run.events[1]?.fields).toContainEqual(["model", "gpt-4o"]);
  });

  it("reads an input/output exchange, and shows data not of its format as JSON", () => {
    const view = readTrace(chatExchange, "input_output");
    if (view.format !== "input_output") throw new Error(view.format);
    expect(view.exchange.input.kind).toBe("turns");
    expect(view.exchange.output).toEqual({ kind: "text", text: chatExchange.output });
    expect(readTrace(plainRecord, "json").format).toBe("json");
    expect(readTrace(plainRecord, "openai_chat").format).toBe("json");
  });
});
