import { describe, expect, it } from "vitest";
import { checkSampling } from "./check-sampling.ts";
import { REQUEST_PROFILES } from "./index.ts";
import { requestParameters } from "./request-parameters.ts";

const profile = (name: keyof typeof REQUEST_PROFILES) => REQUEST_PROFILES[name];

describe("requestParameters", () => {
  it("asks each family with its token parameter, and greedy only where it can be", () => {
    expect(requestParameters(profile("openai-chat"), {})).toEqual({
      max_completion_tokens: 1024,
      temperature: 0,
    });
    // OpenAI's reasoning models refuse max_tokens and any temperature but their default.
    expect(requestParameters(profile("openai-o-series"), {})).toEqual({
      max_completion_tokens: 25_000,
    });
    expect(requestParameters(profile("deepseek-reasoner"), { maxTokens: 4096 })).toEqual({
      max_tokens: 4096,
    });
    expect(requestParameters(profile("openai-compatible"), { maxTokens: 64 })).toEqual({
      max_tokens: 64,
      temperature: 0,
    });
  });

  it("layers profile defaults, the model's extra payload, then the run's options", () => {
    const model = { maxTokens: 512, extraPayload: { temperature: 0.3, stop: ["\n"] } };
    expect(requestParameters(profile("openai-compatible"), model)).toEqual({
      max_tokens: 512,
      temperature: 0.3,
      stop: ["\n"],
    });
    expect(
      requestParameters(profile("openai-compatible"), model, {
        temperature: 0.9,
        top_p: 0.5,
        seed: 11,
        max_tokens: 32,
        reasoning_effort: "low",
      }),
    ).toEqual({
      max_tokens: 32,
      temperature: 0.9,
      top_p: 0.5,
      seed: 11,
      reasoning_effort: "low",
      stop: ["\n"],
    });
    // A null in the extra payload removes the default; the run may still ask for one.
    const unset = { extraPayload: { temperature: null } };
    expect(requestParameters(profile("openai-compatible"), unset)).toEqual({ max_tokens: 1024 });
    expect(requestParameters(profile("openai-compatible"), unset, { temperature: 1 })).toEqual({
      max_tokens: 1024,
      temperature: 1,
    });
  });

  it("sends each option under its provider's name", () => {
    expect(requestParameters(profile("mistral"), {}, { seed: 5 })).toMatchObject({
      random_seed: 5,
    });
    expect(requestParameters(profile("mistral"), {}, { seed: 5 })).not.toHaveProperty("seed");
    expect(
      requestParameters(
        profile("openrouter"),
        { extraPayload: { reasoning: { exclude: true } } },
        {
          reasoning_effort: "high",
        },
      ),
    ).toMatchObject({ reasoning: { exclude: true, effort: "high" } });
    expect(
      requestParameters(
        profile("openai-gpt-5"),
        {},
        { reasoning_effort: "minimal", max_tokens: 9 },
      ),
    ).toEqual({ max_completion_tokens: 9, reasoning_effort: "minimal" });
  });

  it("sends nothing for a temperature the model takes only as its default", () => {
    expect(requestParameters(profile("openai-gpt-5"), {}, { temperature: 1 })).toEqual({
      max_completion_tokens: 25_000,
    });
  });
});

describe("checkSampling", () => {
  it("accepts what the family takes", () => {
    expect(
      checkSampling(
        profile("openai-chat"),
        { temperature: 0.7, top_p: 0.9, seed: 1, max_tokens: 10 },
        "openai/gpt-4o",
      ),
    ).toEqual([]);
    expect(checkSampling(profile("openai-gpt-5"), { temperature: 1 }, "openai/gpt-5")).toEqual([]);
    expect(checkSampling(profile("openai-compatible"), {}, "local/m")).toEqual([]);
  });

  it("refuses what the family cannot take, naming the field and saying why", () => {
    expect(
      checkSampling(
        profile("openai-o-series"),
        { temperature: 0, top_p: 0.5, reasoning_effort: "minimal" },
        "openai/o3",
      ),
    ).toEqual([
      {
        field: "temperature",
        message:
          "openai/o3 takes only temperature 1: OpenAI's reasoning models take only the default temperature (1)",
      },
      { field: "top_p", message: expect.stringContaining("openai/o3 does not take top_p") },
      {
        field: "reasoning_effort",
        message: "openai/o3 takes a reasoning effort of low, medium, high, not minimal",
      },
    ]);
    expect(
      checkSampling(
        profile("anthropic"),
        { temperature: 1.5, seed: 3 },
        "anthropic/claude-haiku-4-5",
      ),
    ).toEqual([
      { field: "temperature", message: expect.stringContaining("from 0 to 1") },
      {
        field: "seed",
        message: expect.stringContaining("Anthropic's OpenAI-compatible endpoint ignores seed"),
      },
    ]);
    expect(
      checkSampling(profile("openai-chat"), { reasoning_effort: "low" }, "openai/gpt-4o"),
    ).toEqual([
      { field: "reasoning_effort", message: expect.stringContaining("no reasoning effort") },
    ]);
  });
});
