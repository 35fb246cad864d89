import type { Catalog } from "../../catalog/catalog.ts";
import type { Gateway } from "../../engine/gateway/gateway.ts";
import { buildRequestBody } from "../../engine/gateway/request-body.ts";
import { type Complete, GenerationError } from "../../engine/runners/benchmark-generation/index.ts";
import type { SecretBox } from "../../platform/crypto/secret-box.ts";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { createEndpointResolver, ModelUnavailableError } from "../models/resolve-endpoint.ts";

/** Chunks of one benchmark asked about at the same time. */
const GENERATION_CONCURRENCY = 4;

/**
 * The generator model's call for a project's smart benchmark: ASSAY_GENERATOR_MODEL (a catalog
 * key, else a custom model of the project), through the gateway. A model that cannot be used
 * (none configured, an unknown key) is the benchmark owner's to fix: a GenerationError, which
 * fails the benchmark, not an outage to retry.
 */
export function createGeneratorModel(deps: {
  db: Database;
  catalog: Catalog;
  secrets: SecretBox;
  gateway: Gateway;
  generatorModel?: string | undefined;
}) {
  const { resolveConfiguredModel } = createEndpointResolver(deps);
  return async (scope: ProjectScope, signal: AbortSignal): Promise<Complete> => {
    const key = deps.generatorModel;
    if (key === undefined)
      throw new GenerationError(
        "no generator model is configured: set ASSAY_GENERATOR_MODEL (or ASSAY_DEFAULT_JUDGE_MODEL)",
      );
    const endpoint = await resolveConfiguredModel(scope, "ASSAY_GENERATOR_MODEL", key).catch(
      (error: unknown) => {
        throw error instanceof ModelUnavailableError ? new GenerationError(error.message) : error;
      },
    );
    return async (messages, options) =>
      (
        await deps.gateway.complete(endpoint, buildRequestBody(endpoint, messages), {
          signal: options?.signal ?? signal,
          concurrency: GENERATION_CONCURRENCY,
        })
      ).content;
  };
}
