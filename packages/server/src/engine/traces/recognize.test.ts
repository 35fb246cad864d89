import {
  agentRun,
  chatExchange,
  openAiLog,
  plainRecord,
  textExchange,
} from "@assay/test-kit/trace-samples.ts";
import { describe, expect, it } from "vitest";
import { recognizeTrace } from "./recognize.ts";
import { MAX_INPUT_CHARS } from "./values.ts";

describe("recognizeTrace", () => {
  it("reads {input, output} with text input as input_output, the input as it is", () => {
    expect(recognizeTrace(textExchange)).toEqual({
      format: "input_output",
      input: "What is the capital of France?",
    });
  });

  it("takes the first user message of chat messages as the input", () => {
    expect(recognizeTrace(chatExchange)).toEqual({
      format: "input_output",
      input: "My order #1234 has not arrived after ten days.",
    });
    expect(
      recognizeTrace({ input: [{ role: "human", content: [{ type: "text", text: "hi" }] }] }),
    ).toEqual({ format: "input_output", input: "hi" });
  });

  it("flattens an object input to JSON text", () => {
    expect(recognizeTrace({ input: { question: "2+2?" }, output: "4" })).toEqual({
      format: "input_output",
      input: '{"question":"2+2?"}',
    });
  });

  it("reads an OpenAI request/response log, the input being the request's last user message", () => {
    expect(recognizeTrace(openAiLog)).toEqual({
      format: "openai_chat",
      input: "Should I take an umbrella?",
    });
  });

  it("reads a bare request (or fine-tuning record) and a bare response as openai_chat", () => {
    expect(
      recognizeTrace({
        model: "gpt-4o",
        messages: [
          { role: "user", content: "first" },
          { role: "assistant", content: "ok" },
          { role: "user", content: "second" },
        ],
      }),
    ).toEqual({ format: "openai_chat", input: "second" });
    expect(recognizeTrace(openAiLog.response)).toEqual({ format: "openai_chat", input: "" });
  });

  it("reads an agent run with events, the input being its first input event", () => {
    expect(recognizeTrace(agentRun)).toEqual({
      format: "agent_events",
      input: "Cancel my subscription and refund last month.",
    });
  });

  it("finds the input of other agent event conventions", () => {
    const nested = {
      trace_id: "t",
      events: [
        { type: "environment.config", payload: { browser: "chromium" } },
        {
          type: "agent.input",
          payload: { input: { description: "x", input: "Find the pricing page" } },
        },
      ],
    };
    expect(recognizeTrace(nested).input).toBe("Find the pricing page");
    const byRole = { events: [{ kind: "message", role: "user", content: "Book a table for two" }] };
    expect(recognizeTrace(byRole)).toEqual({
      format: "agent_events",
      input: "Book a table for two",
    });
    const noInput = {
      task: "Summarize the report",
      events: [{ type: "llm_call", attributes: {} }],
    };
    expect(recognizeTrace(noInput).input).toBe("Summarize the report");
  });

  it("keeps anything else as json, with a likely field or the record as input", () => {
    expect(recognizeTrace(plainRecord)).toEqual({
      format: "json",
      input: JSON.stringify(plainRecord),
    });
    expect(recognizeTrace({ prompt: "Write a haiku", completion: "…" })).toEqual({
      format: "json",
      input: "Write a haiku",
    });
  });

  it("recognizes spans already grouped into a trace (as Assay stores them) as otel_genai", () => {
    const trace = {
      trace_id: "abc",
      spans: [
        {
          traceId: "abc",
          spanId: "1",
          name: "chat",
          attributes: [{ key: "gen_ai.prompt.0.content", value: { stringValue: "Hello?" } }],
        },
      ],
    };
    expect(recognizeTrace(trace)).toEqual({ format: "otel_genai", input: "Hello?" });
  });

  it("bounds the input and drops NUL characters", () => {
    const long = recognizeTrace({ input: "a".repeat(MAX_INPUT_CHARS + 10), output: "" }).input;
    expect(long).toHaveLength(MAX_INPUT_CHARS);
    expect(long.endsWith("…")).toBe(true);
    expect(recognizeTrace({ input: "a\u0000b", output: "" }).input).toBe("ab");
    const emoji = recognizeTrace({ input: `${"a".repeat(MAX_INPUT_CHARS - 2)}😀😀`, output: "" });
    expect(emoji.input.endsWith("a…")).toBe(true);
  });
});
