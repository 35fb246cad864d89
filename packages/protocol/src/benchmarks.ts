import { z } from "zod";
import {
  catalogPageQuery,
  lenientSortSchema,
  PathIdSchema,
  pageQuery,
  QueryListSchema,
  QueryTextSchema,
  SortOrderSchema,
  TimestampSchema,
  trimmedString,
} from "./common.ts";
import { statusData } from "./envelopes.ts";
import { ListTypeSchema } from "./models.ts";
import { UploadFilenameSchema } from "./uploads.ts";

/**
 * Benchmarks (protocol §5, §12.2), called "datasets" on the wire: the built-in catalog, custom
 * datasets uploaded by a project, and smart benchmarks generated from documents. As with models,
 * the original SDK tells custom from public by the presence of `organization_id`.
 */

/** How a benchmark's answers are scored: the fixed list of scorer names. */
export const SCORER_NAMES = [
  "exact_match",
  "regex",
  "multiple_choice",
  "numeric",
  "contains",
  "llm_judge",
  "math_equiv",
  "mmlu_pro",
  "bbh",
  "arc_grid",
  "simpleqa",
  "ifeval",
  "python_tests",
] as const;
export const ScorerNameSchema = z.enum(SCORER_NAMES);
export type ScorerName = z.infer<typeof ScorerNameSchema>;

export const ScoringDefinitionSchema = z
  .object({
    prompt_template: z.string(),
    answer_extraction: z.string(),
    scorer: ScorerNameSchema,
    regex_pattern: z.string().nullable(),
  })
  .meta({ id: "ScoringDefinition" });
export type ScoringDefinition = z.infer<typeof ScoringDefinitionSchema>;

/** Extension: where a built-in benchmark's data comes from, and under which license. */
export const BenchmarkSourceInfoSchema = z
  .object({
    /** The canonical data file, pinned to a revision where its host has one. */
    url: z.string(),
    /** The authors' repository, paper or dataset page. */
    homepage: z.string(),
    license: z.string(),
    /** For a gated dataset (Assay never downloads it): where a user gets the file. */
    gated: z.string().nullable(),
  })
  .meta({ id: "BenchmarkSourceInfo" });

/** A built-in benchmark, in project listings and in the public catalog (`PublicBenchmarkDetail`). */
export const CatalogBenchmarkSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    /** The original SDK reads `full_description` in project listings and `description` publicly. */
    description: z.string(),
    full_description: z.string(),
    language: z.string(),
    categories: z.array(z.string()),
    prompt_count: z.number().int(),
    deprecated: z.boolean(),
    is_public: z.literal(true),
    /** Extension: scoring definition; data version (sha256 of the source file) once loaded. */
    scoring: ScoringDefinitionSchema,
    version: z.string().nullable(),
    loaded: z.boolean(),
    /** Extensions: the data's source and license; the figures a run reports besides accuracy. */
    source: BenchmarkSourceInfoSchema,
    figures: z.array(z.object({ name: z.string(), description: z.string() })),
  })
  .meta({ id: "CatalogBenchmark" });
export type CatalogBenchmark = z.infer<typeof CatalogBenchmarkSchema>;

export const ADDITIONAL_METRICS = ["readability", "toxicity", "hallucination"] as const;
/** The additional metrics scored by a judge model (readability is computed from the text). */
export const JUDGED_METRICS = ["toxicity", "hallucination"] as const;
export const InputTypeSchema = z.enum(["messages", "json_payload"]);

/** Custom datasets are `ready` at once; smart benchmarks are `generating` until their job ends. */
export const GenerationStatusSchema = z.enum(["ready", "generating", "failed"]);

export const CustomBenchmarkSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    description: z.string(),
    organization_id: z.string(),
    project_id: z.string(),
    system_prompt: z.string().nullable(),
    regex_pattern: z.string().nullable(),
    llm_judge_model_id: z.string().nullable(),
    custom_instructions: z.string().nullable(),
    scoring_metric: ScorerNameSchema,
    prompt_count: z.number().int(),
    version_count: z.number().int(),
    metrics: z.array(z.string()),
    files: z.array(z.string()),
    disabled: z.boolean(),
    /** Extensions. */
    kind: z.enum(["custom", "smart"]),
    input_type: InputTypeSchema.nullable(),
    generation_status: GenerationStatusSchema,
    status_description: z.string(),
    created_at: TimestampSchema,
    /** The scorers grading its runs' results, in the order given (§5.6 `custom_scorers`). */
    custom_scorers: z.array(z.string()).optional(),
  })
  .meta({ id: "CustomBenchmark" });
export type CustomBenchmark = z.infer<typeof CustomBenchmarkSchema>;

export const BenchmarkSchema = z
  .union([CustomBenchmarkSchema, CatalogBenchmarkSchema])
  .meta({ id: "Benchmark" });
export type Benchmark = z.infer<typeof BenchmarkSchema>;

export function isCustomBenchmark(benchmark: Benchmark): benchmark is CustomBenchmark {
  return "organization_id" in benchmark;
}

/** `GET P/benchmarks`: without `type`, custom benchmarks first, then catalog ones. */
export const ListBenchmarksQuerySchema = z.object({
  type: ListTypeSchema.optional(),
  name: QueryTextSchema,
  key: QueryTextSchema,
  categories: QueryListSchema.optional(),
  languages: QueryListSchema.optional(),
});

export const ListBenchmarksResponseSchema = statusData(
  z.object({ datasets: z.array(BenchmarkSchema) }),
);
export type ListBenchmarksResponse = z.infer<typeof ListBenchmarksResponseSchema>;

export const GetBenchmarkResponseSchema = statusData(BenchmarkSchema);

/** One prompt of a benchmark: `input` is text, a JSON object, or chat messages. */
export const BenchmarkPromptSchema = z
  .object({
    id: z.string(),
    input: z.union([
      z.string(),
      z.record(z.string(), z.unknown()),
      z.array(z.record(z.string(), z.unknown())),
    ]),
    truth: z.string(),
    /** Extension. */
    subset: z.string().nullable(),
  })
  .meta({ id: "BenchmarkPrompt" });
export type BenchmarkPrompt = z.infer<typeof BenchmarkPromptSchema>;

export const PROMPT_FIELDS = ["id", "input", "truth"] as const;

/** Prompt listing (protocol §5.5): `search` names the field that `search_value` is looked for in. */
export const ListPromptsQuerySchema = z.object({
  ...pageQuery(100, 1000),
  search: z.enum(PROMPT_FIELDS).optional(),
  search_value: QueryTextSchema,
  /** Extension: only the prompts of this subset (exact name). */
  subset: QueryTextSchema,
  sort_by: lenientSortSchema(PROMPT_FIELDS),
  sort_order: SortOrderSchema,
});
export type ListPromptsQuery = z.output<typeof ListPromptsQuerySchema>;

/** `count` is the number of matching prompts on all pages. */
export const ListPromptsResponseSchema = statusData(
  z.object({ prompts: z.array(BenchmarkPromptSchema), count: z.number().int() }),
);
export type ListPromptsResponse = z.infer<typeof ListPromptsResponseSchema>;

/** Extension: how many prompts a subset holds; subsets in the order they first appear. */
export const SubsetCountSchema = z
  .object({ name: z.string(), prompt_count: z.number().int() })
  .meta({ id: "SubsetCount" });
export type SubsetCount = z.infer<typeof SubsetCountSchema>;

/**
 * `GET P/benchmarks/{id}/subsets` (extension): a benchmark's named subsets with their prompt
 * counts; prompts without a subset are not counted. A built-in benchmark's data is downloaded
 * first, as for its prompts.
 */
export const ListSubsetsResponseSchema = statusData(
  z.object({ subsets: z.array(SubsetCountSchema) }),
);
export type ListSubsetsResponse = z.infer<typeof ListSubsetsResponseSchema>;

export const BenchmarkPathSchema = z.object({
  organization_id: PathIdSchema,
  project_id: PathIdSchema,
  benchmark_id: PathIdSchema,
});

/** Regular expressions are compiled here so a bad one is a 400 naming the field. */
const RegexPatternSchema = z
  .string()
  .min(1)
  .max(1000)
  .refine((pattern) => {
    try {
      new RegExp(pattern);
      return true;
    } catch {
      return false;
    }
  }, "must be a valid regular expression");

/** Each scorer is one more judge call per result; more than this is a mistake, not a plan. */
export const MAX_CUSTOM_SCORERS = 10;

/**
 * `POST P/custom-benchmarks`: `file` names an upload made with `POST P/upload`. Scoring fields
 * beyond the original SDK's are Assay extensions.
 */
export const CreateCustomBenchmarkBodySchema = z.strictObject({
  name: trimmedString(1, 64),
  description: z.string().max(280),
  file: UploadFilenameSchema,
  additional_metrics: z.array(z.enum(ADDITIONAL_METRICS)).max(3).optional(),
  /** Ids of the project's scorers (§13.1) that grade every result of this benchmark's runs. */
  custom_scorers: z.array(PathIdSchema).max(MAX_CUSTOM_SCORERS).optional(),
  input_type: InputTypeSchema.optional(),
  system_prompt: z.string().max(4000).optional(),
  regex_pattern: RegexPatternSchema.optional(),
  scoring_metric: ScorerNameSchema.optional(),
  llm_judge_model_id: PathIdSchema.optional(),
  custom_instructions: z.string().max(4000).optional(),
});
export type CreateCustomBenchmarkBody = z.infer<typeof CreateCustomBenchmarkBodySchema>;

/** `POST P/smart-benchmarks`: 1–20 uploaded documents to generate prompts from. */
export const CreateSmartBenchmarkBodySchema = z.strictObject({
  name: trimmedString(1, 256),
  description: z.string().max(500),
  system_prompt: z.string().max(4000),
  files: z.array(UploadFilenameSchema).min(1).max(20),
  metrics: z.array(z.string().min(1).max(64)).max(20).optional(),
});
export type CreateSmartBenchmarkBody = z.infer<typeof CreateSmartBenchmarkBodySchema>;

export const CreateBenchmarkResponseSchema = statusData(
  z.object({ organization_id: z.string(), project_id: z.string(), benchmark_id: z.string() }),
);

/** `GET /datasets`: the public catalog with facets (protocol §12.2). */
export const PublicBenchmarksQuerySchema = z.object({
  ...catalogPageQuery,
  languages: QueryListSchema.optional(),
  sort_by: lenientSortSchema(["name", "prompt_count"]),
});
export type PublicBenchmarksQuery = z.output<typeof PublicBenchmarksQuerySchema>;

export const PublicBenchmarksResponseSchema = z.object({
  datasets: z.array(CatalogBenchmarkSchema),
  categories: z.array(z.string()),
  languages: z.array(z.string()),
  count: z.number().int(),
  total_count: z.number().int(),
});
export type PublicBenchmarksResponse = z.infer<typeof PublicBenchmarksResponseSchema>;

export const PublicBenchmarkPathSchema = z.object({ benchmark_id: PathIdSchema });
