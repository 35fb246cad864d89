import type { CreateCustomModelBody, UpdateCustomModelBody } from "@assay/protocol";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";

/** The project's models: its own endpoints first, then the catalog models attached to it. */
export function useProjectModels() {
  return useQuery({
    queryKey: ["models"],
    queryFn: ({ signal }) => getClient().models.get({}, { signal }),
  });
}

/** One model the project can see (catalog or its own); 404 for anything else. */
export function useModel(id: string) {
  return useQuery({
    queryKey: ["models", id],
    queryFn: ({ signal }) => getClient().models.getById(id, { signal }),
  });
}

/**
 * The public catalog matching the search, runnable ones first (the server's order): one page of
 * the largest size, as the view leaves out the models the project has.
 */
export function useCatalog(query: string | undefined) {
  return useQuery({
    queryKey: ["model-catalog", query ?? ""],
    queryFn: ({ signal }) => getClient().public.models.get({ query, page_size: 500 }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** After any change: the models page, its model pages and the evaluation filters' choices. */
function useInvalidateModels() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["models"] }),
      queryClient.invalidateQueries({ queryKey: ["filter-choices"] }),
    ]);
}

/** Attaches a catalog model to the project, or detaches it. */
export function useAttachModel() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: ({ id, attach }: { id: string; attach: boolean }) =>
      attach ? getClient().models.add([id]) : getClient().models.remove([id]),
    onSettled: invalidate,
  });
}

export function useCreateCustomModel() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: (body: CreateCustomModelBody) => getClient().models.createCustom(body),
    onSuccess: invalidate,
  });
}

export function useUpdateCustomModel(id: string) {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: (body: UpdateCustomModelBody) => getClient().models.updateCustom(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteCustomModel() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: (id: string) => getClient().models.deleteCustom(id),
    onSuccess: invalidate,
  });
}
