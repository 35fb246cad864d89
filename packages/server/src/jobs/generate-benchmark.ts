import type { Logger } from "pino";
import type { Catalog } from "../catalog/catalog.ts";
import type { Gateway } from "../engine/gateway/gateway.ts";
import { generateBenchmark } from "../engine/runners/benchmark-generation/index.ts";
import type { BlobStore } from "../platform/blobs/blob-store.ts";
import type { Clock } from "../platform/clock.ts";
import type { SecretBox } from "../platform/crypto/secret-box.ts";
import type { Database } from "../platform/db/database.ts";
import type { JobHandler } from "../platform/queue/job-queue.ts";
import { GenerateBenchmarkPayloadSchema } from "../resources/benchmarks/generate-benchmark-job.ts";
import { createBenchmarkGenerationStore } from "../resources/benchmarks/generation-store.ts";
import { createGeneratorModel } from "../resources/benchmarks/generator-model.ts";

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

/**
 * Generates a smart benchmark's prompts: decodes the payload and runs the benchmark generation
 * runner (engine/runners/benchmark-generation) over the benchmark's store and the generator model.
 */
export function createGenerateBenchmarkJob(deps: GenerateBenchmarkDeps): JobHandler {
  const generatorModel = createGeneratorModel({
    ...deps,
    generatorModel: deps.config.generatorModel,
  });

  return async (job) => {
    const payload = GenerateBenchmarkPayloadSchema.parse(job.data);
    const scope = { organizationId: payload.organization_id, projectId: payload.project_id };
    const outcome = await generateBenchmark(payload.benchmark_id, {
      store: createBenchmarkGenerationStore(deps, scope.organizationId),
      openGenerator: () => generatorModel(scope, job.signal),
      signal: job.signal,
    });
    if (outcome.status === "failed")
      deps.logger.info(
        { benchmark: payload.benchmark_id, reason: outcome.reason },
        "smart benchmark failed",
      );
  };
}
