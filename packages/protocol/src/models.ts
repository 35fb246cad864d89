import { z } from "zod";
import {
  catalogPageQuery,
  isSafeJsonValue,
  lenientSortSchema,
  PathIdSchema,
  QueryListSchema,
  QueryTextSchema,
  TimestampSchema,
  trimmedString,
} from "./common.ts";
import { statusData } from "./envelopes.ts";
import { TokenPriceSchema } from "./prices.ts";
import { MaxTokensSchema, RequestProfileNameSchema } from "./sampling.ts";

/**
 * Models (protocol §4, §12.1). A project lists the models attached to it: catalog entries
 * ("public") and its own OpenAI-compatible endpoints ("custom"). The original SDK tells them apart
 * by the presence of the key `organization_id`, so catalog entries never carry it.
 */

/** A catalog model, in project listings and in the public catalog (`PublicModelDetail`). */
export const CatalogModelSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    description: z.string(),
    company: z.string().nullable(),
    /** Unix seconds (an integer: the original SDK's project listing refuses date strings). */
    released_at: z.number().int().nullable(),
    parameters: z.number().nullable(),
    modality: z.string().nullable(),
    context_length: z.number().int().nullable(),
    architecture_type: z.string().nullable(),
    license: z.string().nullable(),
    open_weights: z.boolean(),
    region: z.string().nullable(),
    deprecated: z.boolean(),
    key_takeaways: z.array(z.string()),
    /** USD per token as decimal text; a JSON number would fail the original SDK. */
    cost_per_input_token: z.string().nullable(),
    cost_per_output_token: z.string().nullable(),
    /** Extension: the provider serving it, and whether its key is configured on this server. */
    provider: z.string(),
    runnable: z.boolean(),
    /** Extension: how the model is asked (its token parameter, temperatures, reasoning). */
    request_profile: RequestProfileNameSchema,
    size: z.string().nullable(),
    categories: z.array(z.string()),
  })
  .meta({ id: "CatalogModel" });
export type CatalogModel = z.infer<typeof CatalogModelSchema>;

/** A project's own OpenAI-compatible endpoint. The provider key is never returned. */
export const CustomModelSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    description: z.string(),
    organization_id: z.string(),
    project_id: z.string(),
    api_url: z.string(),
    max_tokens: z.number().int(),
    disabled: z.boolean(),
    extra_payload: z.record(z.string(), z.unknown()),
    /** Extension: the `model` value sent to the endpoint; null means the part of the key after `/`. */
    provider_model: z.string().nullable(),
    /** Extension: whether a provider key is stored (the key itself never leaves the server). */
    api_key_set: z.boolean(),
    /** Extension: how the endpoint is asked; `openai-compatible` unless chosen. */
    request_profile: RequestProfileNameSchema,
    /**
     * Extension: the model's own prices, USD per token as decimal text like a catalog model's
     * (null: none; runs of the model then have no cost and take no budget).
     */
    cost_per_input_token: z.string().nullable(),
    cost_per_output_token: z.string().nullable(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .meta({ id: "CustomModel" });
export type CustomModel = z.infer<typeof CustomModelSchema>;

export const ModelSchema = z.union([CustomModelSchema, CatalogModelSchema]).meta({ id: "Model" });
export type Model = z.infer<typeof ModelSchema>;

/** True for a project's own endpoint; the rule the original SDK uses (presence of `organization_id`). */
export function isCustomModel(model: Model): model is CustomModel {
  return "organization_id" in model;
}

export const ListTypeSchema = z.enum(["custom", "public"]);
export type ListType = z.infer<typeof ListTypeSchema>;

/** `GET P/models`: without `type`, custom models first, then catalog ones. */
export const ListModelsQuerySchema = z.object({
  type: ListTypeSchema.optional(),
  name: QueryTextSchema,
  key: QueryTextSchema,
  categories: QueryListSchema.optional(),
  companies: QueryListSchema.optional(),
  regions: QueryListSchema.optional(),
  licenses: QueryListSchema.optional(),
});

export const ListModelsResponseSchema = statusData(z.object({ models: z.array(ModelSchema) }));
export type ListModelsResponse = z.infer<typeof ListModelsResponseSchema>;

export const GetModelResponseSchema = statusData(ModelSchema);

/** Model keys: `<organization>/<model-name>`, lowercase letters, digits, `.` and `-`. */
export const ModelKeySchema = z
  .string()
  .max(256)
  .regex(
    /^[a-z0-9][a-z0-9.-]*\/[a-z0-9][a-z0-9.-]*$/,
    "must look like <organization>/<model-name>: lowercase letters, digits, '.', '-' and exactly one '/'",
  );

/** Keys the service owns in every chat-completions request; `extra_payload` may not set them. */
export const RESERVED_PAYLOAD_KEYS = ["model", "messages", "stream"] as const;
const MAX_PAYLOAD_BYTES = 64 * 1024;
const MAX_PAYLOAD_DEPTH = 32;

/**
 * Merged into every chat-completions request for the model, over the defaults of its request
 * profile (objects merge, other values replace); a `null` removes a default (`{"temperature":
 * null}` sends no temperature). `{}` clears it on update.
 */
export const ExtraPayloadSchema = z.record(z.string(), z.unknown()).superRefine((payload, ctx) => {
  for (const key of RESERVED_PAYLOAD_KEYS) {
    if (Object.hasOwn(payload, key))
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: `"${key}" is set by the service and may not be overridden`,
      });
  }
  if (!isSafeJsonValue(payload, MAX_PAYLOAD_DEPTH)) {
    ctx.addIssue({
      code: "custom",
      message: `must not contain __proto__, constructor or prototype keys, nor nest deeper than ${MAX_PAYLOAD_DEPTH} levels`,
    });
  } else if (JSON.stringify(payload).length > MAX_PAYLOAD_BYTES) {
    ctx.addIssue({ code: "custom", message: `must be at most ${MAX_PAYLOAD_BYTES} bytes as JSON` });
  }
});

/** A base URL of an OpenAI-compatible API, or its full `…/chat/completions` URL. */
export const ApiUrlSchema = z.url({ protocol: /^https?$/ }).max(2048);

const ProviderKeySchema = z.string().min(1).max(4096);
const ProviderModelSchema = z.string().min(1).max(256);

export const CreateCustomModelBodySchema = z.strictObject({
  name: trimmedString(1, 256),
  key: ModelKeySchema,
  description: z.string().max(500),
  api_url: ApiUrlSchema,
  max_tokens: MaxTokensSchema,
  api_key: ProviderKeySchema.optional(),
  extra_payload: ExtraPayloadSchema.optional(),
  provider_model: ProviderModelSchema.optional(),
  /** Extension: a request profile (how the endpoint is asked); `openai-compatible` by default. */
  request_profile: RequestProfileNameSchema.optional(),
  /** Extension: the model's prices, USD per token as decimal text; both or neither. */
  cost_per_input_token: TokenPriceSchema.optional(),
  cost_per_output_token: TokenPriceSchema.optional(),
});
export type CreateCustomModelBody = z.infer<typeof CreateCustomModelBodySchema>;

export const CreateCustomModelResponseSchema = statusData(
  z.object({ organization_id: z.string(), project_id: z.string(), model_id: z.string() }),
);

/** Only the fields given change. A new `api_url` without `api_key` clears the stored key. */
export const UpdateCustomModelBodySchema = z
  .strictObject({
    api_url: ApiUrlSchema.optional(),
    api_key: ProviderKeySchema.optional(),
    max_tokens: MaxTokensSchema.optional(),
    extra_payload: ExtraPayloadSchema.optional(),
    name: trimmedString(1, 256).optional(),
    description: z.string().max(500).optional(),
    provider_model: ProviderModelSchema.nullable().optional(),
    request_profile: RequestProfileNameSchema.optional(),
    /** Extension: set (null: remove) the model's prices; it has both or neither afterwards. */
    cost_per_input_token: TokenPriceSchema.nullable().optional(),
    cost_per_output_token: TokenPriceSchema.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "give at least one field to change")
  // The document says it too, so generated bodies are not refused for being empty.
  .meta({ minProperties: 1 });
export type UpdateCustomModelBody = z.infer<typeof UpdateCustomModelBodySchema>;

export const CustomModelPathSchema = z.object({
  organization_id: PathIdSchema,
  project_id: PathIdSchema,
  model_id: PathIdSchema,
});

export const ModelIdResponseSchema = statusData(z.object({ id: z.string() }));

/** Size classes of the public catalog (by parameter count). */
export const MODEL_SIZES = ["Small", "Medium", "Large", "Extra Large"] as const;

/** `GET /models`: the public catalog with facets (protocol §12.1). */
export const PublicModelsQuerySchema = z.object({
  ...catalogPageQuery,
  companies: QueryListSchema.optional(),
  regions: QueryListSchema.optional(),
  licenses: QueryListSchema.optional(),
  sizes: QueryListSchema.optional(),
  sort_by: lenientSortSchema([
    "name",
    "created_at",
    "released_at",
    "architecture_type",
    "context_length",
    "license",
    "region",
  ]),
});
export type PublicModelsQuery = z.output<typeof PublicModelsQuerySchema>;

export const PublicModelsResponseSchema = z.object({
  models: z.array(CatalogModelSchema),
  categories: z.array(z.string()),
  companies: z.array(z.string()),
  regions: z.array(z.string()),
  licenses: z.array(z.string()),
  sizes: z.array(z.string()),
  count: z.number().int(),
  total_count: z.number().int(),
});
export type PublicModelsResponse = z.infer<typeof PublicModelsResponseSchema>;
