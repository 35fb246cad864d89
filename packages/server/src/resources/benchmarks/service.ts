import type {
  Benchmark,
  CreateCustomBenchmarkBody,
  CreateSmartBenchmarkBody,
  ListPromptsQuery,
  ListType,
  SubsetCount,
} from "@assay/protocol";
import { notFound } from "../../app-error.ts";
import type { BenchmarkDefinition } from "../../catalog/benchmarks/index.ts";
import type { Catalog } from "../../catalog/catalog.ts";
import type { SandboxStatus } from "../../engine/sandbox/sandbox-status.ts";
import type { BlobStore } from "../../platform/blobs/blob-store.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { BenchmarkRow } from "../../platform/db/schema.ts";
import type { JobQueue } from "../../platform/queue/job-queue.ts";
import type { ProjectScope } from "../../tenancy.ts";
import type { Importer } from "../imports/importer.ts";
import { contains, inList } from "../models/model-filter.ts";
import { createAttachmentsRepository } from "../projects/attachments-repository.ts";
import type { UploadService } from "../uploads/service.ts";
import { createBuiltinBenchmarks } from "./builtin-benchmarks.ts";
import type { BuiltinData } from "./builtin-data.ts";
import { createCustomBenchmarks } from "./custom-benchmarks.ts";
import { createPromptRepository } from "./prompt-repository.ts";
import { createBenchmarkRepository } from "./repository.ts";
import { createSmartBenchmarks } from "./smart-benchmarks.ts";

export interface BenchmarkServiceDeps {
  db: Database;
  clock: Clock;
  catalog: Catalog;
  blobs: BlobStore;
  queue: JobQueue;
  uploads: UploadService;
  builtinData: BuiltinData;
  /** Parses and stores uploaded datasets (on import threads in `assay serve`). */
  importer: Importer;
  /** `ASSAY_DEFAULT_JUDGE_MODEL`: the judge when a benchmark names none. */
  defaultJudgeModel?: string;
  /** Whether code benchmarks' answers can be run here (python_tests). */
  sandboxStatus: SandboxStatus;
}

export interface ListBenchmarksQuery {
  type?: ListType;
  name?: string;
  key?: string;
  categories?: string[];
  languages?: string[];
}

/**
 * Benchmarks of a project: attached built-in ones (builtin-benchmarks.ts), custom datasets
 * imported from an upload (custom-benchmarks.ts), and smart benchmarks generated from documents
 * by a background job (smart-benchmarks.ts). This file composes them and answers for all kinds.
 */
export function createBenchmarkService(deps: BenchmarkServiceDeps) {
  const attachments = createAttachmentsRepository(deps.db);
  const repo = createBenchmarkRepository(deps.db);
  const prompts = createPromptRepository(deps.db);
  const builtin = createBuiltinBenchmarks(deps);
  const custom = createCustomBenchmarks(deps);
  const smart = createSmartBenchmarks(deps);

  /** A benchmark the project can use: a built-in one, or its own. */
  async function resolve(
    scope: ProjectScope,
    id: string,
  ): Promise<{ builtin: BenchmarkDefinition } | { own: BenchmarkRow }> {
    const definition = deps.catalog.findBenchmark(id);
    if (definition) return { builtin: definition };
    const own = await repo.findOwn(scope, id);
    if (!own) throw notFound("benchmark");
    return { own };
  }

  return {
    /** Own benchmarks first (oldest first), then attached built-in ones. */
    async list(scope: ProjectScope, query: ListBenchmarksQuery): Promise<Benchmark[]> {
      const text = (b: { name: string; key: string }) =>
        contains(b.name, query.name) && contains(b.key, query.key);
      const catalogOnly = Boolean(query.categories?.length || query.languages?.length);
      const own =
        query.type === "public" || catalogOnly
          ? []
          : await custom.toCustomBenchmarks((await repo.listAttachedOwn(scope)).filter(text));
      if (query.type === "custom") return own;
      const attached = await attachments.attachedCatalogIds("benchmarks", scope);
      const builtins = deps.catalog.benchmarks.filter(
        (d) =>
          attached.has(d.id) &&
          text(d) &&
          inList(d.language, query.languages) &&
          (!query.categories?.length || d.categories.some((c) => inList(c, query.categories))),
      );
      return [...own, ...(await builtin.toCatalogBenchmarks(builtins))];
    },

    async get(scope: ProjectScope, id: string): Promise<Benchmark> {
      const found = await resolve(scope, id);
      if ("builtin" in found)
        return (await builtin.toCatalogBenchmarks([found.builtin]))[0] as Benchmark;
      return (await custom.toCustomBenchmarks([found.own]))[0] as Benchmark;
    },

    async listPrompts(scope: ProjectScope, id: string, query: ListPromptsQuery) {
      const found = await resolve(scope, id);
      if ("builtin" in found) return builtin.listPrompts(found.builtin.id, query);
      return prompts.list(found.own.id, query);
    },

    /** Named subsets and their prompt counts; a built-in benchmark's data is loaded first. */
    async listSubsets(scope: ProjectScope, id: string): Promise<SubsetCount[]> {
      const found = await resolve(scope, id);
      if ("builtin" in found) return builtin.listSubsets(found.builtin);
      return prompts.subsetCounts(found.own.id);
    },

    /** Prompts of a built-in benchmark, downloading its data on first use (public catalog). */
    listBuiltinPrompts: (id: string, query: ListPromptsQuery) => builtin.listPrompts(id, query),

    createCustom: (scope: ProjectScope, body: CreateCustomBenchmarkBody): Promise<string> =>
      custom.create(scope, body),

    createSmart: (scope: ProjectScope, body: CreateSmartBenchmarkBody): Promise<string> =>
      smart.create(scope, body),
  };
}

export type BenchmarkService = ReturnType<typeof createBenchmarkService>;
