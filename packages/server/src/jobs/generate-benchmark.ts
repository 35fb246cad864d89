import { createHash } from "node:crypto";
import { buffer } from "node:stream/consumers";
import type { Logger } from "pino";
import type { Catalog } from "../catalog/catalog.ts";
import { DocumentError, extractText } from "../engine/documents/index.ts";
import type { Gateway } from "../engine/gateway/gateway.ts";
import { isModelCallError } from "../engine/gateway/model-call-error.ts";
import { buildRequestBody } from "../engine/gateway/request-body.ts";
import { GenerationError, generatePrompts } from "../engine/runners/benchmark-generation/index.ts";
import type { BlobStore } from "../platform/blobs/blob-store.ts";
import type { Clock } from "../platform/clock.ts";
import type { SecretBox } from "../platform/crypto/secret-box.ts";
import type { Database } from "../platform/db/database.ts";
import type { JobHandler } from "../platform/queue/job-queue.ts";
import { GenerateBenchmarkPayloadSchema } from "../resources/benchmarks/generate-benchmark-job.ts";
import { createPromptRepository } from "../resources/benchmarks/prompt-repository.ts";
import {
  createEndpointResolver,
  ModelUnavailableError,
} from "../resources/models/resolve-endpoint.ts";

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
 * Writes a smart benchmark's prompts from its documents with the generator model, then makes the
 * benchmark `ready`; a problem a user can act on (a document that is not text, no generator
 * model, a model that writes no usable questions) makes it `failed` with the reason. Outages are
 * thrown, so the queue tries again later.
 */
export function createGenerateBenchmarkJob(deps: GenerateBenchmarkDeps): JobHandler {
  const { resolveConfiguredModel } = createEndpointResolver(deps);

  const setStatus = (id: string, status: "ready" | "failed", description: string, count = 0) =>
    deps.db
      .updateTable("benchmarks")
      .set({
        generation_status: status,
        status_description: description,
        prompt_count: count,
        updated_at: deps.clock.now().toISOString(),
      })
      .where("id", "=", id)
      .where("generation_status", "=", "generating")
      .execute();

  function generatorEndpoint(scope: { organizationId: string; projectId: string }) {
    const key = deps.config.generatorModel;
    if (key === undefined)
      throw new ModelUnavailableError(
        "no generator model is configured: set ASSAY_GENERATOR_MODEL (or ASSAY_DEFAULT_JUDGE_MODEL)",
      );
    return resolveConfiguredModel(scope, "ASSAY_GENERATOR_MODEL", key);
  }

  return async (job) => {
    const payload = GenerateBenchmarkPayloadSchema.parse(job.data);
    const scope = { organizationId: payload.organization_id, projectId: payload.project_id };
    const benchmark = await deps.db
      .selectFrom("benchmarks")
      .selectAll()
      .where("id", "=", payload.benchmark_id)
      .where("organization_id", "=", scope.organizationId)
      .executeTakeFirst();
    if (benchmark?.generation_status !== "generating") return;
    const files = await deps.db
      .selectFrom("benchmark_files")
      .selectAll()
      .where("benchmark_id", "=", benchmark.id)
      .orderBy("position")
      .execute();
    try {
      const endpoint = await generatorEndpoint(scope);
      const documents = [];
      for (const file of files) {
        const bytes = await buffer(await deps.blobs.read(file.object_key));
        const { text } = await extractText({
          filename: file.filename,
          contentType: file.content_type,
          bytes,
        });
        documents.push({ filename: file.filename, text });
      }
      const generated = await generatePrompts(
        {
          name: benchmark.name,
          description: benchmark.description,
          systemPrompt: benchmark.system_prompt ?? "",
          documents,
        },
        async (messages, options) =>
          (
            await deps.gateway.complete(endpoint, buildRequestBody(endpoint, messages), {
              signal: options?.signal ?? job.signal,
              concurrency: 4,
            })
          ).content,
        { signal: job.signal },
      );
      await deps.db.transaction().execute(async (trx) => {
        await createPromptRepository(trx).replaceAll(benchmark.id, generated);
        await trx
          .updateTable("benchmarks")
          .set({
            generation_status: "ready",
            status_description: `${generated.length} questions written from ${files.length} documents`,
            prompt_count: generated.length,
            version: createHash("sha256").update(JSON.stringify(generated)).digest("hex"),
            updated_at: deps.clock.now().toISOString(),
          })
          .where("id", "=", benchmark.id)
          .execute();
      });
    } catch (error) {
      const actionable =
        error instanceof DocumentError ||
        error instanceof GenerationError ||
        error instanceof ModelUnavailableError ||
        (isModelCallError(error) && !error.retryable && error.code !== "cancelled");
      if (!actionable) throw error;
      await setStatus(benchmark.id, "failed", (error as Error).message.slice(0, 1000));
      deps.logger.info(
        { benchmark: benchmark.id, reason: (error as Error).message },
        "smart benchmark failed",
      );
    }
  };
}
