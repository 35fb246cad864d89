import { describe, expect, it } from "vitest";
import type { DatasetImport } from "../../src/resources/benchmarks/import-dataset.ts";
import type { Importer } from "../../src/resources/imports/importer.ts";
import { createThreadedImporter } from "../../src/resources/imports/threaded-importer.ts";
import type { TraceImport } from "../../src/resources/traces/import-trace-file.ts";

// Issue 33: a small upload waited ~200 ms for an import thread to load. Files up to
// `inlineBytes` (as their upload announced them) are imported by the service's own importer;
// larger ones still go to a thread.

const traceJob = (size: number): TraceImport => ({
  organizationId: "org",
  projectId: "project",
  filename: "t.jsonl",
  uploadId: "upload",
  objectKey: "uploads/org/project/upload",
  size,
  createdAt: new Date(0).toISOString(),
});

function recordingImporter(calls: string[]): Importer {
  return {
    traces: async (job) => {
      calls.push(`traces ${job.size}`);
      return ["trace-1"];
    },
    dataset: async (job) => {
      calls.push(`dataset ${job.upload.size}`);
    },
    warm: () => {},
    close: async () => {},
  };
}

function importer(calls: string[]) {
  return createThreadedImporter({
    // A thread given this database cannot open it: any import that reaches a thread fails.
    database: { dialect: "sqlite", path: "/nonexistent/dir/assay.db" } as never,
    blobs: {} as never,
    masterKey: Buffer.alloc(32),
    threads: 1,
    maxWaiting: 1,
    inline: recordingImporter(calls),
    inlineBytes: 1000,
  });
}

describe("small imports", () => {
  it("import a file up to inlineBytes on the service's thread", async () => {
    const calls: string[] = [];
    const imports = importer(calls);
    try {
      expect(await imports.traces(traceJob(1000))).toEqual(["trace-1"]);
      await imports.dataset({ upload: { size: 10 } } as DatasetImport);
      expect(calls).toEqual(["traces 1000", "dataset 10"]);
    } finally {
      await imports.close();
    }
  });

  it("send a larger file to an import thread", async () => {
    const calls: string[] = [];
    const imports = importer(calls);
    try {
      await expect(imports.traces(traceJob(1001))).rejects.toThrow();
      expect(calls).toEqual([]);
    } finally {
      await imports.close();
    }
  }, 30_000);
});
