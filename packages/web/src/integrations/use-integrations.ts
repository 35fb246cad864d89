import type { CreateIntegrationInput, UpdateIntegrationInput } from "@assay/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getClient } from "../api/client.ts";

const INTEGRATIONS = ["integrations"] as const;
const deliveriesKey = (id: string) => [...INTEGRATIONS, id, "deliveries"] as const;

/** How often an open delivery log is read again: retries go on in the background for a day. */
const LOG_REFRESH_MS = 5000;

/** The organization's integrations: at most 100, so one page holds them all. */
export function useIntegrations() {
  return useQuery({
    queryKey: INTEGRATIONS,
    queryFn: ({ signal }) => getClient().integrations.getMany({ pageSize: 500 }, { signal }),
  });
}

/** The latest attempts to deliver to one integration, newest first. */
export function useDeliveries(id: string) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: ({ signal }) => getClient().integrations.deliveries(id, { pageSize: 50 }, { signal }),
    refetchInterval: LOG_REFRESH_MS,
  });
}

/** Creating answers the signing secret: the page shows it from the mutation's data, once. */
export function useCreateIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateIntegrationInput) => getClient().integrations.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS, exact: true }),
  });
}

export function useUpdateIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateIntegrationInput }) =>
      getClient().integrations.update(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS, exact: true }),
  });
}

/** The deleted integration's log goes with it: read again, it would be a 404. */
export function useDeleteIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => getClient().integrations.delete(id),
    onSuccess: (_deleted, id) => queryClient.removeQueries({ queryKey: deliveriesKey(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS, exact: true }),
  });
}

/** A test changes the integration's status and adds an attempt to its log: both are read again. */
export function useTestIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => getClient().integrations.test(id),
    onSettled: (_result, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: INTEGRATIONS, exact: true }),
        queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
      ]),
  });
}
