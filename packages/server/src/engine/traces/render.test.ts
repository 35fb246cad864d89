import {
  agentRun,
  chatExchange,
  openAiLog,
  plainRecord,
  textExchange,
} from "@assay/test-kit/trace-samples.ts";
import { describe, expect, it } from "vitest";
import { renderTraceForJudge } from "./index.ts";

describe("renderTraceForJudge", () => {
  it("shows an input/output exchange with its extra fields", () => {
    expect(renderTraceForJudge(textExchange, "input_output")).toBe(
      [
        "Input:",
        "  What is the capital of France?",
        "",
        "Output:",
        "  The capital of France is Paris.",
        "",
        "model: gpt-4",
        "latency_ms: 450",
        "tokens: 28",
      ].join("\n"),
    );
  });

  it("shows chat input one message per line, with roles, and the metadata", () => {
    const text = renderTraceForJudge(chatExchange, "input_output");
    expect(text).toContain(
      "Input:\n  system: You are a support agent for an online shop.\n  user: My order #1234",
    );
    expect(text).toContain("Output:\n  I'm sorry about the delay.");
    expect(text).toContain('Metadata: {"customer_id":"c-88","channel":"chat"}');
  });

  it("shows an OpenAI log: model, conversation with the tool round trip, response, usage", () => {
    expect(renderTraceForJudge(openAiLog, "openai_chat")).toBe(
      [
        "Model: gpt-4o-mini",
        "",
        "Conversation:",
        "  system: You are a weather assistant.",
        "  user: What's the weather in Paris today?",
        '  assistant → tool call get_weather({"city":"Paris"}) [call_abc123]',
        '  tool [call_abc123]: {"temp_c":18,"conditions":"light rain"}',
        "  user: Should I take an umbrella?",
        "",
        "Tools available: get_weather",
        "",
        "Response:",
        "  assistant: Yes: light rain is expected in Paris (18 °C), so take an umbrella.",
        "  finish_reason: stop",
        "",
        "Usage: prompt 112, completion 19, total 131",
        "",
        "latency_ms: 840",
      ].join("\n"),
    );
  });

  it("shows an agent run: header, then each event with its role and fields", () => {
    const text = renderTraceForJudge(agentRun, "agent_events");
    expect(text.split("\n\n")[0]).toBe(
      "agent name: support-agent · framework: langgraph · status: completed",
    );
    expect(text).toContain(
      "Events:\n1. agent.input (human)\n    message: Cancel my subscription and refund last month.",
    );
    expect(text).toContain(
      '3. tool.call\n    name: cancel_subscription\n    arguments: {"customer_id":"c-88"}\n    result: cancelled; refund of $12.00 queued',
    );
    expect(text).toContain(
      "4. agent.output (assistant)\n    message: Your subscription is cancelled",
    );
    expect(text).not.toContain("2026-03-18T10:20:00Z");
  });

  it("shows chat messages inside an agent event as a conversation", () => {
    const run = {
      events: [
        {
          event_type: "model.invoke",
          payload: {
            model: "llama3:8b",
            messages: [{ role: "user", content: "Review this code" }],
            output_message: { role: "assistant", content: "Looks fine." },
          },
        },
      ],
    };
    expect(renderTraceForJudge(run, "agent_events")).toBe(
      "Events:\n1. model.invoke\n    model: llama3:8b\n    messages: \n      user: Review this code\n    output_message: assistant: Looks fine.",
    );
  });

  it("shows anything else key by key, values as compact JSON", () => {
    expect(renderTraceForJudge(plainRecord, "json")).toBe(
      'session: s-1\nscore: 0.5\ntags: ["beta"]\nnote: kept as sent',
    );
  });

  it("falls back to JSON when the data does not have the shape its format names", () => {
    expect(renderTraceForJudge({ a: 1 }, "openai_chat")).toBe("a: 1");
    expect(renderTraceForJudge({ a: 1 }, "agent_events")).toBe("a: 1");
    expect(renderTraceForJudge({}, "json")).toBe("{}");
  });

  it("summarizes non-text content parts instead of dumping them", () => {
    const log = {
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "What is in this picture?" },
            { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo" } },
          ],
        },
      ],
    };
    expect(renderTraceForJudge(log, "openai_chat")).toBe(
      "Conversation:\n  user: What is in this picture?\n    [image]",
    );
  });
});
