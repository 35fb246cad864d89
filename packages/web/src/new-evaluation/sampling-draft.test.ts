import { describe, expect, it } from "vitest";
import { EMPTY_SAMPLING, samplingOptions } from "./sampling-draft.ts";

describe("samplingOptions", () => {
  it("leaves every empty field out, so the model's request profile decides", () => {
    expect(JSON.parse(JSON.stringify(samplingOptions(EMPTY_SAMPLING)))).toEqual({});
    expect(samplingOptions({ ...EMPTY_SAMPLING, topP: "  " }).topP).toBeUndefined();
  });

  it("sends what was typed as numbers, 0 included, and the effort chosen", () => {
    expect(
      samplingOptions({
        temperature: "0",
        topP: "0.95",
        seed: "42",
        maxTokens: "25000",
        reasoningEffort: "low",
        repeats: "4",
      }),
    ).toEqual({
      temperature: 0,
      topP: 0.95,
      seed: 42,
      maxTokens: 25000,
      reasoningEffort: "low",
      repeats: 4,
    });
  });
});
