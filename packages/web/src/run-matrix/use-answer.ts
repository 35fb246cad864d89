import { useQuery } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";

/** One cell's answer, read when the cell is opened and kept: answers do not change once given. */
export function useAnswer(evaluationId: string, promptId: string) {
  return useQuery({
    queryKey: ["prompt-answer", evaluationId, promptId],
    queryFn: ({ signal }) =>
      getClient().public.comparisons.answer(evaluationId, promptId, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
