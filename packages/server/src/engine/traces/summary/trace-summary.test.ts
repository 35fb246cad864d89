import { describe, expect, it } from "vitest";
import { summarizeTrace } from "./trace-summary.ts";

const attribute = (key: string, value: object) => ({ key, value });

describe("summarizeTrace", () => {
  it("sums tokens over model calls and spans wall time from first start to last end", () => {
    const summary = summarizeTrace("otel_genai", {
      trace_id: "t",
      spans: [
        {
          traceId: "t",
          spanId: "a",
          startTimeUnixNano: "1000000000",
          endTimeUnixNano: "1500000000",
          attributes: [
            attribute("gen_ai.request.model", { stringValue: "qwen2.5:7b" }),
            attribute("gen_ai.usage.input_tokens", { intValue: "40" }),
            attribute("gen_ai.usage.output_tokens", { intValue: "5" }),
            attribute("session.id", { stringValue: "chat-9" }),
          ],
          resource: { attributes: [attribute("service.name", { stringValue: "support-bot" })] },
        },
        {
          traceId: "t",
          spanId: "b",
          startTimeUnixNano: "1200000000",
          endTimeUnixNano: "3250000000",
          attributes: { "gen_ai.usage.input_tokens": 10, "enduser.id": 42 },
        },
      ],
    });
    expect(summary).toEqual({
      duration_ms: 2250,
      input_tokens: 50,
      output_tokens: 5,
      model: "qwen2.5:7b",
      service_name: "support-bot",
      session_id: "chat-9",
      user_id: "42",
    });
  });

  it("says nothing rather than guess: no spans, negative or non-numeric figures", () => {
    expect(summarizeTrace("otel_genai", { trace_id: "t", spans: [] })).toEqual({
      duration_ms: null,
      input_tokens: null,
      output_tokens: null,
      model: null,
      service_name: null,
      session_id: null,
      user_id: null,
    });
    const summary = summarizeTrace("input_output", {
      input: "q",
      output: "a",
      latency_ms: -3,
      usage: { prompt_tokens: "many", completion_tokens: "7" },
      model: "   ",
    });
    expect(summary).toMatchObject({
      duration_ms: null,
      input_tokens: null,
      output_tokens: 7,
      model: null,
    });
  });

  it("takes a record's start and end times when it gives no latency", () => {
    const summary = summarizeTrace("agent_events", {
      events: [],
      metadata: {
        start_time: "2026-01-01T10:00:00Z",
        end_time: "2026-01-01T10:00:02.5Z",
        user: "ana",
      },
    });
    expect(summary).toMatchObject({ duration_ms: 2500, user_id: "ana" });
  });
});
