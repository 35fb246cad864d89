import {
  type Agreement,
  type Annotation,
  type AnnotationQueueItem,
  type AnnotationQueueQuery,
  type Confusion,
  type ImportAnnotationsBody,
  type JudgeAnnotation,
  type ListJudgeAnnotationsQuery,
  type PutAnnotationBody,
  QUEUE_STATES,
  type VersionAgreement,
} from "@assay/protocol";
import { notFound } from "../../app-error.ts";
import type { TraceEvaluationRow } from "../../platform/db/schema.ts";
import type { AuthContext, ProjectScope } from "../../tenancy.ts";
import { authorOf } from "../judges/author.ts";
import { createJudgeRepository } from "../judges/repository.ts";
import { createTraceEvaluationRepository } from "../trace-evaluations/repository.ts";
import {
  createTraceEvaluationService,
  type TraceEvaluationServiceDeps,
} from "../trace-evaluations/service.ts";
import { agreementCounts, agreementOf, confusionOf } from "./agreement-query.ts";
import { type ImportCounts, importAnnotations } from "./import-annotations.ts";
import type { LabelStamp } from "./label-row.ts";
import { labelRow } from "./label-row.ts";
import { createAnnotationQueueRepository } from "./queue-repository.ts";
import { createAnnotationRepository } from "./repository.ts";
import { toAnnotation, toJudgeAnnotation } from "./to-annotation.ts";
import { agreementByVersion } from "./version-agreement.ts";

/** Creating evaluations for an import needs what creating them over HTTP needs. */
export type AnnotationServiceDeps = TraceEvaluationServiceDeps;

/**
 * Annotations: people's labels of what a judge should say about a trace, one per (judge, trace).
 * The single-label routes go through one of the judge's trace evaluations of the trace (the one
 * a reviewer is looking at); another tenant's evaluation is as unknown as a missing one (404).
 */
export function createAnnotationService(deps: AnnotationServiceDeps) {
  const repo = createAnnotationRepository(deps.db);
  const queue = createAnnotationQueueRepository(deps.db);
  const judges = createJudgeRepository(deps.db);
  const traceEvaluationRows = createTraceEvaluationRepository(deps.db);
  const traceEvaluations = createTraceEvaluationService(deps);

  async function evaluationOf(scope: ProjectScope, id: string): Promise<TraceEvaluationRow> {
    const row = await traceEvaluationRows.find(scope, id);
    if (!row) throw notFound("trace evaluation");
    return row;
  }

  async function stampOf(auth: AuthContext): Promise<LabelStamp> {
    return { at: deps.clock.now().toISOString(), by: await authorOf(deps.db, auth) };
  }

  return {
    /** Puts the label of the evaluation's (judge, trace), replacing any earlier one. */
    async put(
      scope: ProjectScope,
      auth: AuthContext,
      traceEvaluationId: string,
      body: PutAnnotationBody,
    ): Promise<Annotation> {
      const evaluation = await evaluationOf(scope, traceEvaluationId);
      const row = labelRow(scope, evaluation, evaluation.id, body, await stampOf(auth));
      await repo.upsert(deps.db, [row]);
      const stored = await repo.findByPair(scope, evaluation);
      // Only a concurrent delete of the same label gets here.
      if (!stored) throw notFound("annotation");
      return toAnnotation(stored);
    },

    /** The label of the evaluation's (judge, trace); 404 when there is none. */
    async get(scope: ProjectScope, traceEvaluationId: string): Promise<Annotation> {
      const evaluation = await evaluationOf(scope, traceEvaluationId);
      const row = await repo.findByPair(scope, evaluation);
      if (!row) throw notFound("annotation");
      return toAnnotation(row);
    },

    /** Removes the label of the evaluation's (judge, trace); answers the label's id. */
    async delete(scope: ProjectScope, traceEvaluationId: string): Promise<string> {
      const evaluation = await evaluationOf(scope, traceEvaluationId);
      const id = await repo.deleteByPair(scope, evaluation);
      if (id === undefined) throw notFound("annotation");
      return id;
    },

    async import(
      scope: ProjectScope,
      auth: AuthContext,
      body: ImportAnnotationsBody,
    ): Promise<ImportCounts> {
      return importAnnotations(
        { db: deps.db, annotations: repo, judges, traceEvaluations, traceEvaluationRows },
        scope,
        body,
        await stampOf(auth),
      );
    },

    /**
     * A page of the judge's labels, newest first, beside its verdicts; with the agreement, its
     * 2×2 table and the agreement of each judge version.
     */
    async listForJudge(
      scope: ProjectScope,
      judgeId: string,
      query: ListJudgeAnnotationsQuery,
    ): Promise<{
      annotations: JudgeAnnotation[];
      count: number;
      total: number;
      agreement: Agreement;
      confusion: Confusion;
      by_version: VersionAgreement[];
    }> {
      if (!(await judges.find(scope, judgeId))) throw notFound("judge");
      const [rows, counts, byVersion] = await Promise.all([
        repo.listForJudge(scope, judgeId, { page: query.page, pageSize: query.page_size }),
        agreementCounts(deps.db, [judgeId]),
        agreementByVersion(deps.db, scope, judgeId),
      ]);
      const agreement = agreementOf(counts.get(judgeId));
      return {
        annotations: rows.map(toJudgeAnnotation),
        count: rows.length,
        total: agreement.annotation_count,
        agreement,
        confusion: confusionOf(counts.get(judgeId)),
        by_version: byVersion,
      };
    },

    /** A page of the judge's annotation queue, in the order to label (queue-repository.ts). */
    async queue(
      scope: ProjectScope,
      judgeId: string,
      query: AnnotationQueueQuery,
    ): Promise<{ items: AnnotationQueueItem[]; count: number; total: number }> {
      if (!(await judges.find(scope, judgeId))) throw notFound("judge");
      const [rows, total] = await Promise.all([
        queue.page(scope, judgeId, { page: query.page, pageSize: query.page_size }),
        queue.total(scope, judgeId),
      ]);
      const items = rows.map((row) => ({
        trace_id: row.trace_id,
        trace_evaluation_id: row.trace_evaluation_id,
        state: QUEUE_STATES[Number(row.state)] as AnnotationQueueItem["state"],
      }));
      return { items, count: items.length, total };
    },
  };
}

export type AnnotationService = ReturnType<typeof createAnnotationService>;
