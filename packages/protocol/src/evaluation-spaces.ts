import { z } from "zod";
import {
  DeletedResourceSchema,
  lenientSortSchema,
  PathIdSchema,
  pageQuery,
  SortOrderSchema,
  TimestampSchema,
  trimmedString,
} from "./common.ts";
import { statusData } from "./envelopes.ts";
import { EvaluationSchema } from "./evaluations.ts";

/**
 * Evaluation spaces (protocol §13.3): named leaderboards of a project. A space holds no
 * evaluations of its own; its filters pick the project's successful evaluations whose model and
 * benchmark match, and the counts are computed from those on every read. An empty list in the
 * filters means "no constraint".
 */

/** The original CLI offers these three; `private` when not given. */
export const EVALUATION_SPACE_VISIBILITIES = ["private", "tenant", "public"] as const;
export const EvaluationSpaceVisibilitySchema = z.enum(EVALUATION_SPACE_VISIBILITIES);

/** The original CLI documents at most 500 characters. */
export const MAX_SPACE_DESCRIPTION_CHARS = 500;
const MAX_FILTER_VALUES = 100;

const FilterListSchema = z.array(trimmedString(1, 256)).max(MAX_FILTER_VALUES).default([]);

export const EvaluationSpaceModelFiltersSchema = z.strictObject({
  /** Model ids (catalog or the project's own). */
  ids: FilterListSchema,
  /** Catalog companies (`openai`, `meta`), any case. */
  vendors: FilterListSchema,
  /** Catalog regions (`us`, `europe`), any case. */
  regions: FilterListSchema,
});

export const EvaluationSpaceDatasetFiltersSchema = z.strictObject({
  /** Benchmark ids (built-in or the project's own). */
  ids: FilterListSchema,
  /** Built-in benchmark categories (`math`, `reasoning`), any case. */
  categories: FilterListSchema,
  /** Built-in benchmark languages (`English`), any case. */
  languages: FilterListSchema,
});

/** What a space selects; every part optional on input, all present (lists empty) on output. */
export const EvaluationSpaceFiltersSchema = z
  .strictObject({
    model_filters: EvaluationSpaceModelFiltersSchema.default({
      ids: [],
      vendors: [],
      regions: [],
    }),
    dataset_filters: EvaluationSpaceDatasetFiltersSchema.default({
      ids: [],
      categories: [],
      languages: [],
    }),
    /** Catalog providers serving the model (`openai`, `together`); a custom model's is `custom`. */
    providers: FilterListSchema,
  })
  .meta({ id: "EvaluationSpaceFilters" });
export type EvaluationSpaceFilters = z.output<typeof EvaluationSpaceFiltersSchema>;

export const EvaluationSpaceSchema = z
  .object({
    id: z.string(),
    organization_id: z.string(),
    project_id: z.string(),
    name: z.string(),
    /**
     * Unique in the project: derived from the name when the space is created (lowercase,
     * hyphens, "-2", "-3" … against a clash), changed only when asked (renaming keeps it, so
     * links stay valid). Every route with `{evaluation_space_id}` takes it in place of the id.
     */
    slug: z.string(),
    description: z.string(),
    filters: EvaluationSpaceFiltersSchema,
    /** Who created it: the API key's display form. */
    owner: z.string(),
    visibility: EvaluationSpaceVisibilitySchema,
    /** Set by the owner to pin a space; spaces list by `weight`, then newest. */
    is_featured: z.boolean(),
    /** Always false: a self-hosted server has no partner programme. */
    is_partner: z.boolean(),
    weight: z.number().int(),
    /** Distinct models, benchmarks and successful evaluations the filters match now. */
    models_count: z.number().int(),
    benchmarks_count: z.number().int(),
    evaluations_count: z.number().int(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .meta({ id: "EvaluationSpace" });
export type EvaluationSpace = z.infer<typeof EvaluationSpaceSchema>;

export const EvaluationSpacePathSchema = z.object({
  organization_id: PathIdSchema,
  project_id: PathIdSchema,
  /** The space's id or its slug. */
  evaluation_space_id: PathIdSchema,
});

/**
 * The shapes a space's id has: 24 hex digits (the original service's ids, and Assay's since
 * slugs) or a UUID (spaces made before). A slug never has either.
 */
export const EVALUATION_SPACE_ID_SHAPE =
  /^(?:[0-9a-f]{24}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * A slug as a client may set it: 1–64 lowercase letters and digits in runs joined by single
 * hyphens. Never shaped like an id, so a path segment is read as one or the other without doubt.
 */
export const EvaluationSpaceSlugSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    "must be lowercase letters and digits, in runs joined by single hyphens (e.g. math-leaderboard)",
  )
  .refine(
    (slug) => !EVALUATION_SPACE_ID_SHAPE.test(slug),
    "must not have the shape of an id (24 hex digits, or a UUID)",
  );

const SpaceNameSchema = trimmedString(1, 200);
const SpaceDescriptionSchema = z.string().trim().max(MAX_SPACE_DESCRIPTION_CHARS);
const WeightSchema = z.number().int().min(-1_000_000).max(1_000_000);

/** `POST P/evaluation-spaces`: the original SDK sends `name` and, when given, the next two. */
export const CreateEvaluationSpaceBodySchema = z.strictObject({
  name: SpaceNameSchema,
  /** Extension: the slug to use instead of the one derived from the name (409 when taken). */
  slug: EvaluationSpaceSlugSchema.optional(),
  description: SpaceDescriptionSchema.optional(),
  visibility: EvaluationSpaceVisibilitySchema.optional(),
  /** Extensions. */
  filters: EvaluationSpaceFiltersSchema.optional(),
  weight: WeightSchema.optional(),
  is_featured: z.boolean().optional(),
});
export type CreateEvaluationSpaceBody = z.output<typeof CreateEvaluationSpaceBodySchema>;

/** `PATCH P/evaluation-spaces/{id}`: the fields to change; `filters` replaces the whole filter. */
export const UpdateEvaluationSpaceBodySchema = z
  .strictObject({
    name: SpaceNameSchema.optional(),
    /** Extension: a new slug (409 when another space of the project has it). */
    slug: EvaluationSpaceSlugSchema.optional(),
    description: SpaceDescriptionSchema.optional(),
    visibility: EvaluationSpaceVisibilitySchema.optional(),
    filters: EvaluationSpaceFiltersSchema.optional(),
    weight: WeightSchema.optional(),
    is_featured: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message:
      "give at least one of name, slug, description, visibility, filters, weight, is_featured",
  })
  // The document says it too, so generated bodies are not refused for being empty.
  .meta({ minProperties: 1 });
export type UpdateEvaluationSpaceBody = z.output<typeof UpdateEvaluationSpaceBodySchema>;

export const EVALUATION_SPACE_SORT_KEYS = ["weight", "created_at", "updated_at", "name"] as const;
export type EvaluationSpaceSortKey = (typeof EVALUATION_SPACE_SORT_KEYS)[number];

export const ListEvaluationSpacesQuerySchema = z.object({
  ...pageQuery(100, 500),
  sort_by: lenientSortSchema(EVALUATION_SPACE_SORT_KEYS),
  order: SortOrderSchema,
});
export type ListEvaluationSpacesQuery = z.output<typeof ListEvaluationSpacesQuerySchema>;

export const ListEvaluationSpacesResponseSchema = statusData(
  z.object({
    evaluation_spaces: z.array(EvaluationSpaceSchema),
    count: z.number().int(),
    total_count: z.number().int(),
  }),
);
export type ListEvaluationSpacesResponse = z.infer<typeof ListEvaluationSpacesResponseSchema>;

export const EvaluationSpaceResponseSchema = statusData(EvaluationSpaceSchema);

export const DeleteEvaluationSpaceResponseSchema = statusData(DeletedResourceSchema);

/**
 * Extension `GET P/evaluation-spaces/{id}/evaluations`: the leaderboard's cells, the latest
 * successful evaluation of each (model, benchmark) pair the filters match, ordered by model then
 * benchmark. Each carries its accuracy, 95% interval (`assay.accuracy_ci95`) and cost.
 */
export const EvaluationSpaceEvaluationsResponseSchema = statusData(
  z.object({
    evaluation_space_id: z.string(),
    evaluations: z.array(EvaluationSchema),
    count: z.number().int(),
    /**
     * Extension: per shown evaluation's id, how many successful evaluations of its model on its
     * benchmark the space matched (1 when it is the only one), so a leaderboard can say that a
     * cell shows the newest of several runs.
     */
    runs: z.record(z.string(), z.number().int()),
  }),
);
export type EvaluationSpaceEvaluationsResponse = z.infer<
  typeof EvaluationSpaceEvaluationsResponseSchema
>;
