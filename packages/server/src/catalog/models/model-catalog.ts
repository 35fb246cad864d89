import { readFileSync } from "node:fs";
import { RequestProfileNameSchema } from "@assay/protocol";
import { z } from "zod";
import { catalogId } from "../catalog-id.ts";

/**
 * The public model catalog: `providers.json` (OpenAI-compatible endpoints) and `models.json`
 * (well-known models and where to run them), validated once at load. A bad entry stops the
 * service at start with the file, the entry key and the field, rather than surfacing later as a
 * wrong price or a 404 from a provider.
 */

/** Model keys: `<company>/<model>`, lowercase; `:` is allowed after the slash for Ollama tags. */
export const MODEL_KEY_PATTERN = /^[a-z0-9][a-z0-9.-]*\/[a-z0-9][a-z0-9.:-]*$/;

/** A non-negative decimal without exponent: prices stay exact strings, never binary floats. */
const DECIMAL_PATTERN = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

const envName = z.string().regex(/^[A-Z][A-Z0-9_]*$/, "must be an UPPER_SNAKE_CASE variable name");
const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });
const price = z
  .string()
  .regex(DECIMAL_PATTERN, 'must be a decimal string in USD per token, like "0.0000025"')
  .nullable();
const isoDate = z.iso.date().refine(
  // z.iso.date() checks the shape; the round trip also refuses dates like 2025-02-30.
  (value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
  "must be a real calendar date",
);

export const ProviderSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "must be a lowercase slug"),
  display_name: z.string().min(1),
  /** OpenAI-compatible base URL, without the trailing `/chat/completions`. */
  base_url: httpUrl,
  /** Variable holding the API key; null for providers that take none (a local Ollama). */
  api_key_env: envName.nullable(),
  /** Variable that overrides `base_url`: `ASSAY_PROVIDER_<NAME>_BASE_URL`. */
  base_url_env: envName,
});
export type Provider = z.infer<typeof ProviderSchema>;

export const ModelEntrySchema = z.strictObject({
  key: z.string().regex(MODEL_KEY_PATTERN, "must look like company/model, lowercase"),
  name: z.string().min(1),
  description: z.string().min(1),
  company: z.string().min(1),
  released_at: isoDate,
  /** Total parameters (all experts for MoE); null when the maker does not disclose it. */
  parameters: z.number().positive().nullable(),
  /** Input modalities joined by `+`, e.g. `text+image`. */
  modality: z.string().regex(/^[a-z]+(\+[a-z]+)*$/, "must look like text or text+image"),
  context_length: z.number().int().positive(),
  /**
   * `moe` only where the maker has said so; otherwise `transformer`, which every model here is.
   * Never null: the protocol's `closed-source` filter needs a known architecture to match.
   */
  architecture_type: z.enum(["transformer", "moe"]),
  license: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, "must be a lowercase license slug"),
  open_weights: z.boolean(),
  region: z.string().regex(/^[a-z][a-z -]*$/, "must be lowercase"),
  deprecated: z.boolean(),
  cost_per_input_token: price,
  cost_per_output_token: price,
  provider: z.string().min(1),
  /** Sent verbatim as `model` to the provider, so its case is preserved. */
  provider_model: z.string().regex(/^\S+$/, "must be a non-empty name without spaces"),
  /** How the model is asked: the rules of its family (engine/gateway/profiles/). */
  request_profile: RequestProfileNameSchema,
  /**
   * The answer's token bound where the profile's default does not suit the model: a model that
   * thinks, served by a host whose profile covers models that do not.
   */
  max_tokens: z.number().int().positive().optional(),
  key_takeaways: z.array(z.string().min(1)).default([]),
});
export type ModelEntry = z.infer<typeof ModelEntrySchema>;

export const MODEL_SIZES = ["Small", "Medium", "Large", "Extra Large"] as const;
export type ModelSize = (typeof MODEL_SIZES)[number];

export const MODEL_CATEGORIES = ["Transformer", "MoE", "Open-Source", "Closed-Source"] as const;
export type ModelCategory = (typeof MODEL_CATEGORIES)[number];

/** A catalog model as served: wire (snake_case) fields plus its stable id and computed facets. */
export interface CatalogModel extends Omit<ModelEntry, "released_at"> {
  /** UUID v5 of the key: the same on every installation. */
  id: string;
  /** Unix seconds (UTC midnight of the release day). */
  released_at: number;
  size: ModelSize | null;
  categories: ModelCategory[];
}

export interface ModelCatalog {
  models: readonly CatalogModel[];
  providers: readonly Provider[];
  findById(id: string): CatalogModel | undefined;
  findByKey(key: string): CatalogModel | undefined;
}

export class CatalogError extends Error {
  override name = "CatalogError";
}

/** Size facet from the parameter count; buckets are half-open, so 70B is Large. */
export function toModelSize(parameters: number | null): ModelSize | null {
  if (parameters === null) return null;
  if (parameters < 10e9) return "Small";
  if (parameters < 70e9) return "Medium";
  if (parameters < 200e9) return "Large";
  return "Extra Large";
}

export function toModelCategories(
  entry: Pick<ModelEntry, "architecture_type" | "open_weights">,
): ModelCategory[] {
  return [
    entry.architecture_type === "moe" ? "MoE" : "Transformer",
    entry.open_weights ? "Open-Source" : "Closed-Source",
  ];
}

export function toCatalogModel(entry: ModelEntry): CatalogModel {
  return {
    ...entry,
    id: catalogId("model", entry.key),
    released_at: Date.parse(`${entry.released_at}T00:00:00Z`) / 1000,
    size: toModelSize(entry.parameters),
    categories: toModelCategories(entry),
  };
}

/** The variable that overrides a provider's base URL, derived so the names cannot drift. */
export function baseUrlEnvName(providerName: string): string {
  return `ASSAY_PROVIDER_${providerName.toUpperCase().replaceAll("-", "_")}_BASE_URL`;
}

/**
 * Validates both files' parsed contents and builds the catalog. Every problem is collected and
 * reported at once, so fixing a hand-edited file takes one run, not one run per typo.
 */
export function parseModelCatalog(providersJson: unknown, modelsJson: unknown): ModelCatalog {
  const problems: string[] = [];
  const providers = parseEntries("providers.json", providersJson, ProviderSchema, "name", problems);
  const entries = parseEntries("models.json", modelsJson, ModelEntrySchema, "key", problems);

  const providerNames = new Set<string>();
  for (const provider of providers) {
    const where = `providers.json: entry "${provider.name}"`;
    if (providerNames.has(provider.name)) problems.push(`${where}: duplicate name`);
    providerNames.add(provider.name);
    const expected = baseUrlEnvName(provider.name);
    if (provider.base_url_env !== expected) {
      problems.push(`${where}: field "base_url_env": must be ${expected}`);
    }
  }

  const byKey = new Map<string, CatalogModel>();
  const byId = new Map<string, CatalogModel>();
  for (const entry of entries) {
    const where = `models.json: entry "${entry.key}"`;
    if (byKey.has(entry.key)) problems.push(`${where}: duplicate key`);
    if (!providerNames.has(entry.provider)) {
      const known = [...providerNames].join(", ");
      problems.push(
        `${where}: field "provider": unknown provider "${entry.provider}" (known: ${known})`,
      );
    }
    const model = toCatalogModel(entry);
    byKey.set(model.key, model);
    byId.set(model.id, model);
  }

  if (problems.length > 0) {
    throw new CatalogError(`invalid model catalog:\n  ${problems.join("\n  ")}`);
  }
  return {
    models: Object.freeze([...byKey.values()]),
    providers: Object.freeze(providers),
    findById: (id) => byId.get(id),
    findByKey: (key) => byKey.get(key),
  };
}

/** Reads the shipped `providers.json` and `models.json` beside this file. */
export function loadModelCatalog(): ModelCatalog {
  return parseModelCatalog(readJson("./providers.json"), readJson("./models.json"));
}

function readJson(relativePath: string): unknown {
  const text = readFileSync(new URL(relativePath, import.meta.url), "utf8");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CatalogError(`${relativePath.slice(2)}: not valid JSON: ${(error as Error).message}`);
  }
}

function parseEntries<T>(
  file: string,
  json: unknown,
  schema: z.ZodType<T>,
  keyField: string,
  problems: string[],
): T[] {
  if (!Array.isArray(json)) {
    problems.push(`${file}: must be a JSON array`);
    return [];
  }
  const parsed: T[] = [];
  json.forEach((raw: unknown, index) => {
    const result = schema.safeParse(raw);
    if (result.success) {
      parsed.push(result.data);
      return;
    }
    const key = (raw as Record<string, unknown> | null)?.[keyField];
    const label = typeof key === "string" && key !== "" ? `"${key}"` : `#${index}`;
    for (const issue of result.error.issues) {
      const field =
        issue.path.length > 0
          ? issue.path.join(".")
          : issue.code === "unrecognized_keys"
            ? issue.keys.join(", ")
            : "(entry)";
      problems.push(`${file}: entry ${label}: field "${field}": ${issue.message}`);
    }
  });
  return parsed;
}

/** A provider with the environment applied. */
export interface ResolvedProvider {
  name: string;
  /** Without a trailing slash, so callers append `/chat/completions`. */
  baseUrl: string;
  apiKey: string | undefined;
  /** The variable the key is read from (null for keyless local servers), for error messages. */
  apiKeyEnv: string | null;
  /** The variable that overrides the base URL. */
  baseUrlEnv: string;
  /** Whether models of this provider can be run on this installation. */
  configured: boolean;
}

/**
 * Applies the environment to the providers. Pure: `config.ts`, the only reader of `process.env`,
 * passes the environment in. Throws an Error naming the variable when a base URL override is not
 * an http(s) URL, so a typo fails at start instead of on the first evaluation.
 */
export function resolveProviders(
  providers: readonly Provider[],
  env: Readonly<Record<string, string | undefined>>,
): Map<string, ResolvedProvider> {
  const resolved = new Map<string, ResolvedProvider>();
  for (const provider of providers) {
    const baseUrlOverride = nonEmpty(env[provider.base_url_env]);
    if (baseUrlOverride !== undefined && !isHttpUrl(baseUrlOverride)) {
      // The value is left out of the message: a URL may carry credentials in its userinfo.
      throw new Error(`${provider.base_url_env} must be an http(s) URL`);
    }
    const apiKey = provider.api_key_env === null ? undefined : nonEmpty(env[provider.api_key_env]);
    resolved.set(provider.name, {
      name: provider.name,
      baseUrl: (baseUrlOverride ?? provider.base_url).replace(/\/+$/, ""),
      apiKey,
      apiKeyEnv: provider.api_key_env,
      baseUrlEnv: provider.base_url_env,
      // A keyless provider is a local server: it counts only when its URL was set on purpose,
      // so a fresh install does not claim an Ollama is running on localhost.
      configured:
        provider.api_key_env === null ? baseUrlOverride !== undefined : apiKey !== undefined,
    });
  }
  return resolved;
}

/** Whether the model's provider is configured. Deprecation does not block a run: a deprecated
 * model often still answers, and a retired one fails with the provider's own error. */
export function isRunnable(
  model: Pick<CatalogModel, "provider">,
  resolvedProviders: ReadonlyMap<string, ResolvedProvider>,
): boolean {
  return resolvedProviders.get(model.provider)?.configured === true;
}

/** Every variable the providers read, in file order: for docs/configuration.md and `config.ts`. */
export function providerEnvNames(providers: readonly Provider[]): string[] {
  const names = new Set<string>();
  for (const provider of providers) {
    if (provider.api_key_env !== null) names.add(provider.api_key_env);
    names.add(provider.base_url_env);
  }
  return [...names];
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "http:" || protocol === "https:";
}
