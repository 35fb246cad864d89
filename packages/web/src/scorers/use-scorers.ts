import type { CreateScorerBody, UpdateScorerBody } from "@assay/protocol";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";

const SCORERS = ["scorers"] as const;

/** The project's scorers: one page of the largest size (a project has a handful). */
export function useScorers() {
  return useQuery({
    queryKey: SCORERS,
    queryFn: ({ signal }) => getClient().scorers.getMany({ pageSize: 500 }, { signal }),
  });
}

export function useCreateScorer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateScorerBody) => getClient().scorers.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCORERS }),
  });
}

export function useUpdateScorer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateScorerBody) => getClient().scorers.update(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCORERS }),
  });
}

export function useDeleteScorer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => getClient().scorers.delete(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SCORERS }),
  });
}
