import { z } from "zod";
import { AgreementSchema } from "./annotations.ts";
import {
  DeletedResourceSchema,
  PathIdSchema,
  pageQuery,
  TimestampSchema,
  trimmedString,
} from "./common.ts";
import { statusData } from "./envelopes.ts";

/**
 * Judges (protocol §8): named, versioned LLM-as-judge configurations with an evaluation goal.
 * Timestamps are ISO strings (the original SDK refuses integers here). Every change makes a new
 * version; `versions` keeps the history, newest last.
 */

/** The goal must say something: the original helpers document at least 10 characters. */
export const MIN_EVALUATION_GOAL_CHARS = 10;
export const MAX_EVALUATION_GOAL_CHARS = 20_000;

const JudgeNameSchema = trimmedString(1, 200);
const EvaluationGoalSchema = trimmedString(
  MIN_EVALUATION_GOAL_CHARS,
  MAX_EVALUATION_GOAL_CHARS,
  `must be at least ${MIN_EVALUATION_GOAL_CHARS} characters`,
);

export const JudgeVersionSchema = z
  .object({
    version: z.number().int(),
    name: z.string(),
    evaluation_goal: z.string(),
    updated_at: TimestampSchema,
    /** Who made this version: the API key's display form (`assay_AbCd…wxyz`). */
    updated_by: z.string(),
    model_id: z.string().optional(),
    model_name: z.string().optional(),
    model_company: z.string().optional(),
  })
  .meta({ id: "JudgeVersion" });
export type JudgeVersion = z.infer<typeof JudgeVersionSchema>;

export const JudgeSchema = z
  .object({
    id: z.string(),
    organization_id: z.string(),
    project_id: z.string(),
    name: z.string(),
    evaluation_goal: z.string(),
    version: z.number().int(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
    /**
     * The judge model; absent (with its name and company) for a judge created without a model
     * while the server had no default judge model: its runs use ASSAY_DEFAULT_JUDGE_MODEL.
     */
    model_id: z.string().optional(),
    model_name: z.string().optional(),
    model_company: z.string().optional(),
    /** Trace evaluations run with this judge. */
    run_count: z.number().int(),
    versions: z.array(JudgeVersionSchema),
    /** Extensions: people's labels (annotations) and how the judge's verdicts agree with them. */
    annotation_count: z.number().int(),
    agreement: AgreementSchema,
  })
  .meta({ id: "Judge" });
export type Judge = z.infer<typeof JudgeSchema>;

export const JudgePathSchema = z.object({
  organization_id: PathIdSchema,
  project_id: PathIdSchema,
  judge_id: PathIdSchema,
});

/**
 * `POST P/judges`. Without `model_id` the server's default judge model (ASSAY_DEFAULT_JUDGE_MODEL)
 * is stored; with none configured the judge has no model until `PATCH` gives it one.
 */
export const CreateJudgeBodySchema = z.strictObject({
  name: JudgeNameSchema,
  evaluation_goal: EvaluationGoalSchema,
  /** A model of the project (catalog or custom), by id or key. */
  model_id: trimmedString(1, 256).optional(),
});
export type CreateJudgeBody = z.infer<typeof CreateJudgeBodySchema>;

export const CreateJudgeResponseSchema = statusData(z.object({ id: z.string() }));

/** `PATCH P/judges/{id}`: the fields to change, at least one. */
export const UpdateJudgeBodySchema = z
  .strictObject({
    name: JudgeNameSchema.optional(),
    evaluation_goal: EvaluationGoalSchema.optional(),
    model_id: trimmedString(1, 256).optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: "give at least one of name, evaluation_goal, model_id",
  })
  // The document says it too, so generated bodies are not refused for being empty.
  .meta({ minProperties: 1 });
export type UpdateJudgeBody = z.infer<typeof UpdateJudgeBodySchema>;

/** The full updated judge: it carries `organization_id`, `project_id` and `id` as §8.4 requires. */
export const UpdateJudgeResponseSchema = statusData(JudgeSchema);

export const DeleteJudgeResponseSchema = statusData(DeletedResourceSchema);

export const ListJudgesQuerySchema = z.object({ ...pageQuery(100, 500) });
export type ListJudgesQuery = z.output<typeof ListJudgesQuerySchema>;

export const ListJudgesResponseSchema = statusData(
  z.object({
    judges: z.array(JudgeSchema),
    count: z.number().int(),
    total_count: z.number().int(),
  }),
);
export type ListJudgesResponse = z.infer<typeof ListJudgesResponseSchema>;

export const GetJudgeResponseSchema = statusData(JudgeSchema);
