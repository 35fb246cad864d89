import type { Catalog } from "../../catalog/catalog.ts";
import type { ModelEndpoint } from "../../engine/gateway/endpoint.ts";
import { ModelUnavailableError } from "../../engine/gateway/model-unavailable-error.ts";
import { REQUEST_PROFILES, requestProfile } from "../../engine/gateway/profiles/index.ts";
import type { RequestProfile } from "../../engine/gateway/profiles/request-profile.ts";
import type { SecretBox } from "../../platform/crypto/secret-box.ts";
import type { Database } from "../../platform/db/database.ts";
import type { ModelRow } from "../../platform/db/schema.ts";
import { chatCompletionsUrl } from "../../platform/ssrf/model-url.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { tokenPrices } from "./model-prices.ts";
import { createModelRepository } from "./repository.ts";

export { ModelUnavailableError };

/** How a model is asked, known without its provider's key: what a run records when created. */
export interface ModelRequest {
  /** The model's key, for messages. */
  key: string;
  profile: RequestProfile;
  maxTokens: number;
  extraPayload: Record<string, unknown> | null;
}

/**
 * How to call a model: a catalog model through its provider (as this process is configured:
 * its key variable and base URL override), a custom model through its own URL with its sealed
 * key opened. Disabled (deleted) custom models still resolve, so a run already queued finishes.
 */
export function createEndpointResolver(deps: {
  db: Database;
  catalog: Catalog;
  secrets: SecretBox;
}) {
  const models = createModelRepository(deps.db);

  async function resolveEndpoint(modelId: string): Promise<ModelEndpoint> {
    const entry = deps.catalog.findModel(modelId);
    if (entry) {
      const provider = deps.catalog.providers.get(entry.provider);
      if (!provider?.configured) {
        const variable = provider?.apiKeyEnv ?? provider?.baseUrlEnv;
        throw new ModelUnavailableError(
          `the provider ${entry.provider} of ${entry.key} is not configured on this server: ` +
            (variable ? `set ${variable}` : "configure its provider"),
        );
      }
      const profile = REQUEST_PROFILES[entry.request_profile];
      return {
        url: `${provider.baseUrl}/chat/completions`,
        apiKey: provider.apiKey,
        model: entry.provider_model,
        maxTokens: entry.max_tokens ?? profile.defaultMaxTokens,
        profile,
        trusted: true,
        prices: tokenPrices(entry.cost_per_input_token, entry.cost_per_output_token),
      };
    }
    const row = await models.findCustomById(modelId);
    if (!row || row.api_url === null) throw new ModelUnavailableError(`unknown model ${modelId}`);
    const request = toModelRequest(row);
    return {
      url: chatCompletionsUrl(row.api_url),
      apiKey:
        row.api_key_sealed === null
          ? undefined
          : deps.secrets.open(row.api_key_sealed, `model:${row.id}`),
      // Without provider_model, the part of the key after the company: `acme/llama-3` → `llama-3`.
      model: row.provider_model ?? row.key.slice(row.key.indexOf("/") + 1),
      maxTokens: request.maxTokens,
      extraPayload: request.extraPayload,
      profile: request.profile,
      trusted: false,
      // The model's own prices, when it was given some: its runs then have a cost and a budget.
      prices: tokenPrices(row.cost_per_input_token, row.cost_per_output_token),
    };
  }

  /**
   * The model a setting names by key (`ASSAY_DEFAULT_JUDGE_MODEL`, `ASSAY_GENERATOR_MODEL`): a
   * catalog key, else a custom model of the project.
   */
  async function resolveConfiguredModel(
    scope: ProjectScope,
    setting: string,
    key: string,
  ): Promise<ModelEndpoint> {
    const id =
      deps.catalog.models.find((m) => m.key === key)?.id ??
      (await models.findCustomByKey(scope, key))?.id;
    if (id === undefined)
      throw new ModelUnavailableError(`${setting} names no known model: ${key}`);
    return resolveEndpoint(id);
  }

  return { resolveEndpoint, resolveConfiguredModel };
}

/**
 * How a model is asked, for a model the caller already checked is theirs or the catalog's: what
 * an evaluation checks its sampling options against and records when it is created.
 */
export async function readModelRequest(
  deps: { db: Database; catalog: Catalog },
  modelId: string,
): Promise<ModelRequest> {
  const entry = deps.catalog.findModel(modelId);
  if (entry) {
    const profile = REQUEST_PROFILES[entry.request_profile];
    const maxTokens = entry.max_tokens ?? profile.defaultMaxTokens;
    return { key: entry.key, profile, maxTokens, extraPayload: null };
  }
  const row = await createModelRepository(deps.db).findCustomById(modelId);
  if (!row) throw new ModelUnavailableError(`unknown model ${modelId}`);
  return toModelRequest(row);
}

function toModelRequest(row: ModelRow): ModelRequest {
  const profile = requestProfile(row.request_profile);
  return {
    key: row.key,
    profile,
    maxTokens: row.max_tokens ?? profile.defaultMaxTokens,
    extraPayload:
      row.extra_payload === null
        ? null
        : (JSON.parse(row.extra_payload) as Record<string, unknown>),
  };
}

export type EndpointResolver = ReturnType<typeof createEndpointResolver>;
