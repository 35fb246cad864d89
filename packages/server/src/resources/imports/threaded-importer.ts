import { AppError } from "../../app-error.ts";
import type { BlobStoreConfig } from "../../platform/blobs/create-blob-store.ts";
import type { DatabaseConfig } from "../../platform/db/database.ts";
import { createThreadPool, ThreadPoolFullError } from "../../platform/threads/thread-pool.ts";
import { fromOutcome, type ImportOutcome } from "./import-outcome.ts";
import type { Importer } from "./importer.ts";

/** What an import thread opens for itself (structured-cloned into it). */
export interface ImportThreadData {
  database: DatabaseConfig;
  blobs: BlobStoreConfig;
  masterKey: Buffer;
}

export interface ThreadedImporterOptions extends ImportThreadData {
  threads: number;
  maxWaiting: number;
  /** The service's own importer, for files too small to be worth a thread. */
  inline: Importer;
  /**
   * Files up to this size are imported by `inline` (ASSAY_IMPORT_INLINE_BYTES, 256 KiB): parsing
   * that takes a few milliseconds, while loading a thread for it took ~200 ms (a 10 kB upload
   * went from ~60 ms to ~260 ms when every import moved to a thread). The upload's announced
   * size bounds the file: its PUT may not send more.
   */
  inlineBytes: number;
}

/**
 * Imports on threads of their own: the service's thread only waits for their answers, so a 50 MB
 * file's parsing never holds up other requests (it did for 1.4 s; ten at once for 12-18 s). Small
 * files (`inlineBytes`) are imported inline, sooner than a thread could start.
 * `threads` imports run at once and `maxWaiting` more wait in line; past that, a 503 says when
 * to come back, rather than holding ever more files' work in memory.
 */
export function createThreadedImporter(options: ThreadedImporterOptions): Importer {
  const data: ImportThreadData = {
    // One connection is all an import uses (COPY, or one SQLite transaction).
    database:
      options.database.dialect === "postgres"
        ? { ...options.database, poolSize: 1 }
        : options.database,
    blobs: options.blobs,
    masterKey: options.masterKey,
  };
  const pool = createThreadPool({
    entry: new URL("./import-thread.ts", import.meta.url),
    data,
    size: options.threads,
    maxWaiting: options.maxWaiting,
    // A thread costs 45 MB and more (Node's own ~24 MB, the modules, the heap its import grew):
    // it runs the imports waiting for it, then stops (kept idle, it showed as +90 MB in the peak
    // of an evaluation started right after its dataset's import). An upload URL handed out keeps
    // one (or starts one) for the upload's import that long: a 50 MB PUT at 2 MB/s.
    idleMs: 0,
    warmMs: 30_000,
    // Far above what an import needs (a record is at most 8 MiB): a bound, not a budget.
    resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 16 },
  });

  async function run<T>(task: string, job: unknown): Promise<T> {
    try {
      return fromOutcome((await pool.run(task, job)) as ImportOutcome<T>);
    } catch (error) {
      if (!(error instanceof ThreadPoolFullError)) throw error;
      const { running, waiting } = pool.load();
      throw new AppError(
        "SERVICE_UNAVAILABLE",
        `${running + waiting} imports are running or waiting, the most this service takes; ` +
          `retry in ${error.retryAfterSeconds} s`,
        { retryAfterSeconds: error.retryAfterSeconds },
      );
    }
  }

  const inline = (size: number) => size <= options.inlineBytes;
  return {
    traces: (job) => (inline(job.size) ? options.inline.traces(job) : run("traces", job)),
    dataset: (job) => (inline(job.upload.size) ? options.inline.dataset(job) : run("dataset", job)),
    warm: (size) => {
      if (!inline(size)) pool.warm();
    },
    close: () => pool.close(),
  };
}
