import type { CreateEvaluationSpaceInput, UpdateEvaluationSpaceInput } from "@assay/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";

const SPACES = ["evaluation-spaces"] as const;
const spaceKey = (id: string) => ["evaluation-space", id] as const;

/** The project's leaderboards, by name (a project rarely has more than a page of 500). */
export function useSpaces() {
  return useQuery({
    queryKey: SPACES,
    queryFn: ({ signal }) =>
      getClient().evaluationSpaces.getMany(
        { sortBy: "name", order: "asc", pageSize: 500 },
        { signal },
      ),
  });
}

/** One leaderboard with its cells (the newest success per model × benchmark, and their runs). */
export function useLeaderboard(id: string) {
  const space = useQuery({
    queryKey: spaceKey(id),
    queryFn: ({ signal }) => getClient().evaluationSpaces.get(id, { signal }),
    retry: false,
  });
  const cells = useQuery({
    queryKey: [...spaceKey(id), "cells"],
    queryFn: ({ signal }) => getClient().evaluationSpaces.getCells(id, { signal }),
    retry: false,
  });
  return { space, cells };
}

/** Create, change or delete a space; every list and board showing spaces is read again. */
export function useSaveSpace() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: SPACES }),
      queryClient.invalidateQueries({ queryKey: ["evaluation-space"] }),
    ]);
  return useMutation({
    mutationFn: (input: { id?: string; body: CreateEvaluationSpaceInput }) => {
      const spaces = getClient().evaluationSpaces;
      return input.id
        ? spaces.update(input.id, input.body as UpdateEvaluationSpaceInput)
        : spaces.create(input.body);
    },
    onSuccess: refresh,
  });
}

export function useDeleteSpace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => getClient().evaluationSpaces.delete(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SPACES }),
  });
}
