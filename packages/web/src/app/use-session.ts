import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { getClient, resetClient } from "../api/client.ts";
import { signOut } from "../api/session.ts";

/** Who is signed in: the key's organization and project, or a 401 when nobody is. */
export const sessionQuery = queryOptions({
  queryKey: ["session"],
  queryFn: ({ signal }) => getClient().init({ signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSession() {
  return useQuery(sessionQuery);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      resetClient();
      queryClient.clear();
      await navigate({ to: "/sign-in" });
    },
  });
}
