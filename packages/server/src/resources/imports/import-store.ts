import type { BlobStore } from "../../platform/blobs/blob-store.ts";
import type { Database } from "../../platform/db/database.ts";
import type { CopyRows } from "../../platform/db/postgres-copy.ts";

/** Where an import reads its file and stores its rows: the calling thread's, or its own. */
export interface ImportStore {
  db: Database;
  /** PostgreSQL only: bulk rows stream through COPY. */
  copyRows?: CopyRows;
  blobs: BlobStore;
}
