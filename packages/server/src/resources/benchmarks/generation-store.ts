import { buffer } from "node:stream/consumers";
import type { BenchmarkGenerationStore } from "../../engine/runners/benchmark-generation/index.ts";
import type { BlobStore } from "../../platform/blobs/blob-store.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import { createPromptRepository } from "./prompt-repository.ts";
import { createBenchmarkRepository } from "./repository.ts";

/**
 * The benchmark generation runner's store (engine/runners/benchmark-generation) over the
 * benchmark repositories and the blob store, for the smart benchmarks of one organization.
 */
export function createBenchmarkGenerationStore(
  deps: { db: Database; blobs: BlobStore; clock: Clock },
  organizationId: string,
): BenchmarkGenerationStore {
  const repo = createBenchmarkRepository(deps.db);
  const now = () => deps.clock.now().toISOString();

  return {
    async findPending(benchmarkId) {
      const row = await repo.findGenerating(organizationId, benchmarkId);
      if (!row) return undefined;
      const { id, name, description } = row;
      return { id, name, description, systemPrompt: row.system_prompt ?? "" };
    },

    async *readDocuments(benchmarkId) {
      for (const file of await repo.listFiles(benchmarkId))
        yield {
          filename: file.filename,
          contentType: file.content_type,
          bytes: await buffer(await deps.blobs.read(file.object_key)),
        };
    },

    async finish(benchmarkId, generated) {
      await deps.db.transaction().execute(async (trx) => {
        await createPromptRepository(trx).replaceAll(benchmarkId, generated.prompts);
        await createBenchmarkRepository(trx).finishGeneration(benchmarkId, {
          description: generated.description,
          promptCount: generated.prompts.length,
          version: generated.version,
          at: now(),
        });
      });
    },

    async fail(benchmarkId, reason) {
      await repo.failGeneration(benchmarkId, reason, now());
    },
  };
}
