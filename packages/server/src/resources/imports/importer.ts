import { type DatasetImport, importDataset } from "../benchmarks/import-dataset.ts";
import { importTraceFile, type TraceImport } from "../traces/import-trace-file.ts";
import type { ImportStore } from "./import-store.ts";

/**
 * The import port: turns uploaded files into rows. Requests call it; it answers what they answer
 * (ids, or an AppError naming the bad lines). Two implementations: here in the calling thread
 * (tools, bare test apps) and on import threads (threaded-importer.ts), which `assay serve` uses
 * so that parsing 50 MB never holds up other requests.
 */
export interface Importer {
  /** A trace file's traces; answers their ids. */
  traces(job: TraceImport): Promise<string[]>;
  /** A dataset file as a custom benchmark with its prompts. */
  dataset(job: DatasetImport): Promise<void>;
  /** A file of `size` bytes is on its way: get ready to import it (start an import thread). */
  warm(size: number): void;
  close(): Promise<void>;
}

export function createInlineImporter(store: ImportStore): Importer {
  return {
    traces: (job) => importTraceFile(store, job),
    dataset: (job) => importDataset(store, job),
    warm: () => {},
    close: async () => {},
  };
}
