import type { CatalogModel, CustomModel } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { contextLength, pricePerMillion, runnability } from "./model-facts.ts";

const custom = (patch: Partial<CustomModel> = {}): CustomModel => ({
  id: "m1",
  key: "acme/local",
  name: "Local",
  description: "",
  organization_id: "o",
  project_id: "p",
  api_url: "http://127.0.0.1:11434/v1",
  max_tokens: 64,
  disabled: false,
  extra_payload: {},
  provider_model: null,
  api_key_set: false,
  request_profile: "openai-compatible",
  cost_per_input_token: null,
  cost_per_output_token: null,
  created_at: "2026-11-24T00:00:00.000Z",
  updated_at: "2026-11-24T00:00:00.000Z",
  ...patch,
});

const catalog = (runnable: boolean): CatalogModel =>
  ({ id: "c1", key: "openai/gpt-x", provider: "openai", runnable }) as CatalogModel;

describe("runnability", () => {
  it("takes the server's word for catalog models and names the provider", () => {
    expect(runnability(catalog(true))).toMatchObject({ runnable: true });
    const no = runnability(catalog(false));
    expect(no.runnable).toBe(false);
    expect(no.why).toContain("has not configured the provider openai");
  });

  it("counts a listed custom model as runnable, with or without a key, but not a deleted one", () => {
    expect(runnability(custom()).why).toContain("without a key");
    expect(runnability(custom({ api_key_set: true })).why).toContain("with its stored key");
    expect(runnability(custom({ disabled: true })).runnable).toBe(false);
  });
});

describe("pricePerMillion", () => {
  it("turns USD per token into USD per million tokens", () => {
    expect(pricePerMillion("0.0000025")).toBe("$2.50");
    expect(pricePerMillion("0.00006")).toBe("$60.00");
    expect(pricePerMillion("0.00000002")).toBe("$0.020");
    expect(pricePerMillion("0")).toBe("$0");
    expect(pricePerMillion(null)).toBe("—");
    expect(pricePerMillion("n/a")).toBe("—");
  });
});

describe("contextLength", () => {
  it("reads as k or M tokens", () => {
    expect(contextLength(128_000)).toBe("128k");
    expect(contextLength(1_048_576)).toBe("1.05M");
    expect(contextLength(512)).toBe("512");
    expect(contextLength(null)).toBe("—");
  });
});
