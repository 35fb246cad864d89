import type {
  Agreement,
  Confusion,
  JudgeAnnotation,
  TraceEvaluation,
  VersionAgreement,
} from "@assay/protocol";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";

/** Most pages read for one judge's queue: 100 evaluations or 500 labels a page. */
const MAX_PAGES = 100;

export const judgeQuery = (judgeId: string) =>
  queryOptions({
    queryKey: ["judge", judgeId],
    queryFn: ({ signal }) => getClient().judges.get(judgeId, { signal }),
  });

/** Every trace evaluation of the judge, page after page (the queue is built from all of them). */
export const judgeEvaluationsQuery = (judgeId: string) =>
  queryOptions({
    queryKey: ["annotate", judgeId, "evaluations"],
    queryFn: async ({ signal }) => {
      const all: TraceEvaluation[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const got = await getClient().traceEvaluations.getMany(
          { judgeId, page, pageSize: 100 },
          { signal },
        );
        all.push(...got.traceEvaluations);
        if (page >= got.pagination.totalPages) break;
      }
      return all;
    },
  });

export interface JudgeLabels {
  labels: JudgeAnnotation[];
  byTrace: ReadonlyMap<string, JudgeAnnotation>;
  agreement: Agreement;
  confusion: Confusion;
  byVersion: VersionAgreement[];
}

/**
 * The judge's labels beside its verdicts, with the server's agreement figures: the agreement,
 * the 2×2 table and each version's agreement come with the first page.
 */
export const judgeLabelsQuery = (judgeId: string) =>
  queryOptions({
    queryKey: ["annotate", judgeId, "labels"],
    queryFn: async ({ signal }): Promise<JudgeLabels> => {
      const first = await getClient().annotations.listForJudge(
        judgeId,
        { page: 1, pageSize: 500 },
        { signal },
      );
      const labels: JudgeAnnotation[] = [...first.annotations];
      for (let page = 2; page <= Math.min(first.pagination.totalPages, MAX_PAGES); page++) {
        const got = await getClient().annotations.listForJudge(
          judgeId,
          { page, pageSize: 500 },
          { signal },
        );
        labels.push(...got.annotations);
      }
      return {
        labels,
        byTrace: new Map(labels.map((label) => [label.trace_id, label])),
        agreement: first.agreement,
        confusion: first.confusion,
        byVersion: first.byVersion,
      };
    },
  });

/** A trace and a verdict never change once read: kept for the session, prefetched ahead. */
export const traceQuery = (traceId: string) =>
  queryOptions({
    queryKey: ["trace", traceId],
    queryFn: ({ signal }) => getClient().traces.get(traceId, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const verdictQuery = (evaluationId: string) =>
  queryOptions({
    queryKey: ["trace-evaluation-result", evaluationId],
    queryFn: async ({ signal }) =>
      (await getClient().traceEvaluations.getResults(evaluationId, { signal })) ?? null,
    // A verdict still to come is asked for again; one that exists never changes.
    staleTime: (query) => (query.state.data ? Number.POSITIVE_INFINITY : 0),
  });

export function useJudge(judgeId: string) {
  return useQuery(judgeQuery(judgeId));
}
