import { randomUUID } from "node:crypto";
import type { UploadUrl } from "@assay/protocol";
import type { BlobStore } from "../../platform/blobs/blob-store.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { UploadRow } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";
import type { Importer } from "../imports/importer.ts";
import { createUploadRepository } from "./repository.ts";

export type UploadPurpose = "benchmark" | "trace";

export interface UploadRequest {
  purpose: UploadPurpose;
  filename: string;
  contentType: string;
  size: number;
  key?: string;
}

/**
 * Presigned uploads: a client announces a file (name, type, size), gets a URL to PUT it to, and
 * later names it by file name in a create call. The blob is stored under a server-chosen key
 * (`uploads/{organization}/{project}/{upload id}`), so a file name never becomes a path.
 */
export function createUploadService(deps: {
  db: Database;
  blobs: BlobStore;
  clock: Clock;
  urlTtlSeconds: number;
  /** Told when a file is on its way (the API; jobs that only clean up pass none). */
  importer?: Pick<Importer, "warm">;
}) {
  const repo = createUploadRepository(deps.db);

  return {
    async createUploadUrl(scope: ProjectScope, request: UploadRequest): Promise<UploadUrl> {
      // The file comes next, then its import: loading an import thread meanwhile takes that
      // (~0.3 s) off the import.
      deps.importer?.warm(request.size);
      const id = randomUUID();
      const objectKey = `uploads/${scope.organizationId}/${scope.projectId}/${id}`;
      const presigned = await deps.blobs.createUploadUrl({
        objectKey,
        contentType: request.contentType,
        size: request.size,
        expiresInSeconds: deps.urlTtlSeconds,
      });
      await repo.insert({
        id,
        organization_id: scope.organizationId,
        project_id: scope.projectId,
        purpose: request.purpose,
        upload_key: request.key ?? null,
        filename: request.filename,
        content_type: request.contentType,
        size: request.size,
        object_key: objectKey,
        expires_at: presigned.expiresAt.toISOString(),
        created_at: deps.clock.now().toISOString(),
      });
      return {
        url: presigned.url,
        upload_id: id,
        method: presigned.method,
        headers: presigned.headers,
        expires_at: presigned.expiresAt.toISOString(),
      };
    },

    /** The newest upload of this file name whose content has arrived, for a create call to consume. */
    async findUploaded(
      scope: ProjectScope,
      purpose: UploadPurpose,
      filename: string,
    ): Promise<UploadRow | undefined> {
      const upload = await repo.findLatestByFilename(scope, purpose, filename);
      if (!upload) return undefined;
      return (await deps.blobs.stat(upload.object_key)) ? upload : undefined;
    },

    /**
     * Forgets upload URLs that expired more than `graceMs` ago without a file ever arriving.
     * Files that did arrive stay until whatever consumes them removes them.
     */
    async removeUnusedExpired(graceMs: number, batchSize = 200): Promise<number> {
      const before = new Date(deps.clock.now().getTime() - graceMs).toISOString();
      let removed = 0;
      let cursor: { expiresAt: string; id: string } | undefined;
      for (;;) {
        const expired = await repo.listExpired(before, cursor, batchSize);
        const unused: string[] = [];
        for (const upload of expired) {
          if (!(await deps.blobs.stat(upload.object_key))) unused.push(upload.id);
        }
        await repo.deleteByIds(unused);
        removed += unused.length;
        const last = expired.at(-1);
        if (!last || expired.length < batchSize) return removed;
        cursor = { expiresAt: last.expires_at, id: last.id };
      }
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
