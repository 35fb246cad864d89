import { z } from "zod";
import { statusData } from "./envelopes.ts";
import { ACCURACY_INTERVALS } from "./evaluations.ts";

/**
 * The planner (extension `POST P/evaluations/plan`): what a create request would cost and tell,
 * before anything is created. It takes the create body as it is and answers one plan per item,
 * with each estimate's basis in words, so a client prints the server's reasoning, not its own.
 */

/** Where the completion-token estimate comes from. */
export const COMPLETION_BASES = ["earlier_run", "typical"] as const;

/** Where the interval's assumed accuracy comes from. */
export const INTERVAL_BASES = ["earlier_run", "worst_case"] as const;

/** `expected`: what the run should give; `bound`: the run's interval will be at most this wide. */
export const INTERVAL_KINDS = ["expected", "bound"] as const;

export const PRICE_SOURCES = ["catalog", "model"] as const;

export const EvaluationPlanSchema = z
  .object({
    model_id: z.string(),
    model_key: z.string(),
    /** The benchmark's id. */
    dataset_id: z.string(),
    /** Prompts the run asks (after `limit`). */
    prompts: z.number().int(),
    repeats: z.number().int(),
    /** Model calls: prompts × repeats (answers from the response cache included). */
    calls: z.number().int(),
    tokens: z.object({
      /** Estimated prompt tokens over every call. */
      prompt: z.number().int(),
      /** Estimated completion tokens over every call (reasoning included). */
      completion: z.number().int(),
      /** The most the answers may use: calls × the token limit sent. */
      completion_max: z.number().int(),
      /** The token limit each call sends (the run's `max_tokens`, else the model's). */
      max_tokens: z.number().int(),
      /** Estimated completion tokens of one answer. */
      completion_per_call: z.number(),
      completion_basis: z.enum(COMPLETION_BASES),
      /** How both token figures were estimated, in words. */
      description: z.string(),
    }),
    cost: z.object({
      /** Estimated USD; null when the model has no prices. */
      usd: z.number().nullable(),
      /** USD if every answer used its whole token limit. */
      max_usd: z.number().nullable(),
      price_source: z.enum(PRICE_SOURCES).nullable(),
      /** USD per token as decimal text, as the model lists them. */
      cost_per_input_token: z.string().nullable(),
      cost_per_output_token: z.string().nullable(),
      /** The run's budget, as asked (null: none). */
      max_cost_usd: z.number().nullable(),
      /** What the estimate covers and leaves out, or why there is none, in words. */
      description: z.string(),
    }),
    ci95: z.object({
      /** Expected half-width of the run's 95% accuracy interval (0–1 scale). */
      half_width: z.number(),
      kind: z.enum(INTERVAL_KINDS),
      basis: z.enum(INTERVAL_BASES),
      /** The interval the run will report: Wilson's (one answer per prompt) or clustered. */
      method: z.enum(ACCURACY_INTERVALS),
      /** The accuracy assumed (an earlier run's, or 0.5: the widest). */
      accuracy: z.number(),
      /** Variance of prompts' true pass rates, and mean variance of one prompt's answers. */
      between_prompt_variance: z.number().nullable(),
      within_prompt_variance: z.number().nullable(),
      description: z.string(),
    }),
    /** The project's latest successful run of this model on this benchmark, when there is one. */
    earlier_run: z
      .object({
        id: z.string(),
        accuracy: z.number(),
        /** Answers it stored. */
        answers: z.number().int(),
        repeats: z.number().int(),
        finished_at: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: "EvaluationPlan" });
export type EvaluationPlan = z.infer<typeof EvaluationPlanSchema>;

/** One plan per item of the create body, in its order. */
export const PlanEvaluationsResponseSchema = statusData(z.array(EvaluationPlanSchema));
export type PlanEvaluationsResponse = z.infer<typeof PlanEvaluationsResponseSchema>;
