import type { Agreement, Confusion, JudgeAnnotation, VersionAgreement } from "@assay/protocol";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";

/** Most pages of labels read for one judge: 500 labels a page. */
const MAX_PAGES = 100;

export const judgeQuery = (judgeId: string) =>
  queryOptions({
    queryKey: ["judge", judgeId],
    queryFn: ({ signal }) => getClient().judges.get(judgeId, { signal }),
  });

/**
 * The judge's annotation queue, in the order to label (the server orders it: unlabelled traces,
 * then disagreements, then the rest, each oldest first), every trace the judge evaluated.
 */
export const judgeQueueQuery = (judgeId: string) =>
  queryOptions({
    queryKey: ["annotate", judgeId, "queue"],
    queryFn: ({ signal }) => getClient().annotations.queue(judgeId, { signal }),
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
