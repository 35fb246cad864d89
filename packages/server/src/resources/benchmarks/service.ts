import { randomUUID } from "node:crypto";
import {
  type Benchmark,
  type CatalogBenchmark,
  type CreateCustomBenchmarkBody,
  type CreateSmartBenchmarkBody,
  type CustomBenchmark,
  JUDGED_METRICS,
  type ListPromptsQuery,
  type ListType,
  type ScorerName,
  type SubsetCount,
} from "@assay/protocol";
import { badRequest, notFound } from "../../app-error.ts";
import type { BenchmarkDefinition } from "../../catalog/benchmarks/index.ts";
import type { Catalog } from "../../catalog/catalog.ts";
import type { BlobStore } from "../../platform/blobs/blob-store.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { BenchmarkRow, UploadRow } from "../../platform/db/schema.ts";
import type { JobQueue } from "../../platform/queue/job-queue.ts";
import type { ProjectScope } from "../../tenancy.ts";
import type { Importer } from "../imports/importer.ts";
import { contains, inList } from "../models/model-filter.ts";
import { createModelRepository } from "../models/repository.ts";
import { createAttachmentsRepository } from "../projects/attachments-repository.ts";
import { createScorerRepository } from "../scorers/repository.ts";
import type { UploadService } from "../uploads/service.ts";
import type { BuiltinData } from "./builtin-data.ts";
import { GENERATE_BENCHMARK_JOB, type GenerateBenchmarkPayload } from "./generate-benchmark-job.ts";
import { insertOwnBenchmark } from "./insert-own-benchmark.ts";
import { createPromptRepository } from "./prompt-repository.ts";
import { createBenchmarkRepository } from "./repository.ts";

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
}

export interface ListBenchmarksQuery {
  type?: ListType;
  name?: string;
  key?: string;
  categories?: string[];
  languages?: string[];
}

/** Metrics that need a judge model to be scored. */
const JUDGED = new Set<string>(JUDGED_METRICS);

/**
 * Benchmarks of a project: attached built-in ones, custom datasets imported from an upload, and
 * smart benchmarks generated from documents by a background job.
 */
export function createBenchmarkService(deps: BenchmarkServiceDeps) {
  const attachments = createAttachmentsRepository(deps.db);
  const repo = createBenchmarkRepository(deps.db);
  const prompts = createPromptRepository(deps.db);
  const models = createModelRepository(deps.db);
  const scorers = createScorerRepository(deps.db);
  const now = () => deps.clock.now().toISOString();

  async function toCustomBenchmarks(rows: BenchmarkRow[]): Promise<CustomBenchmark[]> {
    const ids = rows.map((r) => r.id);
    const [files, scorerIds] = await Promise.all([
      repo.fileNames(ids),
      scorers.idsForBenchmarks(ids),
    ]);
    return rows.map((row) =>
      toCustomBenchmark(row, files.get(row.id) ?? [], scorerIds.get(row.id) ?? []),
    );
  }

  /** The scorers a benchmark names: each one a scorer of the project, named once. */
  async function checkScorers(scope: ProjectScope, ids: readonly string[]): Promise<string[]> {
    const known = new Set((await scorers.findMany(scope, ids)).map((s) => s.id));
    const seen = new Set<string>();
    for (const [i, id] of ids.entries()) {
      const field = `body.custom_scorers.${i}`;
      if (!known.has(id)) throw badRequest(field, "no such scorer in this project");
      if (seen.has(id)) throw badRequest(field, "this scorer is already named earlier in the list");
      seen.add(id);
    }
    return [...ids];
  }

  async function toCatalogBenchmarks(
    definitions: readonly BenchmarkDefinition[],
  ): Promise<CatalogBenchmark[]> {
    const state = await repo.catalogState();
    return definitions.map((d) => deps.catalog.toBenchmark(d, state.get(d.id)));
  }

  /** A benchmark the project can use: a built-in one, or its own. */
  async function resolve(
    scope: ProjectScope,
    id: string,
  ): Promise<{ builtin: BenchmarkDefinition } | { own: BenchmarkRow }> {
    const builtin = deps.catalog.findBenchmark(id);
    if (builtin) return { builtin };
    const own = await repo.findOwn(scope, id);
    if (!own) throw notFound("benchmark");
    return { own };
  }

  async function checkJudge(scope: ProjectScope, body: CreateCustomBenchmarkBody): Promise<void> {
    const needsJudge =
      body.scoring_metric === "llm_judge" ||
      (body.additional_metrics ?? []).some((m) => JUDGED.has(m));
    if (body.llm_judge_model_id !== undefined) {
      const visible =
        deps.catalog.findModel(body.llm_judge_model_id) ??
        (await models.findCustom(scope, body.llm_judge_model_id));
      if (!visible) throw badRequest("body.llm_judge_model_id", "no such model in this project");
    } else if (needsJudge && deps.defaultJudgeModel === undefined) {
      throw badRequest(
        "body.llm_judge_model_id",
        "llm_judge scoring, toxicity and hallucination need a judge model: give llm_judge_model_id " +
          "or configure ASSAY_DEFAULT_JUDGE_MODEL on the server",
      );
    }
  }

  async function uploaded(
    scope: ProjectScope,
    field: string,
    filename: string,
  ): Promise<UploadRow> {
    const upload = await deps.uploads.findUploaded(scope, "benchmark", filename);
    if (!upload)
      throw badRequest(
        field,
        `no uploaded file named ${filename}; upload it first (POST …/upload)`,
      );
    return upload;
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
          : await toCustomBenchmarks((await repo.listAttachedOwn(scope)).filter(text));
      if (query.type === "custom") return own;
      const attached = await attachments.attachedCatalogIds("benchmarks", scope);
      const builtins = deps.catalog.benchmarks.filter(
        (d) =>
          attached.has(d.id) &&
          text(d) &&
          inList(d.language, query.languages) &&
          (!query.categories?.length || d.categories.some((c) => inList(c, query.categories))),
      );
      return [...own, ...(await toCatalogBenchmarks(builtins))];
    },

    async get(scope: ProjectScope, id: string): Promise<Benchmark> {
      const found = await resolve(scope, id);
      if ("builtin" in found) return (await toCatalogBenchmarks([found.builtin]))[0] as Benchmark;
      return (await toCustomBenchmarks([found.own]))[0] as Benchmark;
    },

    async listPrompts(scope: ProjectScope, id: string, query: ListPromptsQuery) {
      const found = await resolve(scope, id);
      if ("builtin" in found) return this.listBuiltinPrompts(found.builtin.id, query);
      return prompts.list(found.own.id, query);
    },

    /** Named subsets and their prompt counts; a built-in benchmark's data is loaded first. */
    async listSubsets(scope: ProjectScope, id: string): Promise<SubsetCount[]> {
      const found = await resolve(scope, id);
      if (!("builtin" in found)) return prompts.subsetCounts(found.own.id);
      await deps.builtinData.ensureLoaded(found.builtin);
      return prompts.subsetCounts(found.builtin.id);
    },

    /** Prompts of a built-in benchmark, downloading its data on first use. */
    async listBuiltinPrompts(id: string, query: ListPromptsQuery) {
      const builtin = deps.catalog.findBenchmark(id);
      if (!builtin) throw notFound("benchmark");
      await deps.builtinData.ensureLoaded(builtin);
      return prompts.list(builtin.id, query);
    },

    /**
     * Imports an uploaded JSONL/JSON dataset as a custom benchmark (import-dataset.ts, on an
     * import thread): every row is checked before anything is stored.
     */
    async createCustom(scope: ProjectScope, body: CreateCustomBenchmarkBody): Promise<string> {
      await checkJudge(scope, body);
      const scorerIds = await checkScorers(scope, body.custom_scorers ?? []);
      if (body.scoring_metric === "regex" && body.regex_pattern === undefined)
        throw badRequest("body.regex_pattern", "the regex scoring metric needs a regex_pattern");
      const upload = await uploaded(scope, "body.file", body.file);
      const id = randomUUID();
      const at = now();
      const scoring: ScorerName =
        body.scoring_metric ?? (body.regex_pattern !== undefined ? "regex" : "exact_match");
      await deps.importer.dataset({
        organizationId: scope.organizationId,
        projectId: scope.projectId,
        upload,
        inputType: body.input_type,
        benchmark: {
          id,
          kind: "custom",
          name: body.name,
          description: body.description,
          system_prompt: body.system_prompt ?? null,
          regex_pattern: body.regex_pattern ?? null,
          scoring_metric: scoring,
          llm_judge_model_id: body.llm_judge_model_id ?? null,
          custom_instructions: body.custom_instructions ?? null,
          input_type: body.input_type ?? null,
          metrics: JSON.stringify(body.additional_metrics ?? []),
          generation_status: "ready",
          status_description: "",
          version: null,
          disabled_at: null,
          created_at: at,
          updated_at: at,
        },
        scorerIds,
      });
      return id;
    },

    /** Stores the request and its documents; the benchmark is `generating` until its job runs. */
    async createSmart(scope: ProjectScope, body: CreateSmartBenchmarkBody): Promise<string> {
      const uploads: UploadRow[] = [];
      for (const [i, file] of body.files.entries())
        uploads.push(await uploaded(scope, `body.files.${i}`, file));
      const id = randomUUID();
      const at = now();
      await insertOwnBenchmark(
        deps.db,
        scope,
        {
          id,
          kind: "smart",
          name: body.name,
          description: body.description,
          system_prompt: body.system_prompt,
          regex_pattern: null,
          scoring_metric: "llm_judge",
          llm_judge_model_id: null,
          custom_instructions: null,
          input_type: null,
          metrics: JSON.stringify(body.metrics ?? []),
          generation_status: "generating",
          status_description: "waiting for the generation job",
          version: null,
          prompt_count: 0,
          disabled_at: null,
          created_at: at,
          updated_at: at,
        },
        uploads,
        async (trx) => {
          await deps.queue.enqueue(
            {
              name: GENERATE_BENCHMARK_JOB,
              data: {
                organization_id: scope.organizationId,
                project_id: scope.projectId,
                benchmark_id: id,
              } satisfies GenerateBenchmarkPayload,
            },
            { transaction: trx },
          );
        },
      );
      return id;
    },
  };
}

export type BenchmarkService = ReturnType<typeof createBenchmarkService>;

function toCustomBenchmark(
  row: BenchmarkRow,
  files: string[],
  scorerIds: string[],
): CustomBenchmark {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    organization_id: row.organization_id as string,
    project_id: row.project_id as string,
    system_prompt: row.system_prompt,
    regex_pattern: row.regex_pattern,
    llm_judge_model_id: row.llm_judge_model_id,
    custom_instructions: row.custom_instructions,
    scoring_metric: (row.scoring_metric ?? "exact_match") as ScorerName,
    prompt_count: row.prompt_count,
    version_count: 1,
    metrics: JSON.parse(row.metrics) as string[],
    files,
    disabled: row.disabled_at !== null,
    kind: row.kind as CustomBenchmark["kind"],
    input_type: row.input_type as CustomBenchmark["input_type"],
    generation_status: row.generation_status as CustomBenchmark["generation_status"],
    status_description: row.status_description,
    created_at: row.created_at,
    custom_scorers: scorerIds,
  };
}
