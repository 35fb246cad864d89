import type { JsonObject } from "@assay/protocol/trace-shapes";
import {
  AGENT_TRACE_ID,
  LEGACY_TRACE_ID,
  otlpExport,
  otlpExportContinued,
} from "@assay/test-kit/trace-samples.ts";
import { describe, expect, it } from "vitest";
import { renderTraceForJudge } from "../render.ts";
import { otelTraceInput } from "./otel-genai.ts";
import { createSpanGroups, spansOfRecord } from "./spans.ts";

function groupedTraces() {
  const groups = createSpanGroups();
  groups.add(spansOfRecord(otlpExport) ?? [], 1);
  groups.add(spansOfRecord(otlpExportContinued) ?? [], 2);
  return [...groups.traces()];
}

describe("spans grouped by trace id", () => {
  it("takes every span of an export, and single OTLP span records", () => {
    expect(spansOfRecord(otlpExport)).toHaveLength(3);
    const span = { traceId: "t", spanId: "s", name: "chat" };
    expect(spansOfRecord(span)).toEqual([span]);
    expect(spansOfRecord({ trace_id: "t", events: [] })).toBeUndefined();
  });

  it("makes one trace per trace id, across exports, in order of first appearance", () => {
    const traces = groupedTraces();
    expect(traces.map((t) => [t.data.trace_id, t.line, t.data.spans.length])).toEqual([
      [AGENT_TRACE_ID, 1, 4],
      [LEGACY_TRACE_ID, 1, 1],
    ]);
  });

  it("orders a trace's spans by start time", () => {
    const agent = groupedTraces()[0]?.data.spans as JsonObject[];
    expect(agent.map((span) => span.name)).toEqual([
      "invoke_agent trip-planner",
      "chat gpt-4o",
      "execute_tool get_weather",
      "chat gpt-4o",
    ]);
  });
});

describe("GenAI traces", () => {
  it("take the first user message of any span as input, from current or indexed attributes", () => {
    const [agent, legacy] = groupedTraces();
    expect(otelTraceInput(agent?.data as JsonObject)).toBe(
      "Is it beach weather in Lisbon this afternoon?",
    );
    expect(otelTraceInput(legacy?.data as JsonObject)).toBe(
      "What colour is the sky on a clear day?",
    );
  });

  it("read the prompt from span events of the older conventions", () => {
    const trace = {
      trace_id: "t",
      spans: [
        {
          traceId: "t",
          spanId: "s",
          name: "chat",
          events: [
            {
              name: "gen_ai.content.prompt",
              attributes: [
                {
                  key: "gen_ai.prompt",
                  value: { stringValue: '[{"role":"user","content":"Translate: bonjour"}]' },
                },
              ],
            },
            {
              name: "gen_ai.content.completion",
              attributes: [{ key: "gen_ai.completion", value: { stringValue: "hello" } }],
            },
          ],
        },
      ],
    };
    expect(otelTraceInput(trace)).toBe("Translate: bonjour");
    expect(renderTraceForJudge(trace, "otel_genai")).toBe(
      "Trace t · 1 span\n[1] chat\n    user: Translate: bonjour\n    assistant: hello",
    );
  });

  it("render as an outline: span tree, model facts, messages, tool calls, errors", () => {
    const [agent] = groupedTraces();
    expect(renderTraceForJudge(agent?.data as JsonObject, "otel_genai")).toBe(
      [
        `Trace ${AGENT_TRACE_ID} · 4 spans`,
        "[1] invoke_agent trip-planner (1400 ms)",
        "    operation invoke_agent · agent trip-planner",
        "  [2] chat gpt-4o (450 ms)",
        "      operation chat · model gpt-4o (answered by gpt-4o-2024-08-06) · provider openai · tokens in 96, out 18 · finish tool_calls",
        "      system: You plan trips. Use tools for live data.",
        "      user: Is it beach weather in Lisbon this afternoon?",
        '      assistant: [tool call get_weather({"city":"Lisbon"}) [call_w1]]',
        "  [3] execute_tool get_weather (150 ms)",
        "      operation execute_tool · tool get_weather [call_w1]",
        '      arguments: {"city":"Lisbon"}',
        '      result: {"temp_c":24,"conditions":"sunny"}',
        "  [4] chat gpt-4o (550 ms)",
        "      operation chat · model gpt-4o · tokens in 142, out 31",
        "      assistant: Yes: 24 °C and sunny in Lisbon this afternoon, good beach weather.",
        "      status: ERROR: client disconnected before the end of the stream",
      ].join("\n"),
    );
  });

  it("render indexed prompt and completion attributes, with tool calls", () => {
    const trace = {
      trace_id: "t",
      spans: [
        {
          traceId: "t",
          spanId: "s",
          name: "openai.chat",
          attributes: [
            { key: "gen_ai.prompt.0.role", value: { stringValue: "user" } },
            { key: "gen_ai.prompt.0.content", value: { stringValue: "Weather in Oslo?" } },
            { key: "gen_ai.completion.0.role", value: { stringValue: "assistant" } },
            { key: "gen_ai.completion.0.tool_calls.0.name", value: { stringValue: "weather" } },
            {
              key: "gen_ai.completion.0.tool_calls.0.arguments",
              value: { stringValue: '{"city":"Oslo"}' },
            },
            { key: "gen_ai.prompt.0.__proto__", value: { stringValue: "ignored" } },
          ],
        },
      ],
    };
    expect(renderTraceForJudge(trace, "otel_genai")).toBe(
      'Trace t · 1 span\n[1] openai.chat\n    user: Weather in Oslo?\n    assistant → tool call weather({"city":"Oslo"})',
    );
  });
});
