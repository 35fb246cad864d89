// An import thread (threaded-importer.ts starts them): its own database connection and blob
// store, and the same import code as the inline importer. SQLite lets this connection write while
// the service's connection goes on reading (WAL); PostgreSQL gets one more connection.
import { workerData } from "node:worker_threads";
import { createBlobStore } from "../../platform/blobs/create-blob-store.ts";
import { systemClock } from "../../platform/clock.ts";
import { openDatabase } from "../../platform/db/database.ts";
import { serveTasks } from "../../platform/threads/serve-tasks.ts";
import type { DatasetImport } from "../benchmarks/import-dataset.ts";
import type { TraceImport } from "../traces/import-trace-file.ts";
import { toOutcome } from "./import-outcome.ts";
import { createInlineImporter } from "./importer.ts";
import type { ImportThreadData } from "./threaded-importer.ts";

const data = workerData as ImportThreadData;
const database = openDatabase(data.database);
const blobs = await createBlobStore(data.blobs, data.masterKey, systemClock);
const importer = createInlineImporter({ db: database.db, copyRows: database.copyRows, blobs });

serveTasks({
  traces: (job: TraceImport) => toOutcome(() => importer.traces(job)),
  dataset: (job: DatasetImport) => toOutcome(() => importer.dataset(job)),
});
