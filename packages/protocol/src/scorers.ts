import { z } from "zod";
import {
  DeletedResourceSchema,
  PathIdSchema,
  pageQuery,
  TimestampSchema,
  trimmedString,
} from "./common.ts";
import { statusData } from "./envelopes.ts";

/**
 * Scorers (protocol §13.1): a project's named grading rubrics, each judged by a model of the
 * project. A custom benchmark names scorers in `custom_scorers` (§5.6); every result of an
 * evaluation of it is then graded by each scorer's model with the scorer's prompt, and the
 * evaluation reports each scorer's average with a 95% interval beside the accuracy.
 */

export const MAX_SCORER_NAME_CHARS = 64;
export const MAX_SCORER_DESCRIPTION_CHARS = 500;
/** A rubric must say something; the upper bound keeps the judge prompt well inside a context. */
export const MIN_SCORER_PROMPT_CHARS = 10;
export const MAX_SCORER_PROMPT_CHARS = 8_000;

const ScorerNameSchema = trimmedString(1, MAX_SCORER_NAME_CHARS);
const ScorerDescriptionSchema = z.string().trim().max(MAX_SCORER_DESCRIPTION_CHARS);
const ScorerPromptSchema = trimmedString(
  MIN_SCORER_PROMPT_CHARS,
  MAX_SCORER_PROMPT_CHARS,
  `must be at least ${MIN_SCORER_PROMPT_CHARS} characters`,
);
/** A model of the project (catalog or custom), by id or key. */
const ScorerModelSchema = trimmedString(1, 256);

export const ScorerSchema = z
  .object({
    id: z.string(),
    organization_id: z.string(),
    project_id: z.string(),
    name: z.string(),
    description: z.string(),
    model_id: z.string(),
    /** Empty when the model is no longer known (a deleted custom model). */
    model_name: z.string(),
    model_key: z.string(),
    /** Known for catalog models; empty for custom ones. */
    model_company: z.string(),
    /** The rubric the model grades each response by. */
    prompt: z.string(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .meta({ id: "Scorer" });
export type Scorer = z.infer<typeof ScorerSchema>;

export const ScorerPathSchema = z.object({
  organization_id: PathIdSchema,
  project_id: PathIdSchema,
  scorer_id: PathIdSchema,
});

/** `POST P/scorers`: the original SDK sends all four; `description` may be empty. */
export const CreateScorerBodySchema = z.strictObject({
  name: ScorerNameSchema,
  description: ScorerDescriptionSchema.optional(),
  model_id: ScorerModelSchema,
  prompt: ScorerPromptSchema,
});
export type CreateScorerBody = z.infer<typeof CreateScorerBodySchema>;

/** `PATCH P/scorers/{id}`: the fields to change, at least one. */
export const UpdateScorerBodySchema = z
  .strictObject({
    name: ScorerNameSchema.optional(),
    description: ScorerDescriptionSchema.optional(),
    model_id: ScorerModelSchema.optional(),
    prompt: ScorerPromptSchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: "give at least one of name, description, model_id, prompt",
  })
  // The document says it too, so generated bodies are not refused for being empty.
  .meta({ minProperties: 1 });
export type UpdateScorerBody = z.infer<typeof UpdateScorerBodySchema>;

export const ListScorersQuerySchema = z.object({ ...pageQuery(100, 500) });
export type ListScorersQuery = z.output<typeof ListScorersQuerySchema>;

export const ListScorersResponseSchema = statusData(
  z.object({
    scorers: z.array(ScorerSchema),
    count: z.number().int(),
    total_count: z.number().int(),
  }),
);
export type ListScorersResponse = z.infer<typeof ListScorersResponseSchema>;

export const ScorerResponseSchema = statusData(ScorerSchema);

export const DeleteScorerResponseSchema = statusData(DeletedResourceSchema);
