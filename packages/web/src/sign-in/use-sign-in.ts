import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { resetClient } from "../api/client.ts";
import { signIn } from "../api/session.ts";

export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { next } = useSearch({ strict: false }) as { next?: unknown };
  return useMutation({
    mutationFn: signIn,
    onSuccess: async () => {
      resetClient();
      queryClient.clear();
      // Back where the visitor was sent from, but only within the dashboard.
      if (typeof next === "string" && next.startsWith("/") && !next.startsWith("//")) {
        await navigate({ href: next });
      } else {
        await navigate({ to: "/evaluations" });
      }
    },
  });
}
