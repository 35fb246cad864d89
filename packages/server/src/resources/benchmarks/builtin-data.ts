import { AppError } from "../../app-error.ts";
import {
  BenchmarkDataError,
  type BenchmarkDefinition,
  BenchmarkDownloadError,
  downloadBenchmarkFile,
  type LoadedBenchmark,
  readBenchmarkFile,
} from "../../catalog/benchmarks/index.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { HostRule } from "../../platform/ssrf/host-rules.ts";
import { createPromptRepository } from "./prompt-repository.ts";
import { createBenchmarkRepository } from "./repository.ts";

export interface BuiltinDataDeps {
  db: Database;
  clock: Clock;
  dataDir: string;
  /** Fetch `<mirror>/<key>/<file>` instead of the canonical source (air-gapped installs, tests). */
  mirrorUrl?: string;
  /** Private addresses downloads may reach (ALLOWED_MODEL_HOSTS); the mirror's is always allowed. */
  allowedHosts?: readonly HostRule[];
}

/**
 * The data of built-in benchmarks: downloaded from the canonical source on first use (or imported
 * from a local file by `assay catalog import`), checked, and stored as prompts with the source
 * file's sha256 as the benchmark's version.
 */
export function createBuiltinData(deps: BuiltinDataDeps) {
  // One download per benchmark at a time in this process; other processes may race, and the
  // import is idempotent (same file, same rows).
  const loading = new Map<string, Promise<void>>();
  const benchmarks = createBenchmarkRepository(deps.db);

  async function store(definition: BenchmarkDefinition, loaded: LoadedBenchmark): Promise<void> {
    await deps.db.transaction().execute(async (trx) => {
      await createPromptRepository(trx).replaceAll(definition.id, loaded.prompts);
      await createBenchmarkRepository(trx).recordData(definition.id, {
        version: loaded.sha256,
        promptCount: loaded.prompts.length,
        at: deps.clock.now().toISOString(),
      });
    });
  }

  async function isLoaded(definition: BenchmarkDefinition): Promise<boolean> {
    return Boolean(await benchmarks.dataVersion(definition.id));
  }

  /** Downloads (or reuses the checked copy in the data dir) and stores the prompts it read. */
  async function importFromSource(definition: BenchmarkDefinition): Promise<LoadedBenchmark> {
    const { loaded } = await downloadBenchmarkFile(definition, {
      dataDir: deps.dataDir,
      mirrorUrl: deps.mirrorUrl,
      allowedHosts: deps.allowedHosts,
    });
    await store(definition, loaded);
    return loaded;
  }

  async function load(definition: BenchmarkDefinition): Promise<void> {
    try {
      await importFromSource(definition);
    } catch (error) {
      if (error instanceof BenchmarkDownloadError || error instanceof BenchmarkDataError) {
        throw dataMissing(definition, error);
      }
      throw error;
    }
  }

  return {
    /** Makes sure the benchmark's prompts are stored, downloading them the first time. */
    async ensureLoaded(definition: BenchmarkDefinition): Promise<void> {
      if (await isLoaded(definition)) return;
      let pending = loading.get(definition.key);
      if (!pending) {
        pending = load(definition).finally(() => loading.delete(definition.key));
        loading.set(definition.key, pending);
      }
      await pending;
    },

    /** Imports a local copy of the canonical file (checked like a download); answers what was stored. */
    async importFile(definition: BenchmarkDefinition, path: string): Promise<LoadedBenchmark> {
      const loaded = await readBenchmarkFile(definition, path);
      await store(definition, loaded);
      return loaded;
    },

    importFromSource,
  };
}

export type BuiltinData = ReturnType<typeof createBuiltinData>;

/**
 * A built-in benchmark whose data is neither loaded nor downloadable (offline, the source down or
 * changed). Retrying does not help until someone loads it, so it is a 409 (the benchmark's state
 * refuses the request) without Retry-After, saying how to load it; nothing has been created.
 */
function dataMissing(definition: BenchmarkDefinition, error: Error): AppError {
  const { key } = definition;
  const file = definition.source.filename;
  return new AppError(
    "CONFLICT",
    `the data of built-in benchmark ${key} is not loaded and could not be downloaded ` +
      `(${error.message}). An administrator can load it from a local copy of ${file} with ` +
      `\`assay catalog import ${key} --file <path>\`, or set ASSAY_DATASET_MIRROR_URL to a ` +
      `mirror serving ${key}/${file}.`,
    { cause: error },
  );
}
