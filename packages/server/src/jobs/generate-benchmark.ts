import type { Logger } from "pino";
import type { Catalog } from "../catalog/catalog.ts";
import type { Gateway } from "../engine/gateway/gateway.ts";
import { buildRequestBody } from "../engine/gateway/request-body.ts";
import {
  type Complete,
  GenerationError,
  generateBenchmark,
} from "../engine/runners/benchmark-generation/index.ts";
import type { BlobStore } from "../platform/blobs/blob-store.ts";
import type { Clock } from "../platform/clock.ts";
import type { SecretBox } from "../platform/crypto/secret-box.ts";
import type { Database } from "../platform/db/database.ts";
import type { JobHandler } from "../platform/queue/job-queue.ts";
import { GenerateBenchmarkPayloadSchema } from "../resources/benchmarks/generate-benchmark-job.ts";
import { createBenchmarkGenerationStore } from "../resources/benchmarks/generation-store.ts";
import {
  createEndpointResolver,
  ModelUnavailableError,
} from "../resources/models/resolve-endpoint.ts";
import type { ProjectScope } from "../tenancy.ts";

export interface GenerateBenchmarkDeps {
  db: Database;
  blobs: BlobStore;
  clock: Clock;
  logger: Logger;
  catalog: Catalog;
  secrets: SecretBox;
  gateway: Gateway;
  config: { generatorModel?: string };
}

/** Generates a smart benchmark's prompts (engine/runners/benchmark-generation). */
export function createGenerateBenchmarkJob(deps: GenerateBenchmarkDeps): JobHandler {
  const { resolveConfiguredModel } = createEndpointResolver(deps);

  /**
   * The configured generator model's call. A model that cannot be used (none configured, an
   * unknown key) is the benchmark owner's to fix: a GenerationError, not an outage to retry.
   */
  async function openGenerator(scope: ProjectScope, signal: AbortSignal): Promise<Complete> {
    const key = deps.config.generatorModel;
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
          concurrency: 4,
        })
      ).content;
  }

  return async (job) => {
    const payload = GenerateBenchmarkPayloadSchema.parse(job.data);
    const scope = { organizationId: payload.organization_id, projectId: payload.project_id };
    const outcome = await generateBenchmark(payload.benchmark_id, {
      store: createBenchmarkGenerationStore(deps, scope.organizationId),
      openGenerator: () => openGenerator(scope, job.signal),
      signal: job.signal,
    });
    if (outcome.status === "failed")
      deps.logger.info(
        { benchmark: payload.benchmark_id, reason: outcome.reason },
        "smart benchmark failed",
      );
  };
}
