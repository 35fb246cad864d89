import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogId } from "../catalog-id.ts";
import {
  CatalogError,
  isRunnable,
  loadModelCatalog,
  MODEL_KEY_PATTERN,
  type ModelEntry,
  type Provider,
  parseModelCatalog,
  providerEnvNames,
  resolveProviders,
  toModelCategories,
  toModelSize,
} from "./model-catalog.ts";

const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

const catalog = loadModelCatalog();

const openai: Provider = {
  name: "openai",
  display_name: "OpenAI",
  base_url: "https://api.openai.com/v1",
  api_key_env: "OPENAI_API_KEY",
  base_url_env: "ASSAY_PROVIDER_OPENAI_BASE_URL",
};
const ollama: Provider = {
  name: "ollama",
  display_name: "Ollama (local)",
  base_url: "http://localhost:11434/v1",
  api_key_env: null,
  base_url_env: "ASSAY_PROVIDER_OLLAMA_BASE_URL",
};

function entry(overrides: Partial<ModelEntry> = {}): Record<string, unknown> {
  return {
    key: "openai/test-model",
    name: "Test model",
    description: "A model for tests.",
    company: "OpenAI",
    released_at: "2025-01-01",
    parameters: null,
    modality: "text",
    context_length: 8192,
    architecture_type: "transformer",
    license: "proprietary",
    open_weights: false,
    region: "usa",
    deprecated: false,
    cost_per_input_token: "0.000001",
    cost_per_output_token: "0.000002",
    provider: "openai",
    provider_model: "test-model",
    request_profile: "openai-chat",
    ...overrides,
  };
}

describe("the shipped catalog", () => {
  it("loads 40 to 60 models and the ten providers", () => {
    expect(catalog.models.length).toBeGreaterThanOrEqual(40);
    expect(catalog.models.length).toBeLessThanOrEqual(60);
    expect(catalog.providers.map((p) => p.name).sort()).toEqual(
      [
        "anthropic",
        "deepseek",
        "fireworks",
        "google",
        "groq",
        "mistral",
        "ollama",
        "openai",
        "openrouter",
        "together",
      ].sort(),
    );
  });

  it("has unique, well-formed keys", () => {
    const keys = catalog.models.map((m) => m.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(MODEL_KEY_PATTERN);
  });

  it("gives every model a stable, unique UUID v5 id derived from its key", () => {
    const ids = catalog.models.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const model of catalog.models) {
      expect(model.id).toMatch(UUID_V5);
      expect(model.id).toBe(catalogId("model", model.key));
    }
    // Pinned: changing the derivation would orphan every stored result that references a model.
    expect(catalog.findByKey("openai/gpt-4o")?.id).toBe(catalogId("model", "openai/gpt-4o"));
    expect(loadModelCatalog().findByKey("openai/gpt-4o")?.id).toBe(
      catalog.findByKey("openai/gpt-4o")?.id,
    );
  });

  it("finds models by id and by key", () => {
    const model = catalog.findByKey("anthropic/claude-sonnet-4-5");
    expect(model?.provider).toBe("anthropic");
    expect(catalog.findById(model?.id ?? "")).toBe(model);
    expect(catalog.findByKey("nope/nothing")).toBeUndefined();
    expect(catalog.findById("00000000-0000-5000-8000-000000000000")).toBeUndefined();
  });

  it("stores prices as decimal strings (or null when unknown)", () => {
    for (const model of catalog.models) {
      for (const price of [model.cost_per_input_token, model.cost_per_output_token]) {
        if (price !== null) expect(price).toMatch(DECIMAL);
      }
    }
    expect(catalog.findByKey("openai/gpt-4o")?.cost_per_input_token).toBe("0.0000025");
  });

  it("names a known provider for every model and covers every provider", () => {
    const names = new Set(catalog.providers.map((p) => p.name));
    for (const model of catalog.models) expect(names).toContain(model.provider);
    const used = new Set(catalog.models.map((m) => m.provider));
    expect([...names].filter((name) => !used.has(name))).toEqual([]);
  });

  it("includes some deprecated models", () => {
    expect(catalog.findByKey("openai/gpt-3.5-turbo")?.deprecated).toBe(true);
    expect(catalog.models.filter((m) => m.deprecated).length).toBeGreaterThanOrEqual(3);
  });

  it("converts release dates to unix seconds", () => {
    const model = catalog.findByKey("meta/llama-3.1-8b-instruct");
    expect(model?.released_at).toBe(Date.UTC(2024, 6, 23) / 1000);
    for (const m of catalog.models) expect(Number.isInteger(m.released_at)).toBe(true);
  });

  it("computes size and category facets on sample entries", () => {
    const facets = (key: string) => {
      const model = catalog.findByKey(key);
      return { size: model?.size, categories: model?.categories };
    };
    expect(facets("meta/llama-3.1-8b-instruct")).toEqual({
      size: "Small",
      categories: ["Transformer", "Open-Source"],
    });
    expect(facets("meta/llama-3.1-70b-instruct").size).toBe("Large");
    expect(facets("meta/llama-3.1-405b-instruct").size).toBe("Extra Large");
    expect(facets("qwen/qwen3-32b").size).toBe("Medium");
    expect(facets("deepseek/deepseek-r1")).toEqual({
      size: "Extra Large",
      categories: ["MoE", "Open-Source"],
    });
    // Every model carries one architecture and one weights category, so both filters see it.
    for (const model of catalog.models) expect(model.categories).toHaveLength(2);
    expect(facets("openai/gpt-4o")).toEqual({
      size: null,
      categories: ["Transformer", "Closed-Source"],
    });
  });
});

describe("facet mappers", () => {
  it("buckets sizes with half-open bounds", () => {
    expect(toModelSize(null)).toBeNull();
    expect(toModelSize(9.99e9)).toBe("Small");
    expect(toModelSize(10e9)).toBe("Medium");
    expect(toModelSize(69.9e9)).toBe("Medium");
    expect(toModelSize(70e9)).toBe("Large");
    expect(toModelSize(199e9)).toBe("Large");
    expect(toModelSize(200e9)).toBe("Extra Large");
  });

  it("derives categories from architecture and weights", () => {
    expect(toModelCategories({ architecture_type: "moe", open_weights: false })).toEqual([
      "MoE",
      "Closed-Source",
    ]);
    expect(toModelCategories({ architecture_type: "transformer", open_weights: true })).toEqual([
      "Transformer",
      "Open-Source",
    ]);
  });
});

describe("parseModelCatalog", () => {
  it("accepts a minimal valid catalog", () => {
    const parsed = parseModelCatalog([openai], [entry()]);
    expect(parsed.models[0]?.key_takeaways).toEqual([]);
  });

  it("names the entry key and the field of a bad entry", () => {
    expect(() => parseModelCatalog([openai], [entry({ cost_per_input_token: "2.5e-6" })])).toThrow(
      /models\.json: entry "openai\/test-model": field "cost_per_input_token"/,
    );
    expect(() => parseModelCatalog([openai], [entry({ released_at: "2025-02-30" })])).toThrow(
      /entry "openai\/test-model": field "released_at"/,
    );
    expect(() => parseModelCatalog([openai], [{ ...entry(), architecture_type: null }])).toThrow(
      /entry "openai\/test-model": field "architecture_type"/,
    );
    expect(() => parseModelCatalog([openai], [{ ...entry(), price: "1" }])).toThrow(
      /entry "openai\/test-model": field "price"/,
    );
    expect(() => parseModelCatalog([openai], [entry({ key: "OpenAI/GPT" })])).toThrow(
      /entry "OpenAI\/GPT": field "key"/,
    );
  });

  it("rejects duplicate keys and unknown providers", () => {
    expect(() => parseModelCatalog([openai], [entry(), entry()])).toThrow(
      /entry "openai\/test-model": duplicate key/,
    );
    expect(() => parseModelCatalog([openai], [entry({ provider: "nowhere" })])).toThrow(
      /field "provider": unknown provider "nowhere"/,
    );
  });

  it("rejects a provider whose override variable does not follow the naming rule", () => {
    expect(() => parseModelCatalog([{ ...openai, base_url_env: "OPENAI_BASE_URL" }], [])).toThrow(
      CatalogError,
    );
  });
});

describe("resolveProviders", () => {
  it("uses the file's base URL and no key by default", () => {
    const resolved = resolveProviders([openai, ollama], {});
    expect(resolved.get("openai")).toEqual({
      name: "openai",
      baseUrl: "https://api.openai.com/v1",
      apiKey: undefined,
      apiKeyEnv: "OPENAI_API_KEY",
      baseUrlEnv: "ASSAY_PROVIDER_OPENAI_BASE_URL",
      configured: false,
    });
    expect(resolved.get("ollama")?.configured).toBe(false);
  });

  it("honours base URL overrides and API keys, ignoring empty values", () => {
    const resolved = resolveProviders([openai, ollama], {
      OPENAI_API_KEY: "sk-test",
      ASSAY_PROVIDER_OPENAI_BASE_URL: "https://gateway.example.com/openai/v1/",
      ASSAY_PROVIDER_OLLAMA_BASE_URL: "  ",
    });
    expect(resolved.get("openai")).toMatchObject({
      baseUrl: "https://gateway.example.com/openai/v1",
      apiKey: "sk-test",
      configured: true,
    });
    expect(resolved.get("ollama")).toMatchObject({
      baseUrl: "http://localhost:11434/v1",
      configured: false,
    });
  });

  it("rejects a non-URL override, naming the variable", () => {
    expect(() =>
      resolveProviders([openai], { ASSAY_PROVIDER_OPENAI_BASE_URL: "api.openai.com/v1" }),
    ).toThrow(/ASSAY_PROVIDER_OPENAI_BASE_URL/);
    expect(() =>
      resolveProviders([ollama], { ASSAY_PROVIDER_OLLAMA_BASE_URL: "ftp://localhost:11434" }),
    ).toThrow(/ASSAY_PROVIDER_OLLAMA_BASE_URL must be an http\(s\) URL/);
  });

  it("lists every variable the providers read", () => {
    expect(providerEnvNames([openai, ollama])).toEqual([
      "OPENAI_API_KEY",
      "ASSAY_PROVIDER_OPENAI_BASE_URL",
      "ASSAY_PROVIDER_OLLAMA_BASE_URL",
    ]);
    const shipped = providerEnvNames(catalog.providers);
    expect(shipped).toContain("ANTHROPIC_API_KEY");
    expect(new Set(shipped).size).toBe(shipped.length);
    // .env.example documents every provider key by name (base URLs by their pattern).
    const example = readFileSync(new URL("../../../../../.env.example", import.meta.url), "utf8");
    for (const name of shipped.filter((n) => n.endsWith("_API_KEY")))
      expect(example, `.env.example lacks ${name}`).toMatch(new RegExp(`^${name}=`, "m"));
  });
});

describe("isRunnable", () => {
  const gpt4o = catalog.findByKey("openai/gpt-4o")!;
  const local = catalog.findByKey("ollama/llama3.2")!;

  it("needs the provider's API key", () => {
    expect(isRunnable(gpt4o, resolveProviders(catalog.providers, {}))).toBe(false);
    expect(isRunnable(gpt4o, resolveProviders(catalog.providers, { OPENAI_API_KEY: "" }))).toBe(
      false,
    );
    expect(
      isRunnable(gpt4o, resolveProviders(catalog.providers, { OPENAI_API_KEY: "sk-test" })),
    ).toBe(true);
  });

  it("runs Ollama models only when Ollama's base URL is set explicitly", () => {
    expect(isRunnable(local, resolveProviders(catalog.providers, {}))).toBe(false);
    const env = { ASSAY_PROVIDER_OLLAMA_BASE_URL: "http://localhost:11434/v1" };
    expect(isRunnable(local, resolveProviders(catalog.providers, env))).toBe(true);
    expect(isRunnable(gpt4o, resolveProviders(catalog.providers, env))).toBe(false);
  });

  it("is false for a provider that was not resolved", () => {
    expect(isRunnable({ provider: "nowhere" }, new Map())).toBe(false);
  });
});
