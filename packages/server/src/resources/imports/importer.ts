import type { ImportStore, TraceImport } from "../traces/import-trace-file.ts";
import { importTraceFile } from "../traces/import-trace-file.ts";

/**
 * The import port: turns uploaded files into rows. Requests call it; it answers what they answer
 * (ids, or an AppError naming the bad lines). Two implementations: here in the calling thread
 * (tools, bare test apps) and on import threads (threaded-importer.ts), which `assay serve` uses
 * so that parsing 50 MB never holds up other requests.
 */
export interface Importer {
  traces(job: TraceImport): Promise<string[]>;
  close(): Promise<void>;
}

export function createInlineImporter(store: ImportStore): Importer {
  return {
    traces: (job) => importTraceFile(store, job),
    close: async () => {},
  };
}
