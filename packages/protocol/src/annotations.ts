import { z } from "zod";
import { DeletedResourceSchema, PathIdSchema, pageQuery, TimestampSchema } from "./common.ts";
import { statusData } from "./envelopes.ts";
import { IntervalSchema } from "./evaluations.ts";

/**
 * Annotations (Assay extension): a person's label on what a judge should say about a trace. One
 * label per (judge, trace): it is put through one of that judge's trace evaluations of the trace,
 * and a later put replaces it. A judge's agreement compares each label with the judge's latest
 * verdict on the trace; its optimization needs at least MIN_OPTIMIZATION_ANNOTATIONS labels.
 */

export const MAX_ANNOTATION_COMMENT_CHARS = 5_000;
export const MAX_ANNOTATIONS_PER_IMPORT = 10_000;

export const AnnotationSchema = z
  .object({
    id: z.string(),
    organization_id: z.string(),
    project_id: z.string(),
    judge_id: z.string(),
    trace_id: z.string(),
    /** The trace evaluation the label was put through (the latest, for an import). */
    trace_evaluation_id: z.string(),
    passed: z.boolean(),
    /** 0–1, when the person gave one. */
    score: z.number().optional(),
    comment: z.string().optional(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
    /** The API key's display form. */
    created_by: z.string(),
  })
  .meta({ id: "Annotation" });
export type Annotation = z.infer<typeof AnnotationSchema>;

/**
 * How well a judge's verdicts agree with the labels. Only labels whose trace has a verdict of the
 * judge count (`compared`); the figures are null while none does. Accuracy's interval is Wilson's;
 * κ's is the large-sample normal interval (Fleiss, Cohen & Everitt standard error), widened where
 * needed to Cohen's (1960) κ over Wilson's interval of the observed agreement, so it is never
 * zero-width. κ is null when undefined: no labels compared, or every label (or every verdict) is
 * the same answer, which makes κ 0 whatever the other side does; `kappa_undefined_reason` says
 * which.
 */
export const AgreementSchema = z
  .object({
    annotation_count: z.number().int(),
    compared: z.number().int(),
    agreements: z.number().int(),
    accuracy: z.number().nullable(),
    accuracy_interval: IntervalSchema.nullable(),
    kappa: z.number().nullable(),
    kappa_interval: IntervalSchema.nullable(),
    /** Extension: why `kappa` is null, for a person ("every label is pass"); absent otherwise. */
    kappa_undefined_reason: z.string().optional(),
  })
  .meta({ id: "Agreement" });
export type Agreement = z.infer<typeof AgreementSchema>;

export const AnnotationPathSchema = z.object({
  organization_id: PathIdSchema,
  project_id: PathIdSchema,
  trace_evaluation_id: PathIdSchema,
});

const CommentSchema = z.string().trim().max(MAX_ANNOTATION_COMMENT_CHARS);
const ScoreSchema = z.number().min(0).max(1);

/** `PUT P/trace-evaluations/{id}/annotation`. */
export const PutAnnotationBodySchema = z.strictObject({
  passed: z.boolean(),
  score: ScoreSchema.optional(),
  comment: CommentSchema.optional(),
});
export type PutAnnotationBody = z.infer<typeof PutAnnotationBodySchema>;

export const AnnotationResponseSchema = statusData(AnnotationSchema);
export const DeleteAnnotationResponseSchema = statusData(DeletedResourceSchema);

/** One line of an import file (JSONL) as the client sends it. */
export const AnnotationImportItemSchema = z.strictObject({
  trace_id: PathIdSchema,
  judge_id: PathIdSchema,
  passed: z.boolean(),
  score: ScoreSchema.optional(),
  comment: CommentSchema.optional(),
});
export type AnnotationImportItem = z.infer<typeof AnnotationImportItemSchema>;

/**
 * `POST P/annotations/import`: all or nothing. A (trace, judge) pair without a trace evaluation
 * gets one, queued to run, so the judge's verdict can be compared with the label.
 */
export const ImportAnnotationsBodySchema = z.strictObject({
  annotations: z.array(AnnotationImportItemSchema).min(1).max(MAX_ANNOTATIONS_PER_IMPORT),
});
export type ImportAnnotationsBody = z.infer<typeof ImportAnnotationsBodySchema>;

export const ImportAnnotationsResponseSchema = statusData(
  z.object({
    created: z.number().int(),
    updated: z.number().int(),
    trace_evaluations_created: z.number().int(),
  }),
);

/** A label beside the judge's latest verdict on the trace (absent while it has none). */
export const JudgeAnnotationSchema = AnnotationSchema.extend({
  judge_passed: z.boolean().optional(),
  judge_score: z.number().optional(),
  /** Why the judge said so: what a reviewer reads beside the label. */
  judge_reasoning: z.string().optional(),
  agrees: z.boolean().optional(),
}).meta({ id: "JudgeAnnotation" });
export type JudgeAnnotation = z.infer<typeof JudgeAnnotationSchema>;

export const JudgeAnnotationsPathSchema = z.object({
  organization_id: PathIdSchema,
  project_id: PathIdSchema,
  judge_id: PathIdSchema,
});

/** `GET P/judges/{id}/annotations`: newest first. */
export const ListJudgeAnnotationsQuerySchema = z.object({ ...pageQuery(100, 500) });
export type ListJudgeAnnotationsQuery = z.output<typeof ListJudgeAnnotationsQuerySchema>;

/**
 * The 2×2 table the agreement is computed from: the compared labels counted by the person's label
 * and the judge's latest verdict (`human_pass_judge_fail`: the person passed, the judge failed).
 */
export const ConfusionSchema = z
  .object({
    human_pass_judge_pass: z.number().int(),
    human_pass_judge_fail: z.number().int(),
    human_fail_judge_pass: z.number().int(),
    human_fail_judge_fail: z.number().int(),
  })
  .meta({ id: "Confusion" });
export type Confusion = z.infer<typeof ConfusionSchema>;

/**
 * The agreement of one version of the judge: each label compared with that version's latest
 * verdict on the trace (a trace evaluation records the judge version it ran with), so versions
 * are compared on the traces each of them judged. `annotation_count` equals `compared` here.
 */
export const VersionAgreementSchema = AgreementSchema.extend({
  judge_version: z.number().int(),
}).meta({ id: "VersionAgreement" });
export type VersionAgreement = z.infer<typeof VersionAgreementSchema>;

export const ListJudgeAnnotationsResponseSchema = statusData(
  z.object({
    annotations: z.array(JudgeAnnotationSchema),
    count: z.number().int(),
    total: z.number().int(),
    agreement: AgreementSchema,
    /** Extension: the table behind `agreement`. */
    confusion: ConfusionSchema,
    /** Extension: the agreement of each judge version that judged a labelled trace, oldest first. */
    by_version: z.array(VersionAgreementSchema),
  }),
);

/** Where a trace stands in a judge's annotation queue, in queue order. */
export const QUEUE_STATES = ["unlabelled", "disagrees", "labelled"] as const;

/** One trace of a judge's annotation queue. */
export const AnnotationQueueItemSchema = z
  .object({
    trace_id: z.string(),
    /** What a label is put through: the newest evaluation with a verdict, else the newest. */
    trace_evaluation_id: z.string(),
    /** `disagrees`: labelled, and the judge's latest verdict says otherwise. */
    state: z.enum(QUEUE_STATES),
  })
  .meta({ id: "AnnotationQueueItem" });
export type AnnotationQueueItem = z.infer<typeof AnnotationQueueItemSchema>;

/**
 * `GET P/judges/{id}/annotation-queue` (extension): every trace the judge evaluated, one item per
 * trace, unlabelled first, then disagreements, then the rest; each group oldest first.
 */
export const AnnotationQueueQuerySchema = z.object({ ...pageQuery(1000, 10000) });
export type AnnotationQueueQuery = z.output<typeof AnnotationQueueQuerySchema>;

export const AnnotationQueueResponseSchema = statusData(
  z.object({
    items: z.array(AnnotationQueueItemSchema),
    /** Items on this page. */
    count: z.number().int(),
    /** Traces in the queue. */
    total: z.number().int(),
  }),
);
