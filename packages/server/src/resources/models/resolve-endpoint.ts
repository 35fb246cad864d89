import type { Catalog } from "../../catalog/catalog.ts";
import type { ModelEndpoint } from "../../engine/gateway/endpoint.ts";
import { ModelUnavailableError } from "../../engine/gateway/model-unavailable-error.ts";
import type { SecretBox } from "../../platform/crypto/secret-box.ts";
import type { Database } from "../../platform/db/database.ts";
import { chatCompletionsUrl } from "../../platform/ssrf/model-url.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { createModelRepository } from "./repository.ts";

export { ModelUnavailableError };

/** Custom models without a max_tokens of their own answer at most this many tokens. */
const DEFAULT_MAX_TOKENS = 1024;

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
      const price = (value: string | null) => (value === null ? null : Number(value));
      const input = price(entry.cost_per_input_token);
      const output = price(entry.cost_per_output_token);
      return {
        url: `${provider.baseUrl}/chat/completions`,
        apiKey: provider.apiKey,
        model: entry.provider_model,
        maxTokens: DEFAULT_MAX_TOKENS,
        trusted: true,
        prices: input === null || output === null ? null : { input, output },
      };
    }
    const row = await models.findCustomById(modelId);
    if (!row || row.api_url === null) throw new ModelUnavailableError(`unknown model ${modelId}`);
    return {
      url: chatCompletionsUrl(row.api_url),
      apiKey:
        row.api_key_sealed === null
          ? undefined
          : deps.secrets.open(row.api_key_sealed, `model:${row.id}`),
      // Without provider_model, the part of the key after the company: `acme/llama-3` → `llama-3`.
      model: row.provider_model ?? row.key.slice(row.key.indexOf("/") + 1),
      maxTokens: row.max_tokens ?? DEFAULT_MAX_TOKENS,
      extraPayload:
        row.extra_payload === null
          ? null
          : (JSON.parse(row.extra_payload) as Record<string, unknown>),
      trusted: false,
      prices: null,
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

export type EndpointResolver = ReturnType<typeof createEndpointResolver>;
