import { describe, expect, it } from "vitest";
import type { ModelEndpoint } from "./endpoint.ts";
import { endpointIdentity } from "./endpoint.ts";
import { REQUEST_PROFILES } from "./profiles/index.ts";
import { buildRequestBody, isDeterministic } from "./request-body.ts";

const base: ModelEndpoint = {
  url: "https://api.example.com/v1/chat/completions",
  apiKey: "sk-secret",
  model: "m-1",
  maxTokens: 256,
  trusted: true,
};
const messages = [{ role: "user" as const, content: "hi" }];

describe("buildRequestBody", () => {
  it("builds the default greedy body", () => {
    expect(buildRequestBody(base, messages)).toEqual({
      model: "m-1",
      messages,
      max_tokens: 256,
      temperature: 0,
    });
  });

  it("deep-merges objects, replaces arrays and scalars, and ignores reserved keys", () => {
    const extraPayload = {
      model: "evil",
      messages: [],
      stream: true,
      temperature: 0.3,
      max_tokens: 1024,
      stop: ["\n\n"],
      reasoning: { effort: "low", summary: { enabled: true } },
    };
    const body = buildRequestBody({ ...base, extraPayload }, messages);
    expect(body).toEqual({
      model: "m-1",
      messages,
      max_tokens: 1024,
      temperature: 0.3,
      stop: ["\n\n"],
      reasoning: { effort: "low", summary: { enabled: true } },
    });

    // Fresh objects: mutating the body never reaches the endpoint's configuration.
    (body.stop as string[]).push("x");
    (body.reasoning as { summary: { enabled: boolean } }).summary.enabled = false;
    expect(extraPayload.stop).toEqual(["\n\n"]);
    expect(extraPayload.reasoning.summary.enabled).toBe(true);
  });

  it("removes a default the extra payload sets to null, at any depth", () => {
    const extraPayload = { temperature: null, reasoning: { effort: "low", summary: null } };
    const body = buildRequestBody(
      { ...base, extraPayload: { ...extraPayload, nested: { a: 1, b: null } } },
      messages,
    );
    expect(body).toEqual({
      model: "m-1",
      messages,
      max_tokens: 256,
      reasoning: { effort: "low" },
      nested: { a: 1 },
    });
    expect(JSON.stringify(body)).not.toContain("null");
  });

  it("asks as the endpoint's profile says, and sends a run's fixed parameters as they are", () => {
    expect(
      buildRequestBody({ ...base, profile: REQUEST_PROFILES["openai-gpt-5"] }, messages),
    ).toEqual({ model: "m-1", messages, max_completion_tokens: 256 });
    const parameters = { max_tokens: 64, temperature: 0.5, seed: 3 };
    expect(
      buildRequestBody({ ...base, parameters, extraPayload: { stop: ["x"] } }, messages),
    ).toEqual({ model: "m-1", messages, ...parameters });
  });

  it("never lets __proto__ through", () => {
    const extraPayload = JSON.parse(
      '{"__proto__": {"polluted": true}, "a": {"__proto__": {"x": 1}}}',
    );
    const body = buildRequestBody({ ...base, extraPayload }, messages);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(body.a)).toBe(Object.prototype);
    expect(Object.keys(body.a as object)).toEqual([]);
  });
});

describe("isDeterministic", () => {
  it("is true only for temperature 0, sent, with a single choice", () => {
    expect(isDeterministic({ temperature: 0 })).toBe(true);
    // No temperature samples at the provider's default (1 at OpenAI); a seed is a best effort.
    expect(isDeterministic({})).toBe(false);
    expect(isDeterministic({ seed: 7 })).toBe(false);
    expect(isDeterministic({ temperature: 0, n: 1 })).toBe(true);
    expect(isDeterministic({ temperature: 0.7 })).toBe(false);
    expect(isDeterministic({ temperature: 0, n: 4 })).toBe(false);
  });
});

describe("endpointIdentity", () => {
  it("is stable per URL + key and never contains the key", () => {
    const id = endpointIdentity(base);
    expect(endpointIdentity({ ...base })).toBe(id);
    expect(endpointIdentity({ ...base, model: "other" })).toBe(id);
    expect(endpointIdentity({ ...base, apiKey: "sk-other" })).not.toBe(id);
    expect(
      endpointIdentity({ ...base, url: "https://api.example.com/v2/chat/completions" }),
    ).not.toBe(id);
    expect(id).not.toContain("sk-secret");
    expect(id).toMatch(/^[\w-]{43}$/);
  });
});
