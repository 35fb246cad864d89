import type { EvaluationStats } from "@assay/client";
import { describe, expect, it } from "vitest";
import { requestText, samplingText, tokensText } from "./sampling.ts";

const NONE = {
  concurrency: 16,
  limit: null,
  cache: true,
  repeats: 1,
  max_cost_usd: null,
  temperature: null,
  top_p: null,
  seed: null,
  max_tokens: null,
  reasoning_effort: null,
  request: null,
} satisfies EvaluationStats["options"];

describe("samplingText", () => {
  it("lists what was asked, in the wire's names, 0 included", () => {
    expect(samplingText({ ...NONE, temperature: 0, seed: 42 })).toBe("temperature 0 · seed 42");
    expect(samplingText({ ...NONE, top_p: 0.9, max_tokens: 4096, reasoning_effort: "high" })).toBe(
      "top_p 0.9 · max_tokens 4096 · reasoning_effort high",
    );
  });

  it("says when nothing was asked", () => {
    expect(samplingText(NONE)).toBe("none asked (the model's defaults)");
  });
});

describe("requestText", () => {
  it("is the profile, then each parameter as sent", () => {
    expect(
      requestText({
        profile: "openai-gpt-5",
        parameters: { max_completion_tokens: 25_000, reasoning_effort: "low" },
      }),
    ).toBe("openai-gpt-5 · max_completion_tokens 25000 · reasoning_effort low");
    expect(
      requestText({
        profile: "vllm",
        parameters: { max_tokens: 1024, temperature: 0, chat_template_kwargs: { thinking: true } },
      }),
    ).toBe('vllm · max_tokens 1024 · temperature 0 · chat_template_kwargs {"thinking":true}');
  });

  it("says when there is nothing to show", () => {
    expect(requestText({ profile: "ollama", parameters: {} })).toBe("ollama · no parameters");
    expect(requestText(null)).toBe("not recorded (a run older than the record)");
  });
});

describe("tokensText", () => {
  it("names reasoning tokens only when there are some", () => {
    expect(tokensText({ prompt: 1_000, completion: 200, reasoning: 0, total: 1_200 })).toBe(
      "1,200 (prompt 1,000, completion 200)",
    );
    expect(tokensText({ prompt: 10, completion: 900, reasoning: 880 })).toBe(
      "910 (prompt 10, completion 900, of which reasoning 880)",
    );
  });
});
